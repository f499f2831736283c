package dbustest

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// transient is a unit StartTransientUnit made: its command runs for real,
// as the test's user, and the unit stays until its reference is dropped.
type transient struct {
	name   string
	path   dbus.ObjectPath
	cancel context.CancelFunc

	mu           sync.Mutex
	result       string
	code, status int32
}

// Transient returns the names of the transient units the manager still
// holds: started and not yet released with Unref.
func (s *Systemd) Transient() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var names []string
	for n := range s.transient {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func invalid(format string, args ...any) *dbus.Error {
	return dbus.NewError("org.freedesktop.DBus.Error.InvalidArgs", []any{fmt.Sprintf(format, args...)})
}

// Subscribe answers like systemd; the fake emits JobRemoved to everyone.
func (m *manager) Subscribe() *dbus.Error { return nil }

// GetUnit answers like systemd: the object path of a loaded unit (a
// transient one, or one of the listed units), else NoSuchUnit.
func (m *manager) GetUnit(name string) (dbus.ObjectPath, *dbus.Error) {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if u, ok := s.transient[name]; ok {
		return u.path, nil
	}
	for _, u := range s.units {
		if u.Name == name {
			return u.Path, nil
		}
	}
	return "", dbus.NewError("org.freedesktop.systemd1.NoSuchUnit", []any{"Unit " + name + " not loaded."})
}

// StartTransientUnit answers like systemd for the oneshot services that
// systemd.Conn.RunContext and units.Systemd.StartTransient ask for: it
// checks the properties Anna relies on (Type=oneshot, one ExecStart with
// an absolute path, CollectMode=inactive-or-failed, AddRef true if set),
// runs the argv with exactly the given environment, kills it at
// TimeoutStartUSec, and emits JobRemoved with "done" or "failed" when it
// ends. A unit without AddRef is forgotten then, as systemd collects it.
// Its Jobs entry is "run <argv>".
func (m *manager) StartTransientUnit(name, mode string, props []systemd.Property, aux []systemd.AuxUnit) (dbus.ObjectPath, *dbus.Error) {
	s := m.s
	var (
		execs   []systemd.ExecCommand
		env     []string
		timeout time.Duration
		got     = map[string]any{}
	)
	for _, p := range props {
		got[p.Name] = p.Value.Value()
		switch p.Name {
		case "ExecStart":
			if err := dbus.Store([]any{p.Value.Value()}, &execs); err != nil {
				return "", invalid("ExecStart: %v", err)
			}
		case "Environment":
			env, _ = p.Value.Value().([]string)
		case "TimeoutStartUSec":
			us, _ := p.Value.Value().(uint64)
			timeout = time.Duration(us) * time.Microsecond
		}
	}
	switch {
	case !strings.HasSuffix(name, ".service") || mode != "fail" || len(aux) != 0:
		return "", invalid("unit %q, mode %q, %d aux units", name, mode, len(aux))
	case got["Type"] != "oneshot" || (got["AddRef"] != nil && got["AddRef"] != true) || got["CollectMode"] != "inactive-or-failed":
		return "", invalid("Type %v, AddRef %v, CollectMode %v", got["Type"], got["AddRef"], got["CollectMode"])
	case len(execs) != 1 || !filepath.IsAbs(execs[0].Path) || len(execs[0].Argv) == 0:
		return "", invalid("ExecStart %v", execs)
	}
	if err := s.record("run " + strings.Join(execs[0].Argv, " ")); err != nil {
		return "", err
	}
	ctx, cancel := context.WithCancel(context.Background())
	if timeout > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), timeout)
	}
	u := &transient{name: name, path: UnitPath(name), cancel: cancel}
	s.mu.Lock()
	if _, ok := s.transient[name]; ok {
		s.mu.Unlock()
		cancel()
		return "", dbus.NewError("org.freedesktop.systemd1.UnitExists", []any{"Unit " + name + " was already loaded or has a fragment file."})
	}
	s.transient[name] = u
	s.jobID++
	id, conn := s.jobID, s.conn
	s.mu.Unlock()
	job := dbus.ObjectPath(fmt.Sprintf("/org/freedesktop/systemd1/job/%d", id))
	_ = conn.Export(unitProps{u}, u.path, "org.freedesktop.DBus.Properties")
	_ = conn.Export(unitMethods{s, u}, u.path, systemd.UnitInterface)

	cmd := exec.CommandContext(ctx, execs[0].Path, execs[0].Argv[1:]...)
	cmd.Args, cmd.Env = execs[0].Argv, env
	go func() {
		// A command outlives no test.
		select {
		case <-s.closed:
			cancel()
		case <-ctx.Done():
		}
	}()
	go func() {
		defer cancel()
		err := cmd.Run()
		u.mu.Lock()
		u.result, u.code, u.status = "success", 1, 0
		var ee *exec.ExitError
		switch {
		case errors.As(err, &ee) && ee.Sys().(syscall.WaitStatus).Signaled():
			u.result, u.code, u.status = "signal", 2, int32(ee.Sys().(syscall.WaitStatus).Signal())
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				u.result = "timeout"
			}
		case errors.As(err, &ee):
			u.result, u.status = "exit-code", int32(ee.ExitCode())
		case err != nil: // systemd's EXIT_EXEC: the program could not run
			u.result, u.status = "exit-code", 203
		}
		jobResult := "done"
		if u.result != "success" {
			jobResult = "failed"
		}
		u.mu.Unlock()
		if got["AddRef"] == nil {
			_ = unitMethods{s, u}.Unref()
		}
		_ = conn.Emit(systemd.ManagerPath, systemd.ManagerInterface+".JobRemoved", id, job, name, jobResult)
	}()
	return job, nil
}

// unitProps is org.freedesktop.DBus.Properties of a transient unit.
type unitProps struct{ u *transient }

// Get answers the service properties RunContext reads.
func (p unitProps) Get(iface, prop string) (dbus.Variant, *dbus.Error) {
	p.u.mu.Lock()
	defer p.u.mu.Unlock()
	if iface == systemd.ServiceInterface {
		switch prop {
		case "Result":
			return dbus.MakeVariant(p.u.result), nil
		case "ExecMainCode":
			return dbus.MakeVariant(p.u.code), nil
		case "ExecMainStatus":
			return dbus.MakeVariant(p.u.status), nil
		}
	}
	return dbus.Variant{}, dbus.NewError("org.freedesktop.DBus.Error.UnknownProperty", []any{iface + "." + prop})
}

// unitMethods is org.freedesktop.systemd1.Unit of a transient unit.
type unitMethods struct {
	s *Systemd
	u *transient
}

// Unref drops the reference AddRef took; with CollectMode
// inactive-or-failed systemd then forgets the unit, as the fake does.
func (x unitMethods) Unref() *dbus.Error {
	x.s.mu.Lock()
	delete(x.s.transient, x.u.name)
	conn := x.s.conn
	x.s.mu.Unlock()
	_ = conn.Export(nil, x.u.path, "org.freedesktop.DBus.Properties")
	_ = conn.Export(nil, x.u.path, systemd.UnitInterface)
	return nil
}
