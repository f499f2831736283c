package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// bigReply is the size of the "big" method's result: ten times a Unix
// socket's default send buffer, small enough to marshal quickly under -race.
const bigReply = 2 << 20

type testServer struct {
	*Server
	path     string
	canceled atomic.Int32
	release  chan struct{}
}

func startServer(t *testing.T, mutate func(*Options)) *testServer {
	t.Helper()
	ts := &testServer{release: make(chan struct{})}
	echo := func(ctx context.Context, raw json.RawMessage) (any, error) {
		p, err := Params[struct {
			Say string `json:"say"`
		}](raw)
		if err != nil {
			return nil, err
		}
		id, _ := peer.FromContext(ctx)
		return map[string]any{"said": p.Say, "uid": id.UID}, nil
	}
	opt := Options{
		Methods: map[string]Method{
			"echo": {Access: peer.AccessRead, Handle: echo},
			"wait": {Access: peer.AccessRead, Handle: func(ctx context.Context, _ json.RawMessage) (any, error) {
				select {
				case <-ctx.Done():
					ts.canceled.Add(1)
					return nil, ctx.Err()
				case <-ts.release:
					return "released", nil
				}
			}},
			"panic": {Access: peer.AccessRead, Handle: func(context.Context, json.RawMessage) (any, error) { panic("boom") }},
			"big": {Access: peer.AccessRead, Handle: func(context.Context, json.RawMessage) (any, error) {
				return strings.Repeat("x", bigReply), nil
			}},
			"admin": {Access: peer.AccessAdmin, Handle: echo},
		},
		Policy:   peer.Policy{DaemonUID: uint32(os.Getuid()), GroupID: -1},
		Layout:   dirs.Host,
		identify: addrIdentity,
	}
	if mutate != nil {
		mutate(&opt)
	}
	ts.Server = New(opt)
	dir := t.TempDir()
	ts.path = filepath.Join(dir, "anna.sock")
	sock, err := Listen(ts.path, "no-such-group-for-tests", func(string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	go ts.Serve(sock.Listener)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = ts.Shutdown(ctx)
		sock.Remove()
	})
	return ts
}

// rawConn speaks lines to the server directly, so tests can send anything.
type rawConn struct {
	t *testing.T
	net.Conn
	r *bufio.Reader
}

func (ts *testServer) dial(t *testing.T) *rawConn {
	t.Helper()
	c, err := net.Dial("unix", ts.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &rawConn{t: t, Conn: c, r: bufio.NewReader(c)}
}

func (c *rawConn) send(line string) {
	c.t.Helper()
	if _, err := c.Write([]byte(line + "\n")); err != nil {
		c.t.Fatal(err)
	}
}

func (c *rawConn) recv() rpc.Response {
	c.t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, err := c.r.ReadBytes('\n')
	if err != nil {
		c.t.Fatalf("no response: %v", err)
	}
	var resp rpc.Response
	if err := json.Unmarshal(line, &resp); err != nil {
		c.t.Fatalf("bad response %q: %v", line, err)
	}
	return resp
}

func wantError(t *testing.T, resp rpc.Response, code int, kind rpc.Kind, id string) {
	t.Helper()
	if resp.Error == nil {
		t.Fatalf("want error %d, got result %s", code, resp.Result)
	}
	if resp.Error.Code != code || resp.Error.Kind() != kind {
		t.Fatalf("got error %d %q (%s), want %d %q", resp.Error.Code, resp.Error.Kind(), resp.Error.Message, code, kind)
	}
	if !strings.HasPrefix(resp.Error.Message, "cannot ") {
		t.Errorf("error message %q does not start with \"cannot\"", resp.Error.Message)
	}
	if string(resp.ID) != id {
		t.Fatalf("id %s, want %s", resp.ID, id)
	}
}

func TestProtocolErrors(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	cases := []struct {
		line string
		code int
		kind rpc.Kind
		id   string
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"echo"`, rpc.CodeParseError, rpc.KindParseError, "null"},
		{`not json`, rpc.CodeParseError, rpc.KindParseError, "null"},
		{`[{"jsonrpc":"2.0","id":1,"method":"echo"}]`, rpc.CodeInvalidRequest, rpc.KindInvalidRequest, "null"},
		{`"just a string"`, rpc.CodeInvalidRequest, rpc.KindInvalidRequest, "null"},
		{`{"jsonrpc":"1.0","id":2,"method":"echo"}`, rpc.CodeInvalidRequest, rpc.KindInvalidRequest, "2"},
		{`{"jsonrpc":"2.0","id":3}`, rpc.CodeInvalidRequest, rpc.KindInvalidRequest, "3"},
		{`{"jsonrpc":"2.0","id":{"x":1},"method":"echo"}`, rpc.CodeInvalidRequest, rpc.KindInvalidRequest, "null"},
		{`{"jsonrpc":"2.0","id":4,"method":7}`, rpc.CodeInvalidRequest, rpc.KindInvalidRequest, "4"},
		{`{"jsonrpc":"2.0","id":"a","method":"nope"}`, rpc.CodeMethodNotFound, rpc.KindUnknownMethod, `"a"`},
		{`{"jsonrpc":"2.0","id":5,"method":"echo","params":["x"]}`, rpc.CodeInvalidParams, rpc.KindInvalidParams, "5"},
		{`{"jsonrpc":"2.0","id":6,"method":"echo","params":{"sey":"typo"}}`, rpc.CodeInvalidParams, rpc.KindInvalidParams, "6"},
		{`{"jsonrpc":"2.0","id":7,"method":"echo","params":{"say":1}}`, rpc.CodeInvalidParams, rpc.KindInvalidParams, "7"},
		{`{"jsonrpc":"2.0","id":8,"method":"panic"}`, rpc.CodeInternalError, rpc.KindInternal, "8"},
	}
	for _, tc := range cases {
		c.send(tc.line)
		wantError(t, c.recv(), tc.code, tc.kind, tc.id)
	}
	// After all that abuse the same connection still works.
	c.send(`{"jsonrpc":"2.0","id":9,"method":"echo","params":{"say":"안녕"}}`)
	resp := c.recv()
	if resp.Error != nil || !strings.Contains(string(resp.Result), `"said":"안녕"`) || string(resp.ID) != "9" {
		t.Fatalf("echo after errors: %+v %s", resp.Error, resp.Result)
	}
}

func TestNotificationGetsNoResponse(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	c.send(`{"jsonrpc":"2.0","method":"echo","params":{"say":"quiet"}}`)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"echo","params":{"say":"loud"}}`)
	if resp := c.recv(); string(resp.ID) != "1" {
		t.Fatalf("first response should answer id 1, got %s", resp.ID)
	}
}

func TestOversizedLineIsRefusedAndOthersServed(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	big := `{"jsonrpc":"2.0","id":1,"method":"echo","params":{"say":"` + strings.Repeat("a", rpc.MaxRequestBytes) + `"}}`
	go func() { _, _ = c.Write([]byte(big + "\n")) }()
	wantError(t, c.recv(), rpc.CodeInvalidRequest, rpc.KindInvalidRequest, "null")
	if _, err := c.r.ReadByte(); err == nil {
		t.Fatal("connection should be closed after an oversized line")
	}
	other := ts.dial(t)
	other.send(`{"jsonrpc":"2.0","id":1,"method":"echo"}`)
	if resp := other.recv(); resp.Error != nil {
		t.Fatal(resp.Error)
	}
}

func TestOutOfOrderAnswersOnOneConnection(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	c.send(`{"jsonrpc":"2.0","id":"slow","method":"wait"}`)
	c.send(`{"jsonrpc":"2.0","id":"fast","method":"echo"}`)
	if resp := c.recv(); string(resp.ID) != `"fast"` {
		t.Fatalf("a slow call blocked the next one; got %s first", resp.ID)
	}
	close(ts.release)
	if resp := c.recv(); string(resp.ID) != `"slow"` || string(resp.Result) != `"released"` {
		t.Fatalf("got %s %s", resp.ID, resp.Result)
	}
}

func TestHangUpCancelsButHalfCloseIsAnswered(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"wait"}`)
	time.Sleep(50 * time.Millisecond)
	c.Close()
	deadline := time.Now().Add(5 * time.Second)
	for ts.canceled.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("closing the connection did not cancel the request")
		}
		time.Sleep(10 * time.Millisecond)
	}

	h := ts.dial(t)
	h.send(`{"jsonrpc":"2.0","id":2,"method":"echo","params":{"say":"half"}}`)
	if err := h.Conn.(*net.UnixConn).CloseWrite(); err != nil {
		t.Fatal(err)
	}
	if resp := h.recv(); resp.Error != nil || !strings.Contains(string(resp.Result), "half") {
		t.Fatalf("half-closed client lost its answer: %+v", resp)
	}
}

func TestIdleConnectionIsClosed(t *testing.T) {
	ts := startServer(t, func(o *Options) { o.IdleTimeout = 100 * time.Millisecond })
	c := ts.dial(t)
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := c.r.ReadByte(); err == nil {
		t.Fatal("idle connection stayed open")
	} else if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatal("server did not close the idle connection")
	}
	// A request in flight is not idleness.
	w := ts.dial(t)
	w.send(`{"jsonrpc":"2.0","id":1,"method":"wait"}`)
	time.Sleep(300 * time.Millisecond)
	close(ts.release)
	if resp := w.recv(); string(resp.Result) != `"released"` {
		t.Fatalf("busy connection was dropped: %+v", resp)
	}
}

func TestInFlightLimitPerConnection(t *testing.T) {
	ts := startServer(t, func(o *Options) { o.MaxInFlight = 2 })
	c := ts.dial(t)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"wait"}`)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"wait"}`)
	c.send(`{"jsonrpc":"2.0","id":3,"method":"wait"}`)
	wantError(t, c.recv(), -32006, rpc.KindBusy, "3")
	close(ts.release)
}

func TestClientThatDoesNotReadIsDropped(t *testing.T) {
	ts := startServer(t, func(o *Options) { o.WriteTimeout = 200 * time.Millisecond })
	lazy := ts.dial(t)
	lazy.send(`{"jsonrpc":"2.0","id":1,"method":"big"}`)
	// Once the reply has started, the server can only let go of the
	// connection by timing out the write: the client never reads until then.
	waitFor(t, func() bool { return queued(lazy) > 0 })
	waitFor(t, func() bool { ts.mu.Lock(); defer ts.mu.Unlock(); return len(ts.conns) == 0 })
	other := ts.dial(t)
	other.send(`{"jsonrpc":"2.0","id":1,"method":"echo"}`)
	if resp := other.recv(); resp.Error != nil {
		t.Fatal(resp.Error)
	}
	// The lazy client gets at most a truncated line, then EOF.
	_ = lazy.SetReadDeadline(time.Now().Add(5 * time.Second))
	n := 0
	for {
		b, err := lazy.r.ReadByte()
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				t.Fatal("server kept the non-reading connection open")
			}
			break
		}
		if b == '\n' {
			t.Fatal("server finished writing despite the write timeout")
		}
		n++
	}
	if n >= bigReply {
		t.Fatalf("read %d bytes: the whole response went out", n)
	}
}

// Every request is logged with method, uid and duration; polled methods at
// debug level unless they fail.
func TestRequestLog(t *testing.T) {
	var buf syncBuffer
	ts := startServer(t, func(o *Options) {
		o.Logger = slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))
		o.Methods["poll"] = Method{Access: peer.AccessRead, Polled: true, Handle: o.Methods["echo"].Handle}
	})
	c := ts.dial(t)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"echo"}`)
	c.recv()
	c.send(`{"jsonrpc":"2.0","id":2,"method":"poll"}`)
	c.recv()
	c.send(`{"jsonrpc":"2.0","id":3,"method":"poll","params":{"bad":1}}`)
	c.recv()
	log := buf.String()
	if !strings.Contains(log, fmt.Sprintf("method=echo uid=%d pid=%d duration_ms=", os.Getuid(), os.Getpid())) {
		t.Fatalf("request line missing:\n%s", log)
	}
	if strings.Count(log, "method=poll") != 1 || !strings.Contains(log, "method=poll uid=") || !strings.Contains(log, "error=invalid_params") {
		t.Fatalf("a polled call was logged at info, or its failure was not:\n%s", log)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
