package dbus

import (
	"context"
	"fmt"
	"os"

	godbus "github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// SystemBusAddress returns the system bus address: $DBUS_SYSTEM_BUS_ADDRESS
// when set (sd-bus and libdbus honor it too), else the standard socket.
func SystemBusAddress() string {
	if a := os.Getenv("DBUS_SYSTEM_BUS_ADDRESS"); a != "" {
		return a
	}
	return "unix:path=" + dirs.Host.Path("/run/dbus/system_bus_socket")
}

// Open opens a private connection to the bus at address, authenticates and
// sends Hello. Dialling, authentication and Hello are all bounded by ctx: when
// ctx ends first, the half-open connection is closed and the error wraps
// ctx.Err(). ctx does not limit the lifetime of the returned connection; the
// caller closes it.
func Open(ctx context.Context, address string) (*godbus.Conn, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("cannot connect to D-Bus at %s: %w", address, err)
	}
	// godbus's Auth and Hello take no context, so the connection lives under
	// a context of its own that ctx cancels until the handshake is done;
	// cancelling it closes the transport and unblocks them.
	life, release := context.WithCancel(context.Background())
	stop := context.AfterFunc(ctx, release)
	bus, err := godbus.Dial(address, godbus.WithContext(life))
	if err != nil {
		stop()
		release()
		return nil, fmt.Errorf("cannot connect to D-Bus at %s: %w", address, err)
	}
	err = bus.Auth(nil)
	if err == nil {
		err = bus.Hello()
	}
	if !stop() {
		// ctx ended during the handshake; release has closed the connection.
		_ = bus.Close()
		return nil, fmt.Errorf("cannot connect to D-Bus at %s: %w", address, ctx.Err())
	}
	if err != nil {
		release()
		_ = bus.Close()
		return nil, fmt.Errorf("cannot authenticate to D-Bus at %s: %w", address, err)
	}
	// Closing the connection cancels its own context; release ours with it.
	context.AfterFunc(bus.Context(), release)
	return bus, nil
}
