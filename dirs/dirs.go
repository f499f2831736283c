// Package dirs is the one place that knows where Anna's files live on the
// host. Every package asks a Layout instead of spelling a path, so tests can
// point the whole daemon at a fixture tree by choosing another root.
package dirs

import "path/filepath"

// Layout resolves host paths under Root. The zero value resolves against "/".
type Layout struct {
	// Root is prepended to every path; "" and "/" mean the real host.
	Root string
}

// Host is the layout of the running system.
var Host = Layout{Root: "/"}

// At returns a layout rooted at root, for tests that build fixture trees.
func At(root string) Layout { return Layout{Root: root} }

func (l Layout) join(p string) string {
	if l.Root == "" || l.Root == "/" {
		return p
	}
	return filepath.Join(l.Root, p)
}

// Proc is the procfs mount point, normally /proc.
func (l Layout) Proc() string { return l.join("/proc") }

// Sys is the sysfs mount point, normally /sys.
func (l Layout) Sys() string { return l.join("/sys") }

// RunDir holds the socket, normally /run/anna.
func (l Layout) RunDir() string { return l.join("/run/anna") }

// Socket is the daemon's JSON-RPC socket, normally /run/anna/anna.sock.
func (l Layout) Socket() string { return l.join("/run/anna/anna.sock") }

// StateDir holds learned data and the ledger, normally /var/lib/anna.
func (l Layout) StateDir() string { return l.join("/var/lib/anna") }

// ConfigDir holds the configuration, normally /etc/anna.
func (l Layout) ConfigDir() string { return l.join("/etc/anna") }

// ConfigFile is the daemon's TOML configuration, normally /etc/anna/config.toml.
func (l Layout) ConfigFile() string { return l.join("/etc/anna/config.toml") }

// Mountinfo is the mount table of the daemon's own mount namespace.
func (l Layout) Mountinfo() string { return l.join("/proc/self/mountinfo") }

// Path resolves an arbitrary absolute host path under the root, for the
// rare reader (such as /proc/driver/nvidia) that has no method of its own.
func (l Layout) Path(p string) string { return l.join(p) }

// JournalDirs are where journald keeps its files: the volatile
// /run/log/journal and the persistent /var/log/journal, each with one
// subdirectory per machine ID.
func (l Layout) JournalDirs() []string {
	return []string{l.join("/run/log/journal"), l.join("/var/log/journal")}
}

// MachineID is the file holding the machine ID, normally /etc/machine-id.
func (l Layout) MachineID() string { return l.join("/etc/machine-id") }

// Ledger is the record of every change Anna made to the machine, normally
// /var/lib/anna/ledger.json (package ledger).
func (l Layout) Ledger() string { return l.join("/var/lib/anna/ledger.json") }

// Backups holds the old content of files Anna changed, one file per ledger
// entry, normally /var/lib/anna/backups.
func (l Layout) Backups() string { return l.join("/var/lib/anna/backups") }

// InstallManifest is what install.sh leaves for annad to import into the
// ledger on its first start, normally /var/lib/anna/install-manifest.json.
func (l Layout) InstallManifest() string { return l.join("/var/lib/anna/install-manifest.json") }
