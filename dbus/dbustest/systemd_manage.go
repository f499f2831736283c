package dbustest

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// Jobs returns the changes asked of the manager so far, in order, one
// string each: "stop <unit> <mode>", "disable <unit>…" or "reload".
func (s *Systemd) Jobs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.jobs)
}

// record notes a change, waits as Delay asked, and returns the error Fail
// asked for, if any.
func (s *Systemd) record(job string) *dbus.Error {
	s.mu.Lock()
	s.jobs = append(s.jobs, job)
	delay, fail := s.delay, s.fail
	s.mu.Unlock()
	if delay > 0 {
		timer := time.NewTimer(delay)
		select {
		case <-timer.C:
		case <-s.closed:
			timer.Stop()
		}
	}
	return fail
}

// StopUnit answers like systemd: a job path. The stop itself is left
// undone, except that a transient unit's command is killed.
func (m *manager) StopUnit(name, mode string) (dbus.ObjectPath, *dbus.Error) {
	if err := m.s.record("stop " + name + " " + mode); err != nil {
		return "", err
	}
	m.s.mu.Lock()
	if u, ok := m.s.transient[name]; ok {
		u.cancel()
	}
	m.s.mu.Unlock()
	return "/org/freedesktop/systemd1/job/1", nil
}

// OnRestart makes RestartUnit call start with the unit's name, as
// systemd's start of the unit, and end the job with the result it
// returns ("done", "failed", …). Without it every restart is "done".
func (s *Systemd) OnRestart(start func(unit string) (result string)) {
	s.mu.Lock()
	s.restart = start
	s.mu.Unlock()
}

// RestartUnit answers like systemd: a job path at once, and JobRemoved
// once the start (OnRestart) is over. Its Jobs entry is
// "restart <unit> <mode>".
func (m *manager) RestartUnit(name, mode string) (dbus.ObjectPath, *dbus.Error) {
	s := m.s
	if err := s.record("restart " + name + " " + mode); err != nil {
		return "", err
	}
	s.mu.Lock()
	s.jobID++
	id, conn, start := s.jobID, s.conn, s.restart
	s.mu.Unlock()
	job := dbus.ObjectPath(fmt.Sprintf("/org/freedesktop/systemd1/job/%d", id))
	go func() {
		result := "done"
		if start != nil {
			result = start(name)
		}
		_ = conn.Emit(systemd.ManagerPath, systemd.ManagerInterface+".JobRemoved", id, job, name, result)
	}()
	return job, nil
}

// DisableUnitFiles answers like systemd: one "unlink" per unit, from
// /etc/systemd/system.
func (m *manager) DisableUnitFiles(names []string, runtime bool) ([]systemd.UnitFileChange, *dbus.Error) {
	if err := m.s.record("disable " + strings.Join(names, " ")); err != nil {
		return nil, err
	}
	changes := []systemd.UnitFileChange{}
	for _, n := range names {
		changes = append(changes, systemd.UnitFileChange{Type: "unlink", Filename: "/etc/systemd/system/sockets.target.wants/" + n})
	}
	return changes, nil
}

// Reload answers like systemd's daemon-reload.
func (m *manager) Reload() *dbus.Error {
	return m.s.record("reload")
}
