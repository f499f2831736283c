package systemd

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"
)

// The interfaces of a unit object and of a service unit's own properties.
const (
	UnitInterface    = "org.freedesktop.systemd1.Unit"
	ServiceInterface = "org.freedesktop.systemd1.Service"
)

// RunPrefix starts the name of every unit RunContext creates, so that
// `systemctl list-units 'anna-run-*'` finds them.
const RunPrefix = "anna-run-"

// cleanupTimeout bounds stopping and releasing a unit after the caller's
// deadline passed.
const cleanupTimeout = 5 * time.Second

// Property is one (name, value) pair of StartTransientUnit's a(sv).
type Property struct {
	Name  string
	Value dbus.Variant
}

// ExecCommand is one entry of ExecStart's a(sasb): the program's path,
// its whole argv (argv[0] included) and whether a failure is ignored.
type ExecCommand struct {
	Path         string
	Argv         []string
	IgnoreFailed bool
}

// AuxUnit is one entry of StartTransientUnit's auxiliary units a(sa(sv)).
type AuxUnit struct {
	Name       string
	Properties []Property
}

// Command is a program RunContext runs to its end.
type Command struct {
	// Argv is the program and its arguments; Argv[0] is an absolute path.
	// No shell reads it.
	Argv []string
	// Env is the whole environment, "NAME=value" each.
	Env []string
	// Description names the unit in systemctl and the journal.
	Description string
}

// ExitError is a command that ran and did not succeed.
type ExitError struct {
	// Unit is the transient unit's name: its output is in the journal
	// under it.
	Unit string
	// Result is the service's Result: "exit-code", "signal", "timeout",
	// "core-dump", "resources" (the program could not be started).
	Result string
	// Code is ExecMainCode (1 exited, 2 killed, 3 dumped) and Status
	// ExecMainStatus: the exit status, or the signal's number.
	Code, Status int32
}

// Error says how the command ended and where its output is.
func (e *ExitError) Error() string {
	how := fmt.Sprintf("it ended with result %q", e.Result)
	switch e.Code {
	case 1:
		how = fmt.Sprintf("it exited with status %d", e.Status)
	case 2, 3:
		how = fmt.Sprintf("it was killed by signal %d (result %q)", e.Status, e.Result)
	}
	return how + "; see journalctl -u " + e.Unit
}

// StartTransientUnitContext calls Manager.StartTransientUnit with mode
// "fail" (a unit of that name already loaded is an error, never replaced)
// and no auxiliary units, and returns the job's path as soon as systemd
// queued it, without waiting for its result: for a program that may stop
// the caller. RunContext is the variant that waits.
func (c *Conn) StartTransientUnitContext(ctx context.Context, name string, props []Property) (dbus.ObjectPath, error) {
	var job dbus.ObjectPath
	if err := c.manager.CallWithContext(ctx, ManagerInterface+".StartTransientUnit", 0, name, "fail", props, []AuxUnit{}).Store(&job); err != nil {
		return "", fmt.Errorf("cannot start %s: %w", name, err)
	}
	return job, nil
}

// RunContext runs cmd to its end as a transient service of systemd
// (Manager.StartTransientUnit): Type=oneshot, ExecStart with cmd.Argv as
// is, the environment cmd.Env and nothing else, so the command runs as
// PID 1 starts it, outside the caller's sandbox. The unit is named
// RunPrefix plus random hex, so no two runs share a name; AddRef and
// CollectMode=inactive-or-failed keep it until its result has been read
// and let systemd forget it then, failed or not.
//
// It returns nil when the command exited with status 0. A command that
// failed gives an error wrapping an *ExitError (errors.As), read from the
// unit's Result, ExecMainCode and ExecMainStatus. When ctx has a deadline,
// systemd kills the command there too (TimeoutStartSec); when ctx ends
// first, RunContext stops the unit and returns an error wrapping
// ctx.Err(). A D-Bus error reply is wrapped unchanged.
func (c *Conn) RunContext(ctx context.Context, cmd Command) error {
	what := strings.Join(cmd.Argv, " ")
	if len(cmd.Argv) == 0 || !filepath.IsAbs(cmd.Argv[0]) {
		return fmt.Errorf("cannot run %q: the program must be an absolute path", what)
	}
	var id [8]byte
	if _, err := rand.Read(id[:]); err != nil {
		return fmt.Errorf("cannot run %s: cannot name its unit: %w", what, err)
	}
	unit := RunPrefix + hex.EncodeToString(id[:]) + ".service"
	desc := cmd.Description
	if desc == "" {
		desc = "Anna: " + what
	}
	env := cmd.Env
	if env == nil {
		env = []string{}
	}
	props := []Property{
		{"Description", dbus.MakeVariant(desc)},
		{"Type", dbus.MakeVariant("oneshot")},
		{"ExecStart", dbus.MakeVariant([]ExecCommand{{Path: cmd.Argv[0], Argv: cmd.Argv}})},
		{"Environment", dbus.MakeVariant(env)},
		{"CollectMode", dbus.MakeVariant("inactive-or-failed")},
		{"AddRef", dbus.MakeVariant(true)},
	}
	if dl, ok := ctx.Deadline(); ok {
		props = append(props, Property{"TimeoutStartUSec", dbus.MakeVariant(uint64(max(time.Until(dl), time.Second) / time.Microsecond))})
	}
	err := c.startJob(ctx, unit, "StartTransientUnit", unit, "fail", props, []AuxUnit{})
	var je *JobError
	switch {
	case err == nil:
		c.release(unit, false)
		return nil
	case errors.As(err, &je):
		ee := c.exit(unit)
		c.release(unit, false)
		return fmt.Errorf("cannot run %s: %w", what, ee)
	case ctx.Err() != nil:
		c.release(unit, true)
		return fmt.Errorf("cannot run %s in time (unit %s stopped): %w", what, unit, err)
	}
	return fmt.Errorf("cannot run %s: %w", what, err)
}

// exit reads how the unit's command ended; what cannot be read stays
// zero, and the error still names the unit.
func (c *Conn) exit(unit string) *ExitError {
	ctx, cancel := context.WithTimeout(context.Background(), cleanupTimeout)
	defer cancel()
	e := &ExitError{Unit: unit, Result: "unknown"}
	var path dbus.ObjectPath
	if c.manager.CallWithContext(ctx, ManagerInterface+".GetUnit", 0, unit).Store(&path) != nil {
		return e
	}
	obj := c.bus.Object(BusName, path)
	get := func(name string) any {
		var v dbus.Variant
		if obj.CallWithContext(ctx, "org.freedesktop.DBus.Properties.Get", 0, ServiceInterface, name).Store(&v) != nil {
			return nil
		}
		return v.Value()
	}
	if s, ok := get("Result").(string); ok {
		e.Result = s
	}
	e.Code, _ = get("ExecMainCode").(int32)
	e.Status, _ = get("ExecMainStatus").(int32)
	return e
}

// release drops the reference AddRef took, after stopping the unit when
// its command may still run; systemd then collects it.
func (c *Conn) release(unit string, stop bool) {
	ctx, cancel := context.WithTimeout(context.Background(), cleanupTimeout)
	defer cancel()
	if stop {
		_ = c.manager.CallWithContext(ctx, ManagerInterface+".StopUnit", 0, unit, "replace").Err
	}
	var path dbus.ObjectPath
	if c.manager.CallWithContext(ctx, ManagerInterface+".GetUnit", 0, unit).Store(&path) == nil {
		_ = c.bus.Object(BusName, path).CallWithContext(ctx, UnitInterface+".Unref", 0).Err
	}
}
