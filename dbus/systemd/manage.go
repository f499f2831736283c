package systemd

import (
	"context"
	"fmt"

	"github.com/godbus/dbus/v5"
)

// StopUnitContext calls Manager.StopUnit with mode "replace" and returns the
// job's object path. systemd queues the job and answers at once; the stop
// itself happens after the reply.
func (c *Conn) StopUnitContext(ctx context.Context, name string) (dbus.ObjectPath, error) {
	var job dbus.ObjectPath
	if err := c.manager.CallWithContext(ctx, ManagerInterface+".StopUnit", 0, name, "replace").Store(&job); err != nil {
		return "", fmt.Errorf("cannot stop %s: %w", name, err)
	}
	return job, nil
}

// UnitFileChange is one change DisableUnitFiles reports: its type
// ("unlink", "symlink"), the file and, for a symlink, its destination.
type UnitFileChange struct {
	Type, Filename, Destination string
}

// DisableUnitFilesContext calls Manager.DisableUnitFiles for the persistent
// configuration (not /run) and returns the symlinks systemd removed.
func (c *Conn) DisableUnitFilesContext(ctx context.Context, names []string) ([]UnitFileChange, error) {
	var changes []UnitFileChange
	if err := c.manager.CallWithContext(ctx, ManagerInterface+".DisableUnitFiles", 0, names, false).Store(&changes); err != nil {
		return nil, fmt.Errorf("cannot disable %q: %w", names, err)
	}
	return changes, nil
}

// ReloadContext calls Manager.Reload (systemctl daemon-reload), so systemd
// forgets unit files that were removed.
func (c *Conn) ReloadContext(ctx context.Context) error {
	if call := c.manager.CallWithContext(ctx, ManagerInterface+".Reload", 0); call.Err != nil {
		return fmt.Errorf("cannot reload systemd: %w", call.Err)
	}
	return nil
}

// UnitState is a unit's load, active and sub state.
type UnitState struct {
	Load, Active, Sub string
}

// UnitStateContext loads the unit (Manager.LoadUnit) and reads its
// LoadState, ActiveState and SubState; a unit systemd does not know has
// Load "not-found".
func (c *Conn) UnitStateContext(ctx context.Context, name string) (UnitState, error) {
	var path dbus.ObjectPath
	if err := c.manager.CallWithContext(ctx, ManagerInterface+".LoadUnit", 0, name).Store(&path); err != nil {
		return UnitState{}, fmt.Errorf("cannot load unit %s: %w", name, err)
	}
	obj := c.bus.Object(BusName, path)
	var st UnitState
	for _, p := range []struct {
		name string
		dst  *string
	}{{"LoadState", &st.Load}, {"ActiveState", &st.Active}, {"SubState", &st.Sub}} {
		var v dbus.Variant
		if err := obj.CallWithContext(ctx, "org.freedesktop.DBus.Properties.Get", 0, UnitInterface, p.name).Store(&v); err != nil {
			return UnitState{}, fmt.Errorf("cannot read %s of %s: %w", p.name, name, err)
		}
		s, ok := v.Value().(string)
		if !ok {
			return UnitState{}, fmt.Errorf("cannot read %s of %s: it is a %s, not a string", p.name, name, v.Signature())
		}
		*p.dst = s
	}
	return st, nil
}

// EnableUnitFilesContext calls Manager.EnableUnitFiles for the persistent
// configuration, replacing no link that points elsewhere (systemctl
// enable). installInfo is false when the unit file has no [Install]
// section; changes lists the links systemd made.
func (c *Conn) EnableUnitFilesContext(ctx context.Context, names []string) (installInfo bool, changes []UnitFileChange, err error) {
	err = c.manager.CallWithContext(ctx, ManagerInterface+".EnableUnitFiles", 0, names, false, false).Store(&installInfo, &changes)
	if err != nil {
		return false, nil, fmt.Errorf("cannot enable %q: %w", names, err)
	}
	return installInfo, changes, nil
}
