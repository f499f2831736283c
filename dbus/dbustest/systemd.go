package dbustest

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// Systemd is a fake org.freedesktop.systemd1 whose Manager serves a unit
// list the test controls. It can answer slowly or with a D-Bus error, to test
// deadlines and error paths over a real bus.
type Systemd struct {
	mu     sync.Mutex
	units  []systemd.Unit
	fail   *dbus.Error
	delay  time.Duration
	calls  [][]string
	jobs   []string
	closed chan struct{}

	conn      *dbus.Conn
	jobID     uint32
	transient map[string]*transient
	restart   func(unit string) string
}

// Systemd exports a fake systemd manager under systemd1's name on the bus,
// serving units. It stops answering when t ends.
func (b *Bus) Systemd(t testing.TB, units ...systemd.Unit) *Systemd {
	t.Helper()
	s := &Systemd{closed: make(chan struct{}), transient: map[string]*transient{}}
	s.SetUnits(units...)
	// A delayed call returns at the latest when the test ends.
	t.Cleanup(func() { close(s.closed) })
	conn := b.Export(t, systemd.BusName, Object{
		Path:      systemd.ManagerPath,
		Interface: systemd.ManagerInterface,
		Value:     &manager{s},
	})
	s.mu.Lock()
	s.conn = conn
	s.mu.Unlock()
	return s
}

// SetUnits replaces the units the manager lists. Empty object paths are
// filled in the way systemd names them.
func (s *Systemd) SetUnits(units ...systemd.Unit) {
	list := make([]systemd.Unit, len(units))
	for i, u := range units {
		if u.Path == "" {
			u.Path = UnitPath(u.Name)
		}
		if u.JobPath == "" {
			u.JobPath = "/"
		}
		list[i] = u
	}
	s.mu.Lock()
	s.units = list
	s.mu.Unlock()
}

// Fail makes every later call answer with the D-Bus error name and message;
// an empty name answers normally again.
func (s *Systemd) Fail(name, message string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if name == "" {
		s.fail = nil
		return
	}
	s.fail = dbus.NewError(name, []any{message})
}

// Delay makes every later call wait d, or until the test ends, before it
// answers.
func (s *Systemd) Delay(d time.Duration) {
	s.mu.Lock()
	s.delay = d
	s.mu.Unlock()
}

// Calls returns the states argument of every ListUnitsFiltered call so far.
func (s *Systemd) Calls() [][]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

// manager carries the D-Bus methods, apart from Systemd's own API so that
// Export sees only them.
type manager struct{ s *Systemd }

// ListUnitsFiltered answers like systemd: the units whose load, active or
// sub state is in states, or every unit when states is empty.
func (m *manager) ListUnitsFiltered(states []string) ([]systemd.Unit, *dbus.Error) {
	s := m.s
	s.mu.Lock()
	s.calls = append(s.calls, slices.Clone(states))
	delay, fail, units := s.delay, s.fail, s.units
	s.mu.Unlock()

	if delay > 0 {
		timer := time.NewTimer(delay)
		select {
		case <-timer.C:
		case <-s.closed:
			timer.Stop()
		}
	}
	if fail != nil {
		return nil, fail
	}
	out := []systemd.Unit{}
	for _, u := range units {
		if len(states) == 0 || slices.Contains(states, u.LoadState) ||
			slices.Contains(states, u.ActiveState) || slices.Contains(states, u.SubState) {
			out = append(out, u)
		}
	}
	return out, nil
}

// ListUnits answers like systemd: every unit.
func (m *manager) ListUnits() ([]systemd.Unit, *dbus.Error) {
	return m.ListUnitsFiltered(nil)
}

// UnitPath returns the object path systemd gives a unit: its name under
// /org/freedesktop/systemd1/unit with every byte outside [A-Za-z0-9]
// escaped as _xx.
func UnitPath(name string) dbus.ObjectPath {
	b := []byte("/org/freedesktop/systemd1/unit/")
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b = append(b, c)
			continue
		}
		b = fmt.Appendf(b, "_%02x", c)
	}
	return dbus.ObjectPath(b)
}
