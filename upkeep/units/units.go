// Package units drives systemd over D-Bus for upkeep: it reads a unit's
// states, starts and restarts units and waits for each job's result,
// enables units, reloads unit files and starts transient units. It
// implements upkeep.Units on dbus/systemd's Conn, which owns the
// JobRemoved bookkeeping.
package units

import (
	"context"
	"fmt"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// Systemd is a private connection to systemd's manager. It is safe for
// concurrent use; Close it when done.
type Systemd struct {
	conn *systemd.Conn
}

var _ upkeep.Units = (*Systemd)(nil)

// Connect opens a private connection to the bus at address
// (annadbus.SystemBusAddress() in annad); ctx bounds only the setup.
func Connect(ctx context.Context, address string) (*Systemd, error) {
	c, err := systemd.Connect(ctx, address)
	if err != nil {
		return nil, err
	}
	return &Systemd{conn: c}, nil
}

// Close closes the connection; calls in flight fail.
func (s *Systemd) Close() error { return s.conn.Close() }

// State returns the unit's load, active and sub state; a unit systemd does
// not know has LoadState "not-found".
func (s *Systemd) State(ctx context.Context, unit string) (upkeep.UnitState, error) {
	st, err := s.conn.UnitStateContext(ctx, unit)
	return upkeep.UnitState{LoadState: st.Load, ActiveState: st.Active, SubState: st.Sub}, err
}

// Start starts unit and waits for the job's result.
func (s *Systemd) Start(ctx context.Context, unit string) error {
	return s.conn.StartUnitContext(ctx, unit)
}

// Restart restarts unit (starts it if stopped) and waits for the result.
func (s *Systemd) Restart(ctx context.Context, unit string) error {
	return s.conn.RestartUnitContext(ctx, unit)
}

// Reload makes systemd read unit files again.
func (s *Systemd) Reload(ctx context.Context) error {
	if err := s.conn.ReloadContext(ctx); err != nil {
		return fmt.Errorf("cannot reload systemd's units: %w", err)
	}
	return nil
}

// Enable enables unit in the persistent configuration (EnableUnitFiles,
// as systemctl enable does), then reloads so systemd sees the new links.
func (s *Systemd) Enable(ctx context.Context, unit string) (bool, error) {
	installInfo, changes, err := s.conn.EnableUnitFilesContext(ctx, []string{unit})
	if err != nil {
		return false, err
	}
	if !installInfo {
		return false, fmt.Errorf("cannot enable %s: its file has no [Install] section", unit)
	}
	if len(changes) == 0 {
		return false, nil
	}
	return true, s.Reload(ctx)
}

// StartTransient asks systemd to run argv once in a new transient unit
// (Type=oneshot), outside the caller's own unit: PID 1 starts it in a
// cgroup of its own, with no dependency on the caller's unit, so what it
// does survives the caller being stopped or restarted, as the end of
// annad's self-update must (see update.Finisher). systemd kills it at
// timeout (TimeoutStartSec: a oneshot service's whole run is its start;
// RuntimeMaxSec does not apply to one). It returns once systemd queued
// the job ("fail" mode: a unit of that name already running is an error,
// never replaced); it does not wait for the result, because the program
// may stop the caller. systemd.Conn.RunContext is the variant that waits.
func (s *Systemd) StartTransient(ctx context.Context, unit, description string, argv []string, timeout time.Duration) error {
	if len(argv) == 0 || argv[0] == "" || argv[0][0] != '/' {
		return fmt.Errorf("cannot start %s: the program must be an absolute path", unit)
	}
	if timeout <= 0 {
		return fmt.Errorf("cannot start %s: it needs a deadline", unit)
	}
	props := []systemd.Property{
		{Name: "Description", Value: dbus.MakeVariant(description)},
		{Name: "Type", Value: dbus.MakeVariant("oneshot")},
		{Name: "ExecStart", Value: dbus.MakeVariant([]systemd.ExecCommand{{Path: argv[0], Argv: argv}})},
		{Name: "TimeoutStartUSec", Value: dbus.MakeVariant(uint64(timeout / time.Microsecond))},
		// A failed run must not stay loaded: the next update reuses the
		// name, and systemd refuses a transient unit that still exists.
		{Name: "CollectMode", Value: dbus.MakeVariant("inactive-or-failed")},
	}
	_, err := s.conn.StartTransientUnitContext(ctx, unit, props)
	return err
}
