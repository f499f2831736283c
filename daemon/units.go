package daemon

import (
	"context"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// systemBus lists units over the system bus for failed_services.
type systemBus struct{ lazyBus[*systemd.Conn] }

func newSystemBus() *systemBus {
	return &systemBus{lazyBus[*systemd.Conn]{dial: systemd.ConnectSystem}}
}

// ListUnitsFilteredContext implements probes.UnitLister.
func (b *systemBus) ListUnitsFilteredContext(ctx context.Context, states []string) ([]systemd.Unit, error) {
	conn, err := b.get(ctx)
	if err != nil {
		return nil, err
	}
	units, err := conn.ListUnitsFilteredContext(ctx, states)
	return units, b.done(ctx, conn, err, nil)
}
