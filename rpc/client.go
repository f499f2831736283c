package rpc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// DefaultSocket is where annad listens unless configured otherwise.
const DefaultSocket = "/run/anna/anna.sock"

// SocketEnv names the environment variable that overrides DefaultSocket for
// clients (tests and non-standard installs).
const SocketEnv = "ANNA_SOCKET"

// Client calls annad over its Unix socket. It dials lazily, multiplexes
// concurrent calls over one connection, and redials after a hang-up. It is
// safe for concurrent use.
type Client struct {
	path string

	mu      sync.Mutex
	conn    net.Conn
	pending map[string]chan *Response
	nextID  uint64
	wmu     sync.Mutex // serializes whole lines on conn

	interactive bool // sent as Request.Interactive
}

// AllowInteraction sets whether later calls let polkit prompt for a password
// (Request.Interactive). Allow it only when a person can answer: annactl
// does when stdin is a terminal.
func (c *Client) AllowInteraction(on bool) {
	c.mu.Lock()
	c.interactive = on
	c.mu.Unlock()
}

// NewClient returns a client for the socket at path. It does not connect.
func NewClient(path string) *Client {
	return &Client{path: path}
}

// Close hangs up. Calls still waiting fail with KindConnectionLost, and
// annad cancels whatever they started.
func (c *Client) Close() error {
	c.mu.Lock()
	conn := c.conn
	c.mu.Unlock()
	if conn == nil {
		return nil
	}
	c.hangup(conn, Errorf(KindConnectionLost, "cannot finish the call: the client closed the connection"))
	return nil
}

// Call invokes method with params (nil for none) and decodes the result into
// result (nil to discard). Errors from annad are *Error. When ctx ends first
// the client hangs up, which makes annad cancel the call, and Call returns
// an error wrapping ctx.Err().
func (c *Client) Call(ctx context.Context, method string, params, result any) error {
	req := Request{JSONRPC: Version2, Method: method}
	if params != nil {
		raw, err := json.Marshal(params)
		if err != nil {
			return fmt.Errorf("cannot encode params of %s: %w", method, err)
		}
		req.Params = raw
	}
	conn, id, ch, err := c.register(ctx)
	if err != nil {
		return err
	}
	c.mu.Lock()
	req.Interactive = c.interactive
	c.mu.Unlock()
	req.ID = json.RawMessage(id)
	line, err := json.Marshal(req)
	if err != nil {
		c.forget(id)
		return fmt.Errorf("cannot encode %s request: %w", method, err)
	}
	if err := c.write(ctx, conn, append(line, '\n')); err != nil {
		return c.writeFailed(ctx, ch, conn, id, method, err)
	}
	select {
	case resp := <-ch:
		if resp.Error != nil {
			return resp.Error
		}
		if result == nil {
			return nil
		}
		if err := json.Unmarshal(resp.Result, result); err != nil {
			return fmt.Errorf("cannot decode the result of %s: %w", method, err)
		}
		return nil
	case <-ctx.Done():
		c.hangup(conn, Errorf(KindConnectionLost, "cannot finish the call: canceled"))
		return fmt.Errorf("cannot finish %s: %w", method, ctx.Err())
	}
}

// writeFailed explains a request that could not be sent. annad refuses a
// connection over its limits by answering "busy" and closing before it reads
// anything, so the write can fail while the reason waits in the receive
// buffer: the read loop delivers it to every pending call, and that reason
// beats a bare "broken pipe".
func (c *Client) writeFailed(ctx context.Context, ch chan *Response, conn net.Conn, id, method string, err error) error {
	// When annad closed the connection the read loop ends at once; the
	// timer only bounds a write that failed on a live connection.
	t := time.NewTimer(10 * time.Second)
	defer t.Stop()
	select {
	case resp := <-ch:
		if resp.Error != nil && resp.Error.Kind() != KindConnectionLost {
			return resp.Error
		}
	case <-t.C:
		c.forget(id)
	case <-ctx.Done():
		c.forget(id)
	}
	c.hangup(conn, Errorf(KindConnectionLost, "cannot send to annad: %v", unwrapSyscall(err)))
	return Errorf(KindConnectionLost, "cannot send %s to annad: %v", method, unwrapSyscall(err))
}

func (c *Client) register(ctx context.Context) (net.Conn, string, chan *Response, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.conn == nil {
		conn, err := dial(ctx, c.path)
		if err != nil {
			return nil, "", nil, err
		}
		c.conn = conn
		c.pending = make(map[string]chan *Response)
		go c.readLoop(conn, c.pending)
	}
	c.nextID++
	id := strconv.FormatUint(c.nextID, 10)
	ch := make(chan *Response, 1)
	c.pending[id] = ch
	return c.conn, id, ch, nil
}

func (c *Client) forget(id string) {
	c.mu.Lock()
	delete(c.pending, id)
	c.mu.Unlock()
}

func (c *Client) write(ctx context.Context, conn net.Conn, line []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(10 * time.Second)
	}
	_ = conn.SetWriteDeadline(deadline)
	_, err := conn.Write(line)
	return err
}

// hangup closes conn and fails its waiting calls with err. A later Call
// dials again.
func (c *Client) hangup(conn net.Conn, err *Error) {
	c.mu.Lock()
	var pending map[string]chan *Response
	if c.conn == conn {
		pending = c.pending
		c.conn, c.pending = nil, nil
	}
	c.mu.Unlock()
	_ = conn.Close()
	for _, ch := range pending {
		ch <- &Response{Error: err}
	}
}

func (c *Client) readLoop(conn net.Conn, pending map[string]chan *Response) {
	r := bufio.NewReaderSize(conn, 64<<10)
	for {
		line, err := readLine(r, MaxResponseBytes)
		if err != nil {
			msg := "cannot read from annad: the daemon closed the connection"
			if !errors.Is(err, io.EOF) && !errors.Is(err, net.ErrClosed) {
				msg = fmt.Sprintf("cannot read from annad: %v", unwrapSyscall(err))
			}
			c.hangup(conn, Errorf(KindConnectionLost, "%s", msg))
			return
		}
		var resp Response
		if err := json.Unmarshal(line, &resp); err != nil {
			c.hangup(conn, Errorf(KindConnectionLost, "cannot understand annad: %v", err))
			return
		}
		if resp.Error != nil && (len(resp.ID) == 0 || string(resp.ID) == "null") {
			// An error for no request is about the connection itself
			// (annad is busy and closes it): every waiting call fails with
			// annad's own reason.
			c.hangup(conn, resp.Error)
			return
		}
		c.mu.Lock()
		id := string(resp.ID)
		ch, ok := pending[id]
		if ok {
			delete(pending, id)
		}
		c.mu.Unlock()
		if ok {
			ch <- &resp
		}
	}
}

// readLine returns the next line without its newline. A line longer than
// max is an error; the reader is then unusable.
func readLine(r *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		chunk, isPrefix, err := r.ReadLine()
		if err != nil {
			return nil, err
		}
		line = append(line, chunk...)
		if len(line) > max {
			return nil, fmt.Errorf("line longer than %d bytes", max)
		}
		if !isPrefix {
			return line, nil
		}
	}
}

func dial(ctx context.Context, path string) (net.Conn, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", path)
	if err == nil {
		return conn, nil
	}
	switch {
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return nil, Errorf(KindSocketPermission, "cannot open %s: permission denied", path).
			WithHint("join the group that owns the socket (sudo usermod -aG anna $USER), then log in again")
	case errors.Is(err, syscall.ENOENT), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ENOTSOCK):
		return nil, Errorf(KindUnreachable, "cannot reach annad at %s: %v", path, unwrapSyscall(err)).
			WithHint("start it with 'sudo systemctl start annad', or re-run the installer if it is not installed")
	case ctx.Err() != nil:
		return nil, fmt.Errorf("cannot connect to annad at %s: %w", path, ctx.Err())
	default:
		return nil, Errorf(KindUnreachable, "cannot reach annad at %s: %v", path, unwrapSyscall(err)).
			WithHint("check that annad is running: 'systemctl status annad'")
	}
}

func unwrapSyscall(err error) error {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno
	}
	return err
}
