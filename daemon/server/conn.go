package server

import (
	"bufio"
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

	mu       sync.Mutex
	inflight int
	handlers sync.WaitGroup
}

func (s *Server) serveConn(nc *net.UnixConn) {
	defer s.connsWG.Done()
	defer func() { <-s.slots }()
	defer nc.Close()

	id, err := peer.FromConn(nc, s.opt.Layout)
	if err != nil {
		s.log.Warn("connection dropped", "err", err)
		return
	}
	c := &conn{s: s, nc: nc, id: id}
	s.mu.Lock()
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
	}()

	// Requests live as long as the connection: a client aborts by hanging up.
	ctx, cancel := context.WithCancel(peer.WithIdentity(s.base, id))
	defer cancel()
	c.readLoop(ctx)
	c.drain(ctx, cancel)
	cancel()
	c.handlers.Wait()
}

// readLoop reads request lines until EOF, an error, an idle timeout or an
// oversized line.
func (c *conn) readLoop(ctx context.Context) {
	r := bufio.NewReaderSize(c.nc, 64<<10)
	for {
		_ = c.nc.SetReadDeadline(time.Now().Add(c.s.opt.IdleTimeout))
		line, err := readLine(r, rpc.MaxRequestBytes)
		switch {
		case err == nil:
		case errors.Is(err, os.ErrDeadlineExceeded):
			if c.busy() {
				continue // quiet while waiting for an answer is not idle
			}
			return
		case errors.Is(err, errLineTooLong):
			c.send(errorResponse(nil, rpc.Errorf(rpc.KindInvalidRequest,
				"cannot read request: line longer than %d bytes", rpc.MaxRequestBytes).
				WithHint("send one JSON object per line, at most 1 MiB")))
			return
		default:
			return // EOF, reset, or closed by Shutdown
		}
		if len(line) == 0 {
			continue
		}
		c.handleLine(ctx, line)
	}
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

func (c *conn) busy() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.inflight > 0
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

// readLine returns the next line without its newline. Past max bytes it
// returns errLineTooLong without buffering the rest.
func readLine(r *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		chunk, isPrefix, err := r.ReadLine()
		if err != nil {
			if errors.Is(err, io.EOF) && len(line) > 0 {
				return line, nil
			}
			return nil, err
		}
		if len(line)+len(chunk) > max {
			return nil, errLineTooLong
		}
		line = append(line, chunk...)
		if !isPrefix {
			return line, nil
		}
	}
}
