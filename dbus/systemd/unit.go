// Package systemd is a small client for org.freedesktop.systemd1 over D-Bus.
package systemd

import "github.com/godbus/dbus/v5"

// Unit is one row of Manager.ListUnits / ListUnitsFiltered, in the order of
// the D-Bus signature (ssssssouso).
type Unit struct {
	Name        string
	Description string
	LoadState   string
	ActiveState string
	SubState    string
	Followed    string
	Path        dbus.ObjectPath
	JobID       uint32
	JobType     string
	JobPath     dbus.ObjectPath
}
