package ledger

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// ManifestName is the name install.sh gives its manifest in the state
// directory (dirs.Layout.InstallManifest()).
const ManifestName = "install-manifest.json"

// maxManifestItems bounds an import; an installer creates a few dozen things.
const maxManifestItems = 1000

// ManifestVersion is the manifest schema version this package imports.
const ManifestVersion = 1

// Manifest is what install.sh writes (package installer documents it).
type Manifest struct {
	Version int            `json:"version"`
	Entries []ManifestItem `json:"entries"`
}

// ManifestItem is one thing install.sh created, in the order it did.
type ManifestItem struct {
	Kind   string `json:"kind"`
	Target string `json:"target"`
	Detail string `json:"detail,omitempty"`
}

// unitDirs hold unit files; a file the installer put there is a unit, whose
// removal needs a daemon-reload.
var unitDirs = []string{"/etc/systemd/system/", "/usr/lib/systemd/system/", "/lib/systemd/system/"}

// entry maps the installer's kinds to the ledger's (see the package doc).
func (m ManifestItem) entry(step int) Entry {
	e := Entry{Kind: Kind(m.Kind), Target: m.Target, Reason: "installed by install.sh", Cause: fmt.Sprintf("installer:%d", step)}
	switch m.Kind {
	case "dir":
		e.Kind = DirCreated
	case "file":
		e.Kind = FileCreated
		if digestPattern.MatchString(m.Detail) {
			e.Digest = m.Detail
		}
		for _, d := range unitDirs {
			if strings.HasPrefix(m.Target, d) {
				e.Kind = UnitInstalled
			}
		}
	case "group":
		e.Kind = GroupCreated
	case "group_member":
		e.Kind, e.Target, e.Group = UserAddedToGroup, m.Detail, m.Target
	case "unit_enabled":
		e.Kind = UnitEnabled
	}
	return e
}

// ImportManifest adds what the installer's manifest records and the ledger
// lacks, then renames the manifest to install-manifest.json.imported-<time>.
// It returns how many entries it added; no manifest adds none. A manifest
// that does not parse, or an item that is not a valid entry, imports
// nothing and stays in place, so the next start tries again.
func (l *Ledger) ImportManifest() (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, err := l.dir.ReadFileLimit(ManifestName, MaxBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return 0, fmt.Errorf("cannot parse the installer's manifest %s: %w", ManifestName, err)
	}
	if m.Version != ManifestVersion {
		return 0, fmt.Errorf("cannot import the installer's manifest: version %d, this annad reads %d", m.Version, ManifestVersion)
	}
	items := m.Entries
	if len(items) > maxManifestItems {
		return 0, fmt.Errorf("cannot import the installer's manifest: %d items, more than %d", len(items), maxManifestItems)
	}
	next := l.doc
	next.Entries = slices.Clone(l.doc.Entries)
	added := 0
	for i, it := range items {
		e := it.entry(i + 1)
		if slices.ContainsFunc(next.Entries, e.same) {
			continue
		}
		e.ID, e.Time = next.NextID, l.now().UTC()
		if err := e.check(); err != nil {
			return 0, fmt.Errorf("cannot import item %d of the installer's manifest: %w", i+1, err)
		}
		next.NextID++
		next.Entries = append(next.Entries, e)
		added++
	}
	if len(next.Entries) > MaxEntries {
		return 0, fmt.Errorf("cannot import the installer's manifest: the ledger would pass its limit of %d entries", MaxEntries)
	}
	if added > 0 {
		if err := l.write(next); err != nil {
			return 0, err
		}
	}
	// Written first, renamed second: a crash between the two imports the
	// same items again on the next start, and they are skipped as present.
	done := ManifestName + ".imported-" + l.now().UTC().Format("20060102T150405.000000000Z")
	if err := l.dir.Rename(ManifestName, done); err != nil {
		return added, err
	}
	return added, nil
}
