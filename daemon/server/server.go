// Package server is annad's JSON-RPC 2.0 transport on a Unix socket: one
// JSON object per line, identity from SO_PEERCRED once per connection, an
// access level checked before every method, and limits so that no client —
// slow, hostile or just forgetful — can block others or crash the daemon.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Handler runs one method. params is the raw params member (nil when
// absent). A returned *rpc.Error is sent as is; context errors become
// timeout errors; anything else is logged and sent as an internal error.
type Handler func(ctx context.Context, params json.RawMessage) (any, error)

// Method is an entry of the method table: every method declares its access.
type Method struct {
	Access peer.Access
	Handle Handler
	// Polled methods (progress, four calls a second per request) are logged
	// at debug level so they do not flood the journal; errors still show.
	Polled bool
}

// Options configure a Server. Zero limits take the documented defaults.
type Options struct {
	Methods map[string]Method
	Policy  peer.Policy
	Layout  dirs.Layout
	Logger  *slog.Logger
	// MaxConns bounds concurrent connections (default 64); one more is
	// told it is busy and closed.
	MaxConns int
	// IdleTimeout closes a connection that sends nothing and has nothing
	// in flight for this long (default 2m).
	IdleTimeout time.Duration
	// MaxInFlight bounds concurrent requests on one connection (default 16).
	MaxInFlight int
	// WriteTimeout bounds writing one response; a client that does not read
	// is disconnected (default 10s).
	WriteTimeout time.Duration
}

// Server serves the method table on Unix listeners.
type Server struct {
	opt Options
	log *slog.Logger

	base   context.Context // parent of every request; canceled last on shutdown
	cancel context.CancelFunc

	slots    chan struct{} // one per open connection
	stopping atomic.Bool
	requests sync.WaitGroup // handlers in flight
	connsWG  sync.WaitGroup

	mu        sync.Mutex
	listeners []net.Listener
	conns     map[*conn]struct{}
}

// New returns a server for opt.
func New(opt Options) *Server {
	if opt.MaxConns <= 0 {
		opt.MaxConns = 64
	}
	if opt.IdleTimeout <= 0 {
		opt.IdleTimeout = 2 * time.Minute
	}
	if opt.MaxInFlight <= 0 {
		opt.MaxInFlight = 16
	}
	if opt.WriteTimeout <= 0 {
		opt.WriteTimeout = 10 * time.Second
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Server{
		opt: opt, log: opt.Logger, base: ctx, cancel: cancel,
		slots: make(chan struct{}, opt.MaxConns),
		conns: make(map[*conn]struct{}),
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
		select {
		case s.slots <- struct{}{}:
			s.connsWG.Add(1)
			go s.serveConn(c)
		default:
			s.refuse(c)
		}
	}
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

// refuse tells a connection over the limit why it is being closed.
func (s *Server) refuse(c *net.UnixConn) {
	defer c.Close()
	s.log.Warn("connection refused: too many connections", "max", s.opt.MaxConns)
	_ = c.SetWriteDeadline(time.Now().Add(time.Second))
	e := rpc.Errorf(rpc.KindBusy, "cannot accept the connection: annad already serves %d connections", s.opt.MaxConns).
		WithHint("retry in a moment; if this persists, another program may be holding connections open")
	line, _ := json.Marshal(rpc.Response{JSONRPC: rpc.Version2, ID: json.RawMessage("null"), Error: e})
	_, _ = c.Write(append(line, '\n'))
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
	s.mu.Lock()
	for c := range s.conns {
		_ = c.nc.Close()
	}
	s.mu.Unlock()
	s.connsWG.Wait()
	return err
}
