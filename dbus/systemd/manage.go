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
