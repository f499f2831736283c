package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// closedWithin reads c until the server closes it and returns the replies
// it sent on the way. The guard is far beyond every timeout in these tests:
// reaching it means the slot was held. A client that keeps writing may see
// a reset instead of EOF (its bytes can land between the server's last
// drain and its close); that is still a close.
func closedWithin(t *testing.T, c *rawConn, guard time.Duration) []rpc.Response {
	t.Helper()
	var got []rpc.Response
	_ = c.SetReadDeadline(time.Now().Add(guard))
	for {
		line, err := c.r.ReadBytes('\n')
		if errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("the server kept the connection open for %s", guard)
		}
		if err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, syscall.ECONNRESET) {
				t.Fatalf("connection ended with %v, want a clean close", err)
			}
			return got
		}
		var resp rpc.Response
		if err := json.Unmarshal(line, &resp); err != nil {
			t.Fatalf("bad reply %q", line)
		}
		got = append(got, resp)
	}
}

// trickle writes chunks to c every step until the write fails (the server
// closed) or stop is closed.
func trickle(c *rawConn, chunk string, step time.Duration, stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		case <-time.After(step):
		}
		if _, err := c.Write([]byte(chunk)); err != nil {
			return
		}
	}
}

// Blank lines every few milliseconds used to re-arm the idle deadline
// forever; they are not requests.
func TestBlankLinesDoNotHoldASlot(t *testing.T) {
	ts := startServer(t, func(o *Options) { o.IdleTimeout = 200 * time.Millisecond })
	c := ts.dialAs(t, fakeUID(0))
	stop := make(chan struct{})
	defer close(stop)
	go trickle(c, "\n", 10*time.Millisecond, stop)
	if got := closedWithin(t, c, 20*time.Second); len(got) != 0 {
		t.Fatalf("blank lines were answered: %+v", got)
	}
}

// Garbage is answered, but is not activity either.
func TestUnparseableLinesDoNotHoldASlot(t *testing.T) {
	ts := startServer(t, func(o *Options) { o.IdleTimeout = 200 * time.Millisecond })
	c := ts.dialAs(t, fakeUID(0))
	stop := make(chan struct{})
	defer close(stop)
	go trickle(c, "not json\n", 10*time.Millisecond, stop)
	got := closedWithin(t, c, 20*time.Second)
	if len(got) == 0 || got[0].Error.Kind() != rpc.KindParseError {
		t.Fatalf("garbage got %+v, want parse errors", got)
	}
}

// A line trickled a byte at a time, or left half sent, must end within the
// line timeout. It is never parsed in pieces: the old server answered the
// first half with a parse error and re-armed its deadline.
func TestSlowLinesDoNotHoldASlot(t *testing.T) {
	for _, tc := range []struct {
		name, chunk string
	}{{"half line", ""}, {"byte trickle", " "}} {
		t.Run(tc.name, func(t *testing.T) {
			ts := startServer(t, func(o *Options) { o.IdleTimeout, o.LineTimeout = time.Minute, 200*time.Millisecond })
			c := ts.dialAs(t, fakeUID(0))
			if _, err := c.Write([]byte(`{"jsonrpc":"2.0",`)); err != nil {
				t.Fatal(err)
			}
			stop := make(chan struct{})
			defer close(stop)
			if tc.chunk != "" {
				go trickle(c, tc.chunk, 10*time.Millisecond, stop)
			}
			got := closedWithin(t, c, 20*time.Second)
			if len(got) != 1 || got[0].Error.Kind() != rpc.KindInvalidRequest || !strings.Contains(got[0].Error.Message, "did not end within") {
				t.Fatalf("got %+v, want one 'did not end' error", got)
			}
		})
	}
}

// Requests are activity: a client that keeps asking keeps its connection
// well past the idle timeout.
func TestRequestsKeepAConnection(t *testing.T) {
	ts := startServer(t, func(o *Options) { o.IdleTimeout = 2 * time.Second })
	c := ts.dialAs(t, fakeUID(0))
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); {
		c.roundTrip()
		time.Sleep(100 * time.Millisecond)
	}
}

// A refused client reads why, then a clean end of stream, not a reset.
func TestRefusalIsCleanNotReset(t *testing.T) {
	ts := startServer(t, func(o *Options) { o.MaxConns = 1 })
	ts.dialAs(t, fakeUID(0)).roundTrip()
	c := ts.dialAs(t, fakeUID(1))
	if _, err := c.Write([]byte(`{"jsonrpc":"2.0","id":1,"method":"echo"}` + "\n")); err != nil && !errors.Is(err, net.ErrClosed) {
		t.Logf("write: %v (the server may refuse before reading)", err)
	}
	wantError(t, c.recv(), -32006, rpc.KindBusy, "null")
	if _, err := c.r.ReadByte(); !errors.Is(err, io.EOF) {
		t.Fatalf("after the busy reply: %v, want EOF", err)
	}
}

// The Go client turns a refusal into a busy error with annad's words, not
// "connection lost" with an internal socket name.
func TestClientShowsBusy(t *testing.T) {
	ts := startServer(t, func(o *Options) { o.MaxConns = 1 })
	for range 1 + RootReserve {
		ts.dial(t).roundTrip()
	}
	for i := range 20 { // the refusal races the request write; try both orders
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err := rpc.NewClient(ts.path).Call(ctx, "echo", nil, nil)
		cancel()
		var re *rpc.Error
		if !errors.As(err, &re) || re.Kind() != rpc.KindBusy || !strings.Contains(re.Message, "limit of 9 connections") ||
			re.Hint() == "" || strings.Contains(re.Message, ".tmp") {
			t.Fatalf("call %d: %v (kind %q), want busy with the limit and a hint", i, err, rpc.KindOf(err))
		}
	}
}

// A panic outside any method (here in reading the peer's identity) closes
// that connection and is logged; annad keeps serving.
func TestPanicOutsideAMethodIsRecovered(t *testing.T) {
	var buf syncBuffer
	var boom atomic.Bool
	ts := startServer(t, func(o *Options) {
		o.Logger = slog.New(slog.NewTextHandler(&buf, nil))
		o.identify = func(c *net.UnixConn) (peer.Identity, error) {
			if boom.CompareAndSwap(true, false) {
				panic("injected")
			}
			return addrIdentity(c)
		}
	})
	boom.Store(true)
	c := ts.dial(t)
	if _, err := c.r.ReadByte(); err == nil {
		t.Fatal("the connection whose handling panicked stayed open")
	}
	ts.dial(t).roundTrip()
	if !strings.Contains(buf.String(), "recovered from a panic") || !strings.Contains(buf.String(), "injected") {
		t.Fatalf("panic not logged:\n%s", buf.String())
	}
	// A panicking method answers an internal error, logged with its stack.
	c = ts.dial(t)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"panic"}`)
	wantError(t, c.recv(), rpc.CodeInternalError, rpc.KindInternal, "2")
	if !strings.Contains(buf.String(), "method panicked") {
		t.Fatalf("method panic not logged:\n%s", buf.String())
	}
}

// A method name is client text: a long one is clipped in the log and in
// the reply (50 such calls once wrote 47 MiB of log).
func TestLongMethodNamesAreClipped(t *testing.T) {
	var buf syncBuffer
	ts := startServer(t, func(o *Options) { o.Logger = slog.New(slog.NewTextHandler(&buf, nil)) })
	c := ts.dial(t)
	name := strings.Repeat("m", 200<<10)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"` + name + `"}`)
	resp := c.recv()
	wantError(t, resp, rpc.CodeMethodNotFound, rpc.KindUnknownMethod, "1")
	if len(resp.Error.Message) > 200 || !strings.Contains(resp.Error.Message, "(204800 bytes)") {
		t.Fatalf("reply echoes the name unclipped (%d bytes)", len(resp.Error.Message))
	}
	if n := len(buf.String()); n > 2048 || !strings.Contains(buf.String(), "(204800 bytes)") {
		t.Fatalf("log holds %d bytes for one call:\n%.500s", n, buf.String())
	}
}

func TestClip(t *testing.T) {
	if got := clip("short", 64); got != "short" {
		t.Fatal(got)
	}
	// Never cuts a rune in half.
	if got := clip("aé"+strings.Repeat("x", 10), 2); got != "a…(13 bytes)" {
		t.Fatalf("got %q", got)
	}
}

// requestsInFlight counts handlers running on every connection.
func (ts *testServer) requestsInFlight() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	n := 0
	for c := range ts.conns {
		c.mu.Lock()
		n += c.inflight
		c.mu.Unlock()
	}
	return n
}

// waitFor polls cond; the deadline only guards against a hang.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in a minute")
		}
	}
}
