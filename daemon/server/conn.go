package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// conn is one client connection.
type conn struct {
	s  *Server
	nc *net.UnixConn
	id peer.Identity

	wmu sync.Mutex // one response line at a time

	mu         sync.Mutex
	inflight   int
	lastActive time.Time // last request read or answered; the idle clock
	handlers   sync.WaitGroup
}

func (s *Server) serveConn(nc *net.UnixConn, id peer.Identity, privileged bool) {
	defer s.connsWG.Done()
	defer s.admission.leave(id.UID, privileged)
	defer func() {
		// Drained first: closing with unread data would reset the client
		// before it reads the last reply.
		_ = nc.CloseWrite()
		drainReadable(nc)
		_ = nc.Close()
	}()
	defer s.recoverLog("connection")

	c := &conn{s: s, nc: nc, id: id.WithProcess(nc, s.opt.Layout), lastActive: time.Now()}
	s.mu.Lock()
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
	}()

	// Requests live as long as the connection: a client aborts by hanging up.
	ctx, cancel := context.WithCancel(peer.WithIdentity(s.base, c.id))
	defer func() {
		// Also after a panic: handlers use c until they return.
		cancel()
		c.handlers.Wait()
	}()
	c.readLoop(ctx)
	c.drain(ctx, cancel)
}

// readLoop reads request lines until EOF, an error, an idle timeout, a line
// that takes too long to arrive, or an oversized line. Only requests count
// as activity: blank lines, half lines and garbage do not move the idle
// clock, so none of them can keep a connection open.
func (c *conn) readLoop(ctx context.Context) {
	lr := newLineReader(c.nc, rpc.MaxRequestBytes)
	deadline := func() time.Time { return c.readDeadline(lr) }
	for {
		line, err := lr.next(deadline)
		switch {
		case err == nil:
		case errors.Is(err, os.ErrDeadlineExceeded):
			if lr.overdue(c.s.opt.LineTimeout) {
				c.send(errorResponse(nil, rpc.Errorf(rpc.KindInvalidRequest,
					"cannot read request: the line did not end within %s", c.s.opt.LineTimeout).
					WithHint("send each request as one complete line ending in a newline")))
				return
			}
			if c.idle() {
				return
			}
			continue
		case errors.Is(err, errLineTooLong):
			c.send(errorResponse(nil, rpc.Errorf(rpc.KindInvalidRequest,
				"cannot read request: line longer than %d bytes", rpc.MaxRequestBytes).
				WithHint("send one JSON object per line, at most 1 MiB")))
			return
		default:
			return // EOF, reset, or closed by Shutdown
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		c.handleLine(ctx, line)
	}
}

// readDeadline is when the next read gives up: the end of the idle period
// (from the last request, or from now while requests are in flight), and
// sooner if a line has started and must end within the line timeout.
func (c *conn) readDeadline(lr *lineReader) time.Time {
	c.mu.Lock()
	d := c.lastActive.Add(c.s.opt.IdleTimeout)
	if c.inflight > 0 {
		d = time.Now().Add(c.s.opt.IdleTimeout)
	}
	c.mu.Unlock()
	if !lr.started.IsZero() {
		d = minTime(d, lr.started.Add(c.s.opt.LineTimeout))
	}
	return d
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// idle reports whether nothing is in flight and no request came or was
// answered for IdleTimeout.
func (c *conn) idle() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.inflight == 0 && time.Since(c.lastActive) >= c.s.opt.IdleTimeout
}

// touch restarts the idle clock; a request read and a request answered are
// the only things that do.
func (c *conn) touch() {
	c.mu.Lock()
	c.lastActive = time.Now()
	c.mu.Unlock()
}

// drain waits for the handlers of a connection whose read side ended. A
// client that only shut down its write side (socat, `nc -N`) still gets its
// answers; one that closed completely cancels what it started.
func (c *conn) drain(ctx context.Context, cancel context.CancelFunc) {
	done := make(chan struct{})
	go func() { c.handlers.Wait(); close(done) }()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-ctx.Done():
			return
		case <-tick.C:
			if c.hungUp() {
				cancel()
				return
			}
		}
	}
}

// hungUp reports whether the peer closed both directions (POLLHUP), as
// opposed to a half-close after its last request (only POLLRDHUP).
func (c *conn) hungUp() bool {
	raw, err := c.nc.SyscallConn()
	if err != nil {
		return true
	}
	hup := false
	cerr := raw.Control(func(fd uintptr) {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN | unix.POLLRDHUP}}
		if n, err := unix.Poll(fds, 0); err == nil && n > 0 {
			hup = fds[0].Revents&(unix.POLLHUP|unix.POLLERR) != 0
		}
	})
	return cerr != nil || hup
}

// acquire reserves a slot for one more request in flight.
func (c *conn) acquire() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.inflight >= c.s.opt.MaxInFlight {
		return false
	}
	c.inflight++
	c.handlers.Add(1)
	return true
}

func (c *conn) release() {
	c.mu.Lock()
	c.inflight--
	c.lastActive = time.Now()
	c.mu.Unlock()
	c.handlers.Done()
}

// send writes one response line. A client that does not read within the
// write timeout is disconnected rather than allowed to hold a goroutine.
func (c *conn) send(resp *rpc.Response) {
	line, err := json.Marshal(resp)
	if err != nil {
		c.s.log.Error("cannot encode response", "err", err)
		line, _ = json.Marshal(errorResponse(resp.ID, rpc.Errorf(rpc.KindInternal, "cannot encode the result")))
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_ = c.nc.SetWriteDeadline(time.Now().Add(c.s.opt.WriteTimeout))
	if _, err := c.nc.Write(append(line, '\n')); err != nil {
		c.s.log.Debug("dropping connection: cannot write", "peer", c.id.String(), "err", err)
		_ = c.nc.Close()
	}
}

var errLineTooLong = errors.New("line too long")

// lineReader reads newline-terminated lines straight from the connection
// and keeps a partial line across read deadlines, so that a timeout never
// hands half a line to the parser, and the deadline can shrink as soon as a
// line has started.
type lineReader struct {
	conn    net.Conn
	max     int
	chunk   []byte // read buffer
	buf     []byte // unread part of chunk
	partial []byte
	// started is when the first byte of the partial line was read; zero
	// between lines.
	started time.Time
}

func newLineReader(conn net.Conn, max int) *lineReader {
	return &lineReader{conn: conn, max: max, chunk: make([]byte, 64<<10)}
}

// next returns the next line without its newline, setting the read
// deadline from deadline before each read. Past max bytes it returns
// errLineTooLong without buffering the rest. At EOF a final line without a
// newline is still returned (`printf` piped into socat).
func (lr *lineReader) next(deadline func() time.Time) ([]byte, error) {
	for {
		i := bytes.IndexByte(lr.buf, '\n')
		seg := lr.buf
		if i >= 0 {
			seg = lr.buf[:i]
		}
		if len(lr.partial)+len(seg) > lr.max {
			return nil, errLineTooLong
		}
		if len(seg) > 0 && lr.started.IsZero() {
			lr.started = time.Now()
		}
		lr.partial = append(lr.partial, seg...)
		if i >= 0 {
			lr.buf = lr.buf[i+1:]
			line := bytes.TrimSuffix(lr.partial, []byte("\r"))
			lr.partial, lr.started = nil, time.Time{}
			return line, nil
		}
		lr.buf = nil
		_ = lr.conn.SetReadDeadline(deadline())
		n, err := lr.conn.Read(lr.chunk)
		lr.buf = lr.chunk[:n]
		if n > 0 {
			continue // an error comes back on the next read
		}
		if errors.Is(err, io.EOF) && len(lr.partial) > 0 {
			line := lr.partial
			lr.partial, lr.started = nil, time.Time{}
			return line, nil
		}
		if err == nil {
			err = io.ErrNoProgress
		}
		return nil, err
	}
}

// overdue reports whether a partial line has been arriving for longer than
// limit.
func (lr *lineReader) overdue(limit time.Duration) bool {
	return !lr.started.IsZero() && time.Since(lr.started) >= limit
}
