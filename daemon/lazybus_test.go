package daemon

import (
	"context"
	"errors"
	"testing"

	godbus "github.com/godbus/dbus/v5"
)

type fakeConn struct{ closed bool }

func (c *fakeConn) Close() error { c.closed = true; return nil }

// Only a transport failure costs the connection: replies, answers and the
// caller's own deadline keep it.
func TestLazyBusRedialsOnlyAfterATransportFailure(t *testing.T) {
	dials := 0
	l := &lazyBus[*fakeConn]{dial: func(context.Context) (*fakeConn, error) { dials++; return &fakeConn{}, nil }}
	ctx := context.Background()
	first, err := l.get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	answer := errors.New("denied")
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	for name, call := range map[string]func() error{
		"reply":    func() error { return l.done(ctx, first, godbus.Error{Name: "org.freedesktop.DBus.Error.Failed"}, nil) },
		"answer":   func() error { return l.done(ctx, first, answer, func(err error) bool { return err == answer }) },
		"deadline": func() error { return l.done(canceled, first, context.Canceled, nil) },
		"success":  func() error { return l.done(ctx, first, nil, nil) },
	} {
		_ = call()
		if again, _ := l.get(ctx); again != first || first.closed || dials != 1 {
			t.Fatalf("after a %s the connection was replaced (dials %d, closed %v)", name, dials, first.closed)
		}
	}
	broken := errors.New("read: connection reset")
	if err := l.done(ctx, first, broken, nil); err != broken {
		t.Fatalf("done changed the error: %v", err)
	}
	second, _ := l.get(ctx)
	if !first.closed || second == first || dials != 2 {
		t.Fatalf("a transport failure kept the connection (closed %v, dials %d)", first.closed, dials)
	}
	l.Close()
	if !second.closed {
		t.Fatal("Close left the connection open")
	}
}
