package units

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// fakeManager is systemd's manager as upkeep uses it: units with states,
// jobs that end with the result the test chose, reported by JobRemoved.
type fakeManager struct {
	conn     atomic.Pointer[dbus.Conn]
	mu       sync.Mutex
	units    map[string]*fakeUnit
	results  map[string]string // unit → job result; "" never ends
	early    bool              // emit JobRemoved before the method reply
	calls    []string
	reloads  int
	subs     int
	jobCount uint32
	enabled  map[string]bool
}

type fakeUnit struct {
	mu                   sync.Mutex
	load, active, substr string
}

// Get is org.freedesktop.DBus.Properties.Get for a unit object.
func (u *fakeUnit) Get(iface, prop string) (dbus.Variant, *dbus.Error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if iface != systemd.UnitInterface {
		return dbus.Variant{}, dbus.NewError("org.freedesktop.DBus.Error.UnknownInterface", []any{iface})
	}
	switch prop {
	case "LoadState":
		return dbus.MakeVariant(u.load), nil
	case "ActiveState":
		return dbus.MakeVariant(u.active), nil
	case "SubState":
		return dbus.MakeVariant(u.substr), nil
	}
	return dbus.Variant{}, dbus.NewError("org.freedesktop.DBus.Error.UnknownProperty", []any{prop})
}

type managerMethods struct{ m *fakeManager }

func (x managerMethods) Subscribe() *dbus.Error {
	x.m.mu.Lock()
	x.m.subs++
	x.m.mu.Unlock()
	return nil
}

func (x managerMethods) Reload() *dbus.Error {
	x.m.mu.Lock()
	x.m.reloads++
	x.m.mu.Unlock()
	return nil
}

func (x managerMethods) LoadUnit(name string) (dbus.ObjectPath, *dbus.Error) {
	return dbustest.UnitPath(name), nil
}

func (x managerMethods) StartUnit(name, mode string) (dbus.ObjectPath, *dbus.Error) {
	return x.m.job("StartUnit", name, mode)
}

func (x managerMethods) RestartUnit(name, mode string) (dbus.ObjectPath, *dbus.Error) {
	return x.m.job("RestartUnit", name, mode)
}

// EnableUnitFiles answers like systemd: the links it made, none when the
// unit was enabled already, and no install info for a unit without an
// [Install] section.
func (x managerMethods) EnableUnitFiles(names []string, runtime, force bool) (bool, []systemd.UnitFileChange, *dbus.Error) {
	x.m.mu.Lock()
	defer x.m.mu.Unlock()
	x.m.calls = append(x.m.calls, fmt.Sprintf("EnableUnitFiles %s runtime=%v force=%v", strings.Join(names, " "), runtime, force))
	changes := []systemd.UnitFileChange{}
	for _, n := range names {
		if n == "static.service" {
			return false, changes, nil
		}
		if !x.m.enabled[n] {
			x.m.enabled[n] = true
			changes = append(changes, systemd.UnitFileChange{Type: "symlink", Filename: "/etc/systemd/system/multi-user.target.wants/" + n, Destination: "/etc/systemd/system/" + n})
		}
	}
	return true, changes, nil
}

// StartTransientUnit answers like systemd: a job path; the unit's name,
// mode and properties are kept for the test.
func (x managerMethods) StartTransientUnit(name, mode string, props []systemd.Property, aux []struct {
	Name  string
	Props []systemd.Property
}) (dbus.ObjectPath, *dbus.Error) {
	x.m.mu.Lock()
	defer x.m.mu.Unlock()
	call := "StartTransientUnit " + name + " " + mode
	for _, p := range props {
		call += fmt.Sprintf(" %s=%v", p.Name, p.Value.Value())
	}
	x.m.calls = append(x.m.calls, call+fmt.Sprintf(" aux=%d", len(aux)))
	return "/org/freedesktop/systemd1/job/99", nil
}

func (m *fakeManager) job(method, name, mode string) (dbus.ObjectPath, *dbus.Error) {
	m.mu.Lock()
	m.calls = append(m.calls, method+" "+name+" "+mode)
	m.jobCount++
	id := m.jobCount
	result, ok := m.results[name]
	early := m.early
	m.mu.Unlock()
	if !ok {
		return "", dbus.NewError("org.freedesktop.systemd1.NoSuchUnit", []any{"Unit " + name + " not found."})
	}
	job := dbus.ObjectPath("/org/freedesktop/systemd1/job/" + string(rune('0'+id%10)) + string(rune('a'+id/10)))
	emit := func() {
		if result == "" {
			return
		}
		if result == "done" {
			u := m.units[name]
			u.mu.Lock()
			u.active, u.substr = "active", "running"
			u.mu.Unlock()
		}
		_ = m.conn.Load().Emit(systemd.ManagerPath, systemd.ManagerInterface+".JobRemoved", id, job, name, result)
	}
	if early {
		emit()
	} else {
		go emit()
	}
	return job, nil
}

// counts returns the calls, reloads and subscriptions so far.
func (m *fakeManager) counts() (calls []string, reloads, subs int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.calls...), m.reloads, m.subs
}

func setup(t *testing.T) (*Systemd, *fakeManager) {
	t.Helper()
	bus := dbustest.New(t)
	m := &fakeManager{
		units: map[string]*fakeUnit{
			"ollama.service": {load: "loaded", active: "inactive", substr: "dead"},
			"broken.service": {load: "loaded", active: "failed", substr: "failed"},
			"stuck.service":  {load: "loaded", active: "activating", substr: "start"},
			"ghost.service":  {load: "not-found", active: "inactive", substr: "dead"},
		},
		results: map[string]string{"ollama.service": "done", "broken.service": "failed", "stuck.service": ""},
		enabled: map[string]bool{},
	}
	objs := []dbustest.Object{{Path: systemd.ManagerPath, Interface: systemd.ManagerInterface, Value: managerMethods{m}}}
	for name, u := range m.units {
		objs = append(objs, dbustest.Object{Path: dbustest.UnitPath(name), Interface: "org.freedesktop.DBus.Properties", Value: u})
	}
	m.conn.Store(bus.Export(t, systemd.BusName, objs...))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s, m
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return c
}

func TestStateOverDBus(t *testing.T) {
	s, m := setup(t)
	st, err := s.State(ctx(t), "ollama.service")
	if err != nil || st != (upkeep.UnitState{LoadState: "loaded", ActiveState: "inactive", SubState: "dead"}) {
		t.Errorf("ollama.service: %+v, %v", st, err)
	}
	if st, err := s.State(ctx(t), "ghost.service"); err != nil || st.LoadState != "not-found" {
		t.Errorf("ghost.service: %+v, %v", st, err)
	}
	if _, _, subs := m.counts(); subs != 0 {
		t.Errorf("Subscribe called %d times for reads, want none", subs)
	}
}

func TestStartWaitsForTheJobResult(t *testing.T) {
	for _, early := range []bool{false, true} {
		s, m := setup(t)
		m.mu.Lock()
		m.early = early // the signal may arrive before the reply
		m.mu.Unlock()
		if err := s.Start(ctx(t), "ollama.service"); err != nil {
			t.Fatalf("early %v: %v", early, err)
		}
		if st, _ := s.State(ctx(t), "ollama.service"); st.ActiveState != "active" {
			t.Errorf("early %v: state after start = %+v", early, st)
		}
		err := s.Restart(ctx(t), "broken.service")
		if err == nil || !strings.Contains(err.Error(), `cannot restart broken.service: its job finished with result "failed"`) {
			t.Errorf("early %v: restart of a failing unit: %v", early, err)
		}
		want := []string{"StartUnit ollama.service replace", "RestartUnit broken.service replace"}
		calls, _, subs := m.counts()
		if strings.Join(calls, ",") != strings.Join(want, ",") {
			t.Errorf("calls = %q, want %q", calls, want)
		}
		if subs != 1 {
			t.Errorf("Subscribe called %d times, want once, before the first job", subs)
		}
	}
}

func TestStartOfUnknownUnitFails(t *testing.T) {
	s, _ := setup(t)
	if err := s.Start(ctx(t), "nope.service"); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("error = %v", err)
	}
}

func TestJobWithoutResultEndsAtTheDeadline(t *testing.T) {
	s, _ := setup(t)
	c, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := s.Start(c, "stuck.service"); err == nil || !strings.Contains(err.Error(), "no result before the deadline") {
		t.Errorf("error = %v", err)
	}
}

func TestReload(t *testing.T) {
	s, m := setup(t)
	err := s.Reload(ctx(t))
	if _, reloads, _ := m.counts(); err != nil || reloads != 1 {
		t.Errorf("reload: %v, %d", err, reloads)
	}
}

// Enable makes the links once, persistently, and reloads after a change
// only; a unit that cannot be enabled is an error, not a silent no-op.
func TestEnableOverDBus(t *testing.T) {
	s, m := setup(t)
	changed, err := s.Enable(ctx(t), "anna-ollama.service")
	if err != nil || !changed {
		t.Fatalf("first enable: changed %v, %v", changed, err)
	}
	if changed, err := s.Enable(ctx(t), "anna-ollama.service"); err != nil || changed {
		t.Errorf("second enable: changed %v, %v", changed, err)
	}
	calls, reloads, _ := m.counts()
	if reloads != 1 || len(calls) != 2 || calls[0] != "EnableUnitFiles anna-ollama.service runtime=false force=false" {
		t.Errorf("calls %q, reloads %d", calls, reloads)
	}
	if _, err := s.Enable(ctx(t), "static.service"); err == nil || !strings.Contains(err.Error(), "no [Install] section") {
		t.Errorf("enable of a unit without [Install]: %v", err)
	}
}

// A transient unit reaches systemd with the properties of a oneshot that
// runs the given argv, in "fail" mode, with its deadline: exactly these,
// so no PIDs (a scope of the caller's processes), Slice, PartOf or
// BindsTo ties it to the caller's unit, and restarting that unit leaves
// it running. A relative program or no deadline is refused before
// anything is sent.
func TestStartTransientOverDBus(t *testing.T) {
	s, m := setup(t)
	argv := []string{"/usr/local/bin/.annad.prev", "finish-update"}
	if err := s.StartTransient(ctx(t), "anna-update-finish.service", "Anna: finish the update", argv, 6*time.Minute); err != nil {
		t.Fatal(err)
	}
	want := "StartTransientUnit anna-update-finish.service fail Description=Anna: finish the update Type=oneshot " +
		"ExecStart=[[/usr/local/bin/.annad.prev [/usr/local/bin/.annad.prev finish-update] false]] TimeoutStartUSec=360000000 CollectMode=inactive-or-failed aux=0"
	if err := s.StartTransient(ctx(t), "x.service", "x", []string{"annad"}, time.Minute); err == nil || !strings.Contains(err.Error(), "absolute path") {
		t.Errorf("a relative program: %v", err)
	}
	if err := s.StartTransient(ctx(t), "x.service", "x", argv, 0); err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Errorf("no deadline: %v", err)
	}
	if calls, _, _ := m.counts(); len(calls) != 1 || calls[0] != want {
		t.Errorf("calls = %q\nwant     %q", calls, want)
	}
}
