package daemon

import (
	"context"
	"errors"
	"sync"

	godbus "github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// systemBus lists units over the system bus, connecting on first use and
// again after the bus went away (dbus-broker restarts, early boot), so
// annad never needs a restart to regain failed_services.
type systemBus struct {
	mu   sync.Mutex
	conn *systemd.Conn
}

// ListUnitsFilteredContext implements probes.UnitLister.
func (b *systemBus) ListUnitsFilteredContext(ctx context.Context, states []string) ([]systemd.Unit, error) {
	b.mu.Lock()
	conn := b.conn
	if conn == nil {
		var err error
		conn, err = systemd.ConnectSystem(ctx)
		if err != nil {
			b.mu.Unlock()
			return nil, err
		}
		b.conn = conn
	}
	b.mu.Unlock()
	units, err := conn.ListUnitsFilteredContext(ctx, states)
	var reply godbus.Error
	if err != nil && !errors.As(err, &reply) {
		// Not an answer from systemd: the transport may be gone, so the
		// next call starts from a fresh connection.
		b.mu.Lock()
		if b.conn == conn {
			b.conn = nil
		}
		b.mu.Unlock()
		_ = conn.Close()
	}
	return units, err
}

// Close closes the bus connection, if any.
func (b *systemBus) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.conn != nil {
		_ = b.conn.Close()
		b.conn = nil
	}
}
