package uninstall

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// The socket is stopped before the service, so no connection can start
// annad again while it stops.
func TestStopUnitsSocketFirst(t *testing.T) {
	bus := dbustest.New(t)
	fake := bus.Systemd(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := systemd.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := stopUnits(ctx, c); err != nil {
		t.Fatal(err)
	}
	if want := []string{"stop annad.socket replace", "stop annad.service replace"}; !slices.Equal(fake.Jobs(), want) {
		t.Fatalf("jobs %q, want %q", fake.Jobs(), want)
	}
}
