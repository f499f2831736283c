package rpc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lineServer is a minimal annad stand-in on a real Unix socket: each
// accepted connection hands its decoded requests to handle, which writes
// whatever lines it likes back.
type lineServer struct {
	path string
	ln   net.Listener
	wg   sync.WaitGroup
}

func serve(t *testing.T, handle func(conn net.Conn, reqs <-chan Request)) *lineServer {
	t.Helper()
	path := filepath.Join(t.TempDir(), "anna.sock")
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	s := &lineServer{path: path, ln: ln}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				defer conn.Close()
				reqs := make(chan Request)
				go func() {
					defer close(reqs)
					sc := bufio.NewScanner(conn)
					for sc.Scan() {
						var r Request
						if json.Unmarshal(sc.Bytes(), &r) == nil {
							reqs <- r
						}
					}
				}()
				handle(conn, reqs)
			}()
		}
	}()
	t.Cleanup(func() { ln.Close(); s.wg.Wait() })
	return s
}

func writeLine(t *testing.T, conn net.Conn, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		t.Error(err)
		return
	}
	_, _ = conn.Write(append(b, '\n'))
}

func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// Two calls in flight on one connection are answered in reverse order;
// each caller still gets its own result.
func TestConcurrentCallsAreMatchedByID(t *testing.T) {
	s := serve(t, func(conn net.Conn, reqs <-chan Request) {
		a, b := <-reqs, <-reqs
		for _, r := range []Request{b, a} {
			writeLine(t, conn, Response{JSONRPC: Version2, ID: r.ID, Result: r.Params})
		}
		for range reqs {
		}
	})
	c := NewClient(s.path)
	defer c.Close()
	ctx := ctxFor(t)
	var wg sync.WaitGroup
	got := make([]string, 2)
	for i, word := range []string{"first", "second"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out struct{ Text string }
			if err := c.Call(ctx, "echo", map[string]string{"text": word}, &out); err != nil {
				t.Errorf("call %s: %v", word, err)
			}
			got[i] = out.Text
		}()
	}
	wg.Wait()
	if got[0] != "first" || got[1] != "second" {
		t.Fatalf("results = %q, want each call's own echo", got)
	}
}

func TestDaemonErrorKeepsKindAndHint(t *testing.T) {
	s := serve(t, func(conn net.Conn, reqs <-chan Request) {
		for r := range reqs {
			writeLine(t, conn, Response{JSONRPC: Version2, ID: r.ID,
				Error: Errorf(KindProbeUnknown, "cannot run probe %q", "x").WithHint("name an allowlisted probe")})
		}
	})
	c := NewClient(s.path)
	defer c.Close()
	_, err := c.Probe(ctxFor(t), "x")
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %T %v, want *Error", err, err)
	}
	if e.Kind() != KindProbeUnknown || e.Hint() != "name an allowlisted probe" || e.Code != KindProbeUnknown.Code() {
		t.Fatalf("error = %+v (kind %q, hint %q)", e, e.Kind(), e.Hint())
	}
	if KindOf(errors.Join(errors.New("context"), err)) != KindProbeUnknown {
		t.Fatal("KindOf does not see through wrapping")
	}
}

// annad refuses a connection over its limits with an error whose id is
// null, then closes: every waiting call gets that reason, not "broken pipe".
func TestConnectionLevelErrorFailsEveryPendingCall(t *testing.T) {
	s := serve(t, func(conn net.Conn, reqs <-chan Request) {
		<-reqs
		<-reqs
		writeLine(t, conn, Response{JSONRPC: Version2, ID: json.RawMessage("null"),
			Error: Errorf(KindBusy, "cannot accept another connection")})
	})
	c := NewClient(s.path)
	defer c.Close()
	ctx := ctxFor(t)
	errs := make(chan error, 2)
	for range 2 {
		go func() { errs <- c.Call(ctx, "status", nil, nil) }()
	}
	for range 2 {
		if k := KindOf(<-errs); k != KindBusy {
			t.Fatalf("kind = %q, want %q", k, KindBusy)
		}
	}
}

func TestHangUpMidCallIsConnectionLostAndTheNextCallRedials(t *testing.T) {
	var n int
	var mu sync.Mutex
	s := serve(t, func(conn net.Conn, reqs <-chan Request) {
		mu.Lock()
		n++
		first := n == 1
		mu.Unlock()
		r := <-reqs
		if first {
			return // hang up without answering
		}
		writeLine(t, conn, Response{JSONRPC: Version2, ID: r.ID, Result: json.RawMessage(`{}`)})
		for range reqs {
		}
	})
	c := NewClient(s.path)
	defer c.Close()
	ctx := ctxFor(t)
	if err := c.Call(ctx, "status", nil, nil); KindOf(err) != KindConnectionLost {
		t.Fatalf("first call: %v, want %s", err, KindConnectionLost)
	}
	if err := c.Call(ctx, "status", nil, nil); err != nil {
		t.Fatalf("second call after redial: %v", err)
	}
}

// Canceling the context hangs up, which is how annad learns to abandon
// the request.
func TestCancelHangsUp(t *testing.T) {
	hungUp := make(chan struct{})
	s := serve(t, func(conn net.Conn, reqs <-chan Request) {
		<-reqs
		for range reqs {
		}
		close(hungUp)
	})
	c := NewClient(s.path)
	defer c.Close()
	ctx, cancel := context.WithCancel(ctxFor(t))
	done := make(chan error, 1)
	go func() { done <- c.Call(ctx, "request", nil, nil) }()
	time.AfterFunc(50*time.Millisecond, cancel)
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	select {
	case <-hungUp:
	case <-time.After(30 * time.Second):
		t.Fatal("the server never saw the hang-up")
	}
}

func TestGarbageFromTheDaemonIsConnectionLost(t *testing.T) {
	s := serve(t, func(conn net.Conn, reqs <-chan Request) {
		<-reqs
		_, _ = conn.Write([]byte("this is not json\n"))
		for range reqs {
		}
	})
	c := NewClient(s.path)
	defer c.Close()
	err := c.Call(ctxFor(t), "status", nil, nil)
	if KindOf(err) != KindConnectionLost || !strings.Contains(err.Error(), "cannot understand annad") {
		t.Fatalf("err = %v", err)
	}
}

func TestMissingSocketIsUnreachableWithAdvice(t *testing.T) {
	c := NewClient(filepath.Join(t.TempDir(), "absent.sock"))
	err := c.Call(ctxFor(t), "status", nil, nil)
	var e *Error
	if !errors.As(err, &e) || e.Kind() != KindUnreachable || !strings.Contains(e.Hint(), "systemctl start annad") {
		t.Fatalf("err = %v", err)
	}
}

func TestReadLineBoundsALine(t *testing.T) {
	r := bufio.NewReaderSize(strings.NewReader(strings.Repeat("x", 100)+"\nok\n"), 16)
	if _, err := readLine(r, 64); err == nil {
		t.Fatal("a 100-byte line passed a 64-byte bound")
	}
	r = bufio.NewReaderSize(strings.NewReader(strings.Repeat("y", 40)+"\n"), 16)
	if line, err := readLine(r, 64); err != nil || len(line) != 40 {
		t.Fatalf("line of 40 = %d bytes, %v", len(line), err)
	}
}

func TestEveryKindHasItsOwnCode(t *testing.T) {
	seen := map[int]Kind{}
	for k, code := range codes {
		if other, dup := seen[code]; dup {
			t.Errorf("kinds %q and %q share code %d", k, other, code)
		}
		seen[code] = k
		if k.Code() != code {
			t.Errorf("%q.Code() = %d, want %d", k, k.Code(), code)
		}
	}
	if Kind("no_such_kind").Code() != -32000 {
		t.Error("an unknown kind does not get the generic server error code")
	}
}
