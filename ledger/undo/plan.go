// Package undo plans and carries out `uninstall`: it reads the ledger
// newest first, maps every entry to the step that reverses it, and runs
// those steps through small interfaces (files, units, packages, models,
// accounts), so nothing outside the ledger is ever touched. An entry no
// step can reverse is listed with the reason, never skipped silently.
package undo

import (
	"context"
	"fmt"
	"regexp"
	"slices"

	"github.com/jjgarcianorway/anna-assistant/ledger"
)

// Step reverses one ledger entry.
type Step struct {
	Entry ledger.Entry
	// Action says what the step does, in words, for the plan shown to the
	// user.
	Action string
	run    func(ctx context.Context, b Backends) error
}

// Refusal is an entry that cannot be undone, and why.
type Refusal struct {
	Entry  ledger.Entry
	Reason string
}

// Plan is what uninstall will do: Steps newest entry first, and what it
// cannot undo.
type Plan struct {
	Steps      []Step
	CannotUndo []Refusal
	// stateDir is the state directory as the ledger names it.
	stateDir string
}

// packageManagers are the managers whose removal command undo knows.
var packageManagers = map[string]func(name string) []string{
	"apt-get": func(n string) []string { return []string{"apt-get", "remove", "-y", n} },
	"apt":     func(n string) []string { return []string{"apt-get", "remove", "-y", n} },
	"dnf":     func(n string) []string { return []string{"dnf", "remove", "-y", n} },
	"pacman":  func(n string) []string { return []string{"pacman", "-R", "--noconfirm", n} },
	"zypper":  func(n string) []string { return []string{"zypper", "--non-interactive", "remove", n} },
}

// packageName is what package managers accept as a name, and never an
// option.
var packageName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9+._-]*$`)

// Make plans the undo of entries (oldest first, as the ledger holds them).
// stateDir is the state directory as the ledger names it: it holds only
// Anna's data, so it is removed whole, and last.
func Make(entries []ledger.Entry, stateDir string) Plan {
	p := Plan{stateDir: stateDir}
	es := slices.Clone(entries)
	slices.Reverse(es)
	var last []Step
	for _, e := range es {
		if e.Kind == ledger.Repaired {
			// A record of autofix putting Anna's own files back as they
			// were: the thing repaired is undone by its own entry.
			continue
		}
		self := e.Kind == ledger.DirCreated && e.Target == stateDir
		if self {
			e.Owned = true
		}
		s, why := step(e)
		switch {
		case why != "":
			p.CannotUndo = append(p.CannotUndo, Refusal{Entry: e, Reason: why})
		case self:
			// It holds the backups later steps restore from, and the
			// ledger itself, whatever its place in the ledger.
			last = append(last, s)
		default:
			p.Steps = append(p.Steps, s)
		}
	}
	p.Steps = append(p.Steps, last...)
	return p
}

// step maps an entry to its reversal, or says why there is none.
func step(e ledger.Entry) (Step, string) {
	s := Step{Entry: e}
	t := e.Target
	switch e.Kind {
	case ledger.FileCreated, ledger.StateWritten, ledger.UnitInstalled:
		s.Action = "remove file " + t
		if e.Kind == ledger.UnitInstalled {
			s.Action = "remove unit file " + t
		}
		s.run = func(_ context.Context, b Backends) error { return b.Files.Remove(t) }
		if e.Digest != "" {
			s.Action += " unless changed since"
			s.run = func(_ context.Context, b Backends) error { return b.Files.RemoveIfUnchanged(t, e.Digest) }
		}
	case ledger.DirCreated:
		s.Action = "remove directory " + t + " if empty"
		if e.Owned {
			s.Action = "remove directory " + t + " and everything in it"
		}
		s.run = func(_ context.Context, b Backends) error { return b.Files.RemoveDir(t, e.Owned) }
	case ledger.FileChanged, ledger.ConfigWritten:
		if e.Backup == "" && e.Kind == ledger.FileChanged {
			return s, "no backup of the old content was recorded"
		}
		if e.Backup == "" {
			s.Action = "remove file " + t + " (it did not exist before)"
			s.run = func(_ context.Context, b Backends) error { return b.Files.Remove(t) }
			break
		}
		s.Action = "restore " + t + " from " + e.Backup
		s.run = func(_ context.Context, b Backends) error { return b.Files.Restore(t, e.Backup, e.Mode) }
	case ledger.PackageInstalled:
		argv, ok := packageManagers[e.Manager]
		switch {
		case !ok:
			return s, fmt.Sprintf("the package manager %q is not one uninstall knows (apt-get, dnf, pacman, zypper)", e.Manager)
		case !packageName.MatchString(t):
			return s, fmt.Sprintf("%q is not a package name", t)
		}
		s.Action = fmt.Sprintf("remove package %s with %s", t, e.Manager)
		s.run = func(ctx context.Context, b Backends) error { return b.Packages.Remove(ctx, argv(t)) }
	case ledger.ModelPulled:
		s.Action = "delete model " + t + " from Ollama"
		s.run = func(ctx context.Context, b Backends) error { return b.Models.Delete(ctx, t) }
	case ledger.UnitEnabled:
		s.Action = "disable unit " + t
		s.run = func(ctx context.Context, b Backends) error { return b.Units.Disable(ctx, t) }
	case ledger.GroupCreated:
		s.Action = "delete group " + t
		s.run = func(ctx context.Context, b Backends) error { return b.Accounts.DeleteGroup(ctx, t) }
	case ledger.UserAddedToGroup:
		if e.Group == "" {
			return s, "the group the user was added to was not recorded"
		}
		s.Action = fmt.Sprintf("remove user %s from group %s", t, e.Group)
		s.run = func(ctx context.Context, b Backends) error { return b.Accounts.RemoveFromGroup(ctx, t, e.Group) }
	default:
		return s, fmt.Sprintf("this annad does not know how to undo a %q entry (written by a newer Anna?)", e.Kind)
	}
	return s, ""
}
