// Package server is annad's JSON-RPC 2.0 transport on a Unix socket: one
// JSON object per line, identity from SO_PEERCRED once per connection, an
// access level checked before every method, and limits so that no client —
// slow, hostile or just forgetful — can block others or crash the daemon.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// Handler runs one method. params is the raw params member (nil when
// absent). A returned *rpc.Error is sent as is; context errors become
// timeout errors; anything else is logged and sent as an internal error.
type Handler func(ctx context.Context, params json.RawMessage) (any, error)

// Method is an entry of the method table: every method declares its access.
type Method struct {
	Access peer.Access
	// Action is the polkit action an admin method requires of a member of
	// the socket group (one of package polkit's Action constants); root
	// needs none. Only admin methods name one.
	Action string
	// Validate, when set, checks params before polkit is asked, so a
	// malformed request is refused without a password prompt. The handler
	// still gets the raw params.
	Validate func(params json.RawMessage) error
	Handle   Handler
	// Polled methods (progress, four calls a second per request) are logged
	// at debug level so they do not flood the journal; errors still show.
	Polled bool
}

// Options configure a Server. Zero limits take the documented defaults.
type Options struct {
	Methods map[string]Method
	Policy  peer.Policy
	// Polkit decides admin calls of group members; nil refuses them (only
	// root passes admin).
	Polkit Authority
	// PolkitTimeout bounds one polkit check (default polkit.Timeout, or
	// rpc.PromptTimeout when the request allows a prompt).
	PolkitTimeout time.Duration
	Layout        dirs.Layout
	Logger        *slog.Logger
	// MaxConns bounds concurrent connections (default 64); one more is
	// told it is busy and closed. Root and annad's own uid may open
	// RootReserve more.
	MaxConns int
	// MaxConnsPerUID bounds the connections of one non-root uid (default
	// 16, at most MaxConns), so one member cannot take every slot.
	MaxConnsPerUID int
	// IdleTimeout closes a connection that sends no request and has nothing
	// in flight for this long (default 2m). Blank lines, half lines and
	// unparseable lines are not requests.
	IdleTimeout time.Duration
	// LineTimeout bounds the time from the first byte of a line to its
	// newline (default 10s, at most IdleTimeout), so a client trickling
	// bytes cannot hold a slot.
	LineTimeout time.Duration
	// MaxInFlight bounds concurrent requests on one connection (default 16).
	MaxInFlight int
	// WriteTimeout bounds writing one response; a client that does not read
	// is disconnected (default 10s).
	WriteTimeout time.Duration
	// ShutdownGrace is how long Shutdown, after canceling what is left,
	// waits for handlers to send their canceled replies before it closes
	// the connections (default 1s).
	ShutdownGrace time.Duration

	// identify reads a connection's identity at accept time; tests replace
	// it. Nil means peer.Credentials.
	identify func(*net.UnixConn) (peer.Identity, error)
}

// Server serves the method table on Unix listeners.
type Server struct {
	opt Options
	log *slog.Logger

	base   context.Context // parent of every request; canceled last on shutdown
	cancel context.CancelFunc

	admission *admission
	refusers  chan struct{} // one per goroutine telling a refused client why
	stopping  atomic.Bool
	requests  sync.WaitGroup // handlers in flight
	connsWG   sync.WaitGroup

	mu        sync.Mutex
	listeners []net.Listener
	conns     map[*conn]struct{}

	refusedMu     sync.Mutex
	refused       int
	refusedLogged time.Time
}

// New returns a server for opt.
func New(opt Options) *Server {
	if opt.MaxConns <= 0 {
		opt.MaxConns = 64
	}
	if opt.MaxConnsPerUID <= 0 {
		opt.MaxConnsPerUID = 16
	}
	if opt.IdleTimeout <= 0 {
		opt.IdleTimeout = 2 * time.Minute
	}
	if opt.LineTimeout <= 0 {
		opt.LineTimeout = 10 * time.Second
	}
	opt.LineTimeout = min(opt.LineTimeout, opt.IdleTimeout)
	if opt.MaxInFlight <= 0 {
		opt.MaxInFlight = 16
	}
	if opt.WriteTimeout <= 0 {
		opt.WriteTimeout = 10 * time.Second
	}
	if opt.ShutdownGrace <= 0 {
		opt.ShutdownGrace = time.Second
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.identify == nil {
		opt.identify = peer.Credentials
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Server{
		opt: opt, log: opt.Logger, base: ctx, cancel: cancel,
		admission: newAdmission(opt.MaxConns, opt.MaxConnsPerUID),
		refusers:  make(chan struct{}, refusers),
		conns:     make(map[*conn]struct{}),
	}
}

// ErrServerClosed is returned by Serve after Shutdown.
var ErrServerClosed = errors.New("server closed")

// Serve accepts connections on ln until Shutdown. It always returns a
// non-nil error: ErrServerClosed after Shutdown.
func (s *Server) Serve(ln *net.UnixListener) error {
	s.mu.Lock()
	if s.stopping.Load() {
		s.mu.Unlock()
		// Shutdown came first: it could not close ln, so Serve must, or
		// the kernel would keep accepting connections nobody serves.
		_ = ln.Close()
		return ErrServerClosed
	}
	s.listeners = append(s.listeners, ln)
	s.mu.Unlock()
	var delay time.Duration
	for {
		c, err := ln.AcceptUnix()
		if err != nil {
			if s.stopping.Load() {
				return ErrServerClosed
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() || temporary(err) {
				// EMFILE and friends: back off instead of spinning.
				delay = min(max(2*delay, 5*time.Millisecond), time.Second)
				s.log.Warn("accept failed, retrying", "err", err, "delay", delay)
				time.Sleep(delay)
				continue
			}
			return err
		}
		delay = 0
		s.admit(c)
	}
}

// admit reads who is connecting and either starts serving the connection or
// refuses it. It runs on the accept loop, so it does only a getsockopt and
// a map update before handing the connection off.
func (s *Server) admit(c *net.UnixConn) {
	defer func() {
		if p := recover(); p != nil {
			_ = c.Close()
			s.log.Error("recovered from a panic", "where", "accept", "panic", clip(fmt.Sprint(p), 512))
		}
	}()
	id, err := s.opt.identify(c)
	if err != nil {
		s.log.Warn("connection dropped", "err", err)
		_ = c.Close()
		return
	}
	priv := s.privileged(id)
	if why := s.admission.admit(id.UID, priv); why != nil {
		s.refuse(c, why)
		return
	}
	s.mu.Lock()
	if s.stopping.Load() {
		s.mu.Unlock()
		s.admission.leave(id.UID, priv)
		_ = c.Close()
		return
	}
	s.connsWG.Add(1) // under s.mu, so Shutdown's Wait never races it
	s.mu.Unlock()
	go s.serveConn(c, id, priv)
}

// privileged reports whether id gets the root reserve and no per-uid limit.
func (s *Server) privileged(id peer.Identity) bool {
	return id.IsRoot() || id.UID == s.opt.Policy.DaemonUID
}

// temporary reports resource exhaustion worth retrying after a pause
// (EMFILE, ENFILE, ENOBUFS, ENOMEM, ECONNABORTED).
func temporary(err error) bool {
	for _, e := range []error{syscall.EMFILE, syscall.ENFILE, syscall.ENOBUFS, syscall.ENOMEM, syscall.ECONNABORTED} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// begin registers a request unless the server is stopping. Registration
// and the stopping flag share s.mu so Shutdown's Wait never races an Add.
func (s *Server) begin() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopping.Load() {
		return false
	}
	s.requests.Add(1)
	return true
}

// Shutdown stops accepting, lets requests in flight finish until ctx ends,
// then cancels what is left and closes every connection. New requests on
// open connections get a shutting_down error meanwhile.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.stopping.Store(true)
	for _, ln := range s.listeners {
		_ = ln.Close()
	}
	s.mu.Unlock()

	done := make(chan struct{})
	go func() { s.requests.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = ctx.Err()
	}
	s.cancel()
	// Canceled handlers still owe their clients a shutting_down reply;
	// give them a moment to send it before the connections go.
	grace := time.NewTimer(s.opt.ShutdownGrace)
	select {
	case <-done:
	case <-grace.C:
	}
	grace.Stop()
	s.mu.Lock()
	for c := range s.conns {
		_ = c.nc.Close()
	}
	s.mu.Unlock()
	s.connsWG.Wait()
	return err
}
