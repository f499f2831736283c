package installer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"strings"
)

// ManifestVersion is the manifest schema version install.sh writes.
const ManifestVersion = 1

// MaxManifestBytes bounds the manifest ParseManifest accepts: one run
// writes about a dozen entries.
const MaxManifestBytes = 64 << 10

// ManifestKinds are the entry kinds install.sh writes, with what their
// target names.
var ManifestKinds = map[string]string{
	"dir":          "path",
	"file":         "path",
	"group":        "group",
	"group_member": "group",
	"unit_enabled": "unit",
}

// Manifest is what install.sh created, in order.
type Manifest struct {
	// Version is the schema version (ManifestVersion).
	Version int `json:"version"`
	// Entries are the changes in the order they were made.
	Entries []ManifestEntry `json:"entries"`
}

// ManifestEntry is one thing install.sh created.
type ManifestEntry struct {
	// Kind is one of ManifestKinds.
	Kind string `json:"kind"`
	// Target is the host path, group or unit it created or changed.
	Target string `json:"target"`
	// Detail is the mode of a dir, "sha256:<hex>" of a file, the user
	// added to a group, or how a unit was enabled.
	Detail string `json:"detail"`
}

var (
	nameRE   = regexp.MustCompile(`^[a-z_][a-z0-9_.-]{0,31}\$?$`)
	unitRE   = regexp.MustCompile(`^[A-Za-z0-9:_.@-]{1,255}\.(service|socket)$`)
	sha256RE = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)
	modeRE   = regexp.MustCompile(`^mode 0[0-7]{3}$`)
)

// ParseManifest decodes and checks a manifest: a known version, known
// kinds, clean absolute paths, valid group, user and unit names. Unknown
// fields are refused, so a newer manifest is not half understood.
func ParseManifest(data []byte) (Manifest, error) {
	var m Manifest
	if len(data) > MaxManifestBytes {
		return m, fmt.Errorf("cannot read the install manifest: it is %d bytes, over %d", len(data), MaxManifestBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("cannot read the install manifest: %w", err)
	}
	if m.Version != ManifestVersion {
		return m, fmt.Errorf("cannot read the install manifest: version %d, this annad reads %d", m.Version, ManifestVersion)
	}
	for i, e := range m.Entries {
		if err := e.check(); err != nil {
			return m, fmt.Errorf("cannot read the install manifest: entry %d: %w", i, err)
		}
	}
	return m, nil
}

func (e ManifestEntry) check() error {
	bad := func(what string) error {
		return fmt.Errorf("%s entry has an invalid %s %q", e.Kind, what, e.Target+" "+e.Detail)
	}
	switch e.Kind {
	case "dir", "file":
		if !strings.HasPrefix(e.Target, "/") || path.Clean(e.Target) != e.Target || e.Target == "/" {
			return bad("path")
		}
		if e.Kind == "dir" && !modeRE.MatchString(e.Detail) || e.Kind == "file" && !sha256RE.MatchString(e.Detail) {
			return bad("detail")
		}
	case "group":
		if !nameRE.MatchString(e.Target) {
			return bad("group")
		}
	case "group_member":
		if !nameRE.MatchString(e.Target) || !nameRE.MatchString(e.Detail) {
			return bad("group or user")
		}
	case "unit_enabled":
		if !unitRE.MatchString(e.Target) {
			return bad("unit")
		}
	default:
		return fmt.Errorf("unknown kind %q", e.Kind)
	}
	return nil
}
