// Package units drives systemd over D-Bus for upkeep: it reads a unit's
// states, starts and restarts units and waits for each job's result (the
// JobRemoved signal), and reloads unit files. It implements upkeep.Units.
package units

import (
	"context"
	"fmt"
	"sync"

	"github.com/godbus/dbus/v5"

	annadbus "github.com/jjgarcianorway/anna-assistant/dbus"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

const unitInterface = "org.freedesktop.systemd1.Unit"

// maxFinished bounds the results kept of jobs nobody waits for yet: a job
// may end before StartUnit's caller has read its path.
const maxFinished = 256

// Systemd is a private connection to systemd's manager. It is safe for
// concurrent use; Close it when done.
type Systemd struct {
	bus     *dbus.Conn
	manager dbus.BusObject
	signals chan *dbus.Signal

	mu       sync.Mutex
	waiting  map[dbus.ObjectPath]chan string // job → its result
	finished map[dbus.ObjectPath]string
}

var _ upkeep.Units = (*Systemd)(nil)

// Connect opens a private connection to the bus at address
// (annadbus.SystemBusAddress() in annad) and subscribes to job signals;
// ctx bounds only the setup.
func Connect(ctx context.Context, address string) (*Systemd, error) {
	bus, err := annadbus.Open(ctx, address)
	if err != nil {
		return nil, err
	}
	s := &Systemd{bus: bus, manager: bus.Object(systemd.BusName, systemd.ManagerPath),
		signals: make(chan *dbus.Signal, 64), waiting: map[dbus.ObjectPath]chan string{}, finished: map[dbus.ObjectPath]string{}}
	err = bus.AddMatchSignalContext(ctx, dbus.WithMatchObjectPath(systemd.ManagerPath),
		dbus.WithMatchInterface(systemd.ManagerInterface), dbus.WithMatchMember("JobRemoved"))
	if err == nil {
		// systemd sends its signals only while someone subscribed.
		err = s.manager.CallWithContext(ctx, systemd.ManagerInterface+".Subscribe", 0).Err
	}
	if err != nil {
		_ = bus.Close()
		return nil, fmt.Errorf("cannot subscribe to systemd's job signals: %w", err)
	}
	bus.Signal(s.signals)
	go s.route()
	return s, nil
}

// Close closes the connection; calls in flight fail.
func (s *Systemd) Close() error { return s.bus.Close() }

// route hands each JobRemoved result to the caller waiting for that job,
// or keeps it until that caller asks.
func (s *Systemd) route() {
	for sig := range s.signals {
		if sig.Name != systemd.ManagerInterface+".JobRemoved" || len(sig.Body) != 4 {
			continue
		}
		job, ok1 := sig.Body[1].(dbus.ObjectPath)
		result, ok2 := sig.Body[3].(string)
		if !ok1 || !ok2 {
			continue
		}
		s.mu.Lock()
		if ch, ok := s.waiting[job]; ok {
			ch <- result
			delete(s.waiting, job)
		} else {
			if len(s.finished) >= maxFinished {
				clear(s.finished)
			}
			s.finished[job] = result
		}
		s.mu.Unlock()
	}
}

// State returns the unit's load, active and sub state; a unit systemd does
// not know has LoadState "not-found".
func (s *Systemd) State(ctx context.Context, unit string) (upkeep.UnitState, error) {
	var path dbus.ObjectPath
	if err := s.manager.CallWithContext(ctx, systemd.ManagerInterface+".LoadUnit", 0, unit).Store(&path); err != nil {
		return upkeep.UnitState{}, fmt.Errorf("cannot load unit %s: %w", unit, err)
	}
	obj := s.bus.Object(systemd.BusName, path)
	var st upkeep.UnitState
	for _, p := range []struct {
		name string
		dst  *string
	}{{"LoadState", &st.LoadState}, {"ActiveState", &st.ActiveState}, {"SubState", &st.SubState}} {
		var v dbus.Variant
		if err := obj.CallWithContext(ctx, "org.freedesktop.DBus.Properties.Get", 0, unitInterface, p.name).Store(&v); err != nil {
			return upkeep.UnitState{}, fmt.Errorf("cannot read %s of %s: %w", p.name, unit, err)
		}
		str, ok := v.Value().(string)
		if !ok {
			return upkeep.UnitState{}, fmt.Errorf("cannot read %s of %s: it is a %s, not a string", p.name, unit, v.Signature())
		}
		*p.dst = str
	}
	return st, nil
}

// Start starts unit and waits for the job's result.
func (s *Systemd) Start(ctx context.Context, unit string) error { return s.job(ctx, "StartUnit", unit) }

// Restart restarts unit (starts it if stopped) and waits for the result.
func (s *Systemd) Restart(ctx context.Context, unit string) error {
	return s.job(ctx, "RestartUnit", unit)
}

// Reload makes systemd read unit files again.
func (s *Systemd) Reload(ctx context.Context) error {
	if err := s.manager.CallWithContext(ctx, systemd.ManagerInterface+".Reload", 0).Err; err != nil {
		return fmt.Errorf("cannot reload systemd's units: %w", err)
	}
	return nil
}

// Enable enables unit in the persistent configuration (EnableUnitFiles,
// as systemctl enable does), then reloads so systemd sees the new links.
func (s *Systemd) Enable(ctx context.Context, unit string) (bool, error) {
	var (
		installInfo bool
		changes     []systemd.UnitFileChange
	)
	err := s.manager.CallWithContext(ctx, systemd.ManagerInterface+".EnableUnitFiles", 0, []string{unit}, false, false).Store(&installInfo, &changes)
	if err != nil {
		return false, fmt.Errorf("cannot enable %s: %w", unit, err)
	}
	if !installInfo {
		return false, fmt.Errorf("cannot enable %s: its file has no [Install] section", unit)
	}
	if len(changes) == 0 {
		return false, nil
	}
	return true, s.Reload(ctx)
}

// property is one (name, value) of a transient unit, D-Bus (sv).
type property struct {
	Name  string
	Value dbus.Variant
}

// execCommand is one ExecStart= entry, D-Bus (sasb): the program, its
// argv (argv[0] included) and whether a failure is ignored.
type execCommand struct {
	Path          string
	Args          []string
	IgnoreFailure bool
}

// StartTransient asks systemd to run argv once in a new transient unit
// (Type=oneshot), outside the caller's own unit: what it does survives
// the caller being stopped, as the end of annad's self-update must (see
// update.Finisher). It returns once systemd queued the job ("fail" mode:
// a unit of that name already running is an error, never replaced); it
// does not wait for the result, because the program may stop the caller.
func (s *Systemd) StartTransient(ctx context.Context, unit, description string, argv []string) error {
	if len(argv) == 0 || argv[0] == "" || argv[0][0] != '/' {
		return fmt.Errorf("cannot start %s: the program must be an absolute path", unit)
	}
	props := []property{
		{"Description", dbus.MakeVariant(description)},
		{"Type", dbus.MakeVariant("oneshot")},
		{"ExecStart", dbus.MakeVariant([]execCommand{{Path: argv[0], Args: argv, IgnoreFailure: false}})},
	}
	aux := []struct {
		Name  string
		Props []property
	}{}
	var job dbus.ObjectPath
	if err := s.manager.CallWithContext(ctx, systemd.ManagerInterface+".StartTransientUnit", 0, unit, "fail", props, aux).Store(&job); err != nil {
		return fmt.Errorf("cannot start %s: %w", unit, err)
	}
	return nil
}

func (s *Systemd) job(ctx context.Context, method, unit string) error {
	var job dbus.ObjectPath
	if err := s.manager.CallWithContext(ctx, systemd.ManagerInterface+"."+method, 0, unit, "replace").Store(&job); err != nil {
		return fmt.Errorf("cannot %s %s: %w", verb(method), unit, err)
	}
	ch := make(chan string, 1)
	s.mu.Lock()
	if r, ok := s.finished[job]; ok {
		delete(s.finished, job)
		ch <- r
	} else {
		s.waiting[job] = ch
	}
	s.mu.Unlock()
	select {
	case r := <-ch:
		if r != "done" {
			return fmt.Errorf("cannot %s %s: its job finished with result %q; see journalctl -u %s", verb(method), unit, r, unit)
		}
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		delete(s.waiting, job)
		s.mu.Unlock()
		return fmt.Errorf("cannot %s %s: no result before the deadline: %w", verb(method), unit, ctx.Err())
	}
}

func verb(method string) string {
	if method == "RestartUnit" {
		return "restart"
	}
	return "start"
}
