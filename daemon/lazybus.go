package daemon

import (
	"context"
	"errors"
	"sync"

	godbus "github.com/godbus/dbus/v5"
)

// lazyBus holds one connection to a service on the system bus, dialled on
// first use and again after the transport failed (dbus-broker restarts,
// early boot, a container without a bus), so annad never needs a restart to
// regain systemd or polkit. systemd's units, the units upkeep drives and
// polkit each keep one.
type lazyBus[C interface {
	comparable
	Close() error
}] struct {
	dial func(context.Context) (C, error)

	mu   sync.Mutex
	conn C
}

// get returns the connection, dialling it if there is none.
func (l *lazyBus[C]) get(ctx context.Context) (C, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var none C
	if l.conn != none {
		return l.conn, nil
	}
	conn, err := l.dial(ctx)
	if err != nil {
		return none, err
	}
	l.conn = conn
	return conn, nil
}

// done looks at the error of a call made on conn. An error that is neither
// a reply from the service, the caller's own deadline, nor one of the
// service's expected answers may mean the transport is gone: conn is then
// closed and the next call dials afresh. It returns err unchanged.
func (l *lazyBus[C]) done(ctx context.Context, conn C, err error, answer func(error) bool) error {
	var reply godbus.Error
	if err == nil || ctx.Err() != nil || errors.As(err, &reply) || (answer != nil && answer(err)) {
		return err
	}
	l.mu.Lock()
	if l.conn == conn {
		var none C
		l.conn = none
	}
	l.mu.Unlock()
	_ = conn.Close()
	return err
}

// Close closes the connection, if any.
func (l *lazyBus[C]) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	var none C
	if l.conn != none {
		_ = l.conn.Close()
		l.conn = none
	}
}
