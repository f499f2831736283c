// Package upkeep keeps Anna's own installation working: it installs and
// runs Ollama and pulls the model (package upkeep/ollama) and updates annad
// and annactl from signed releases (package upkeep/update). This package
// holds what both need from the rest of annad, as small interfaces, so the
// ledger and the systemd client stay in their own packages and tests can
// hand in recorders and unit managers that behave as the test wants.
package upkeep

import "context"

// Entry kinds: what an Entry's Target names.
const (
	KindFile   = "file"   // a regular file annad created or replaced
	KindDir    = "dir"    // a directory annad created
	KindUnit   = "unit"   // a systemd unit file annad created and started
	KindModel  = "model"  // a model annad pulled into Ollama
	KindBinary = "binary" // an Anna binary replaced by an update
	// KindRepair is a repair autofix made to Anna's own installation
	// (Target is the path or unit); there is nothing to undo.
	KindRepair = "repair"
	// KindUnitEnabled is a unit annad enabled (Target is its name), so it
	// starts at boot.
	KindUnitEnabled = "unit_enabled"
)

// Reversals: what uninstall does to undo an Entry.
const (
	// ReverseRemove removes Target (a file, or an empty directory).
	ReverseRemove = "remove"
	// ReverseStopRemove stops and disables the unit whose file Target is
	// (the unit name is its base name), then removes the file.
	ReverseStopRemove = "stop-disable-remove"
	// ReverseDeleteModel deletes the model from Ollama.
	ReverseDeleteModel = "delete-model"
	// ReverseRestore puts Backup back in place of Target.
	ReverseRestore = "restore"
	// ReverseDisable disables the unit Target names.
	ReverseDisable = "disable"
)

// Entry is one change annad made to the host, as the ledger needs it to
// undo the change at uninstall: what kind of thing, which one, and how.
type Entry struct {
	Kind     string
	Target   string // a path, a unit name or a model name
	Reversal string
	// Backup is the previous content's path for ReverseRestore, if kept.
	Backup string
	// SHA256 is the hex digest of a file's content, so uninstall can tell
	// whether someone changed it since.
	SHA256 string
	// Note says why, in words, e.g. "update 0.1.0 → 0.2.0".
	Note string
}

// Recorder writes entries to the installation ledger. Record returns only
// once the entry is durable: annad records before it reports a change done.
type Recorder interface {
	Record(ctx context.Context, e Entry) error
}

// UnitState is what systemd says of one unit.
type UnitState struct {
	// LoadState is "loaded", "not-found", …; ActiveState "active",
	// "inactive", "failed", …
	LoadState   string
	ActiveState string
	SubState    string
}

// Units is the part of systemd's manager that upkeep drives, over D-Bus.
// Start and Restart wait for the job's result and fail unless it is
// "done"; every call honors ctx's deadline.
type Units interface {
	State(ctx context.Context, unit string) (UnitState, error)
	Start(ctx context.Context, unit string) error
	Restart(ctx context.Context, unit string) error
	// Reload makes systemd read unit files again (daemon-reload), after
	// upkeep wrote one.
	Reload(ctx context.Context) error
	// Enable enables unit (its [Install] section's links), then reloads;
	// changed is false when it was enabled already.
	Enable(ctx context.Context, unit string) (changed bool, err error)
}
