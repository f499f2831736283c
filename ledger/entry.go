package ledger

import (
	"fmt"
	"path/filepath"
	"regexp"
	"time"
)

// Kind says what change an entry records.
type Kind string

// The kinds of change Anna makes.
const (
	FileCreated      Kind = "file_created"        // Target: a file Anna created
	DirCreated       Kind = "dir_created"         // Target: a directory; Owned: everything in it is Anna's
	FileChanged      Kind = "file_changed"        // Target: a file Anna changed; Backup: its old content
	ConfigWritten    Kind = "config_written"      // Target: a config file; Backup: its old content, "" if it did not exist
	PackageInstalled Kind = "package_installed"   // Target: a package; Manager: apt-get, dnf, pacman or zypper
	ModelPulled      Kind = "model_pulled"        // Target: an Ollama model
	UnitInstalled    Kind = "unit_installed"      // Target: a unit file's path
	UnitEnabled      Kind = "unit_enabled"        // Target: a unit name
	GroupCreated     Kind = "group_created"       // Target: a group name
	UserAddedToGroup Kind = "user_added_to_group" // Target: a user name; Group: the group
	StateWritten     Kind = "state_written"       // Target: a file in the state directory holding learned data
	Repaired         Kind = "repaired"            // Target: a path or unit autofix put back as Anna left it; nothing to undo
)

// Version is the schema version this package writes and reads.
const Version = 1

// Bounds on what a ledger may hold; a larger file is treated as damaged.
const (
	MaxBytes      = 4 << 20
	MaxEntries    = 10000
	maxFieldBytes = 4096
)

// Entry is one change. Entries are appended and never edited.
type Entry struct {
	ID     uint64    `json:"id"`
	Time   time.Time `json:"time"`
	Kind   Kind      `json:"kind"`
	Target string    `json:"target"`
	// Reversal data, by kind (see the Kind constants).
	Backup  string `json:"backup,omitempty"`
	Manager string `json:"manager,omitempty"`
	Group   string `json:"group,omitempty"`
	Owned   bool   `json:"owned,omitempty"`
	Mode    uint32 `json:"mode,omitempty"` // the permission bits to restore with Backup
	// Digest is "sha256:<hex>" of what Anna wrote to a file she created,
	// so that undo can tell a file edited since (kept) from hers (removed).
	Digest string `json:"digest,omitempty"`
	// Reason says why, in words; Cause names the request ("request:<id>")
	// or installer step ("installer:<n>") that made the change.
	Reason string `json:"reason"`
	Cause  string `json:"cause"`
}

// Document is the ledger file's content.
type Document struct {
	Version int     `json:"version"`
	NextID  uint64  `json:"next_id"`
	Entries []Entry `json:"entries"`
}

var (
	namePattern   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._@:+/-]*$`)
	digestPattern = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)
)

// IsPathKind reports whether an entry of kind k names a host path.
func IsPathKind(k Kind) bool {
	switch k {
	case FileCreated, DirCreated, FileChanged, ConfigWritten, UnitInstalled, StateWritten:
		return true
	}
	return false
}

// check refuses an entry a later undo could not act on safely: paths must
// be absolute and clean, names plain, every field bounded. Unknown kinds
// pass, so a newer Anna's entries survive a downgrade.
func (e Entry) check() error {
	for _, f := range []string{string(e.Kind), e.Target, e.Backup, e.Manager, e.Group, e.Reason, e.Cause} {
		if len(f) > maxFieldBytes {
			return fmt.Errorf("cannot record entry %d: a field is longer than %d bytes", e.ID, maxFieldBytes)
		}
	}
	switch {
	case e.Kind == "" || e.Target == "":
		return fmt.Errorf("cannot record entry %d: kind and target are required", e.ID)
	case IsPathKind(e.Kind) && !cleanAbs(e.Target):
		return fmt.Errorf("cannot record entry %d: target %q is not a clean absolute path", e.ID, e.Target)
	case e.Backup != "" && !cleanAbs(e.Backup):
		return fmt.Errorf("cannot record entry %d: backup %q is not a clean absolute path", e.ID, e.Backup)
	case e.Kind == Repaired && cleanAbs(e.Target):
		// A repaired path; a repaired unit is a plain name, below.
	case !IsPathKind(e.Kind) && !namePattern.MatchString(e.Target):
		return fmt.Errorf("cannot record entry %d: target %q is not a plain name", e.ID, e.Target)
	case e.Digest != "" && !digestPattern.MatchString(e.Digest):
		return fmt.Errorf("cannot record entry %d: digest %q is not sha256:<hex>", e.ID, e.Digest)
	case e.Group != "" && !namePattern.MatchString(e.Group):
		return fmt.Errorf("cannot record entry %d: group %q is not a plain name", e.ID, e.Group)
	}
	return nil
}

func cleanAbs(p string) bool {
	return filepath.IsAbs(p) && filepath.Clean(p) == p && p != "/"
}

// same reports whether two entries record the same change, ignoring when
// and why: an import adds only what the ledger lacks. A file written
// again with other content (an upgrade) is a new change: its digest is
// what undo checks before removing it.
func (e Entry) same(o Entry) bool {
	return e.Kind == o.Kind && e.Target == o.Target && e.Group == o.Group && e.Backup == o.Backup && e.Manager == o.Manager && e.Owned == o.Owned &&
		e.Digest == o.Digest
}
