package systemd

import (
	"context"
	"fmt"
	"sync"

	"github.com/godbus/dbus/v5"

	annadbus "github.com/jjgarcianorway/anna-assistant/dbus"
)

// The well-known name, object and interface of systemd's manager.
const (
	BusName          = "org.freedesktop.systemd1"
	ManagerPath      = dbus.ObjectPath("/org/freedesktop/systemd1")
	ManagerInterface = "org.freedesktop.systemd1.Manager"
)

// Conn is a private connection to a bus on which systemd's manager answers.
// It is safe for concurrent use. Unlike go-systemd, every call exists only in
// its Context variant: annad never waits on the bus without a deadline.
type Conn struct {
	bus     *dbus.Conn
	manager dbus.BusObject

	mu         sync.Mutex
	subscribed bool
	signals    chan *dbus.Signal
	waiting    map[dbus.ObjectPath]chan string // job → its result
	finished   map[dbus.ObjectPath]string      // results nobody waited for yet
}

// ConnectSystem opens a private connection to the system bus (see
// dbus.SystemBusAddress in this module). It fails when no system bus runs,
// for example in a container without systemd; callers keep going without
// systemd data.
func ConnectSystem(ctx context.Context) (*Conn, error) {
	return Connect(ctx, annadbus.SystemBusAddress())
}

// Connect opens a private connection to the bus at address. Dialling,
// authentication and Hello are bounded by ctx (the error then wraps
// ctx.Err()); ctx does not limit the connection's lifetime. Call Close when
// done.
func Connect(ctx context.Context, address string) (*Conn, error) {
	bus, err := annadbus.Open(ctx, address)
	if err != nil {
		return nil, err
	}
	return &Conn{bus: bus, manager: bus.Object(BusName, ManagerPath)}, nil
}

// Close closes the connection; calls in flight fail. Closing twice is
// harmless.
func (c *Conn) Close() error {
	if err := c.bus.Close(); err != nil {
		return fmt.Errorf("cannot close the D-Bus connection: %w", err)
	}
	return nil
}

// ListUnitsFilteredContext calls Manager.ListUnitsFiltered: the units whose
// load, active or sub state is one of states (all loaded units when states is
// empty), in systemd's order. A D-Bus error reply is wrapped unchanged
// (errors.As with a dbus.Error gives its name); when ctx ends first the error
// wraps ctx.Err().
func (c *Conn) ListUnitsFilteredContext(ctx context.Context, states []string) ([]Unit, error) {
	if states == nil {
		states = []string{}
	}
	call := c.manager.CallWithContext(ctx, ManagerInterface+".ListUnitsFiltered", 0, states)
	if call.Err != nil {
		return nil, fmt.Errorf("cannot list systemd units in states %q: %w", states, call.Err)
	}
	var units []Unit
	if err := call.Store(&units); err != nil {
		return nil, fmt.Errorf("cannot decode systemd's unit list: %w", err)
	}
	return units, nil
}
