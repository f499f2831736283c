package undo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jjgarcianorway/anna-assistant/ledger"
)

// Files removes and restores files, following no symlink.
type Files interface {
	Remove(path string) error
	RemoveIfUnchanged(path, digest string) error
	RemoveDir(path string, all bool) error
	Restore(path, backup string, mode uint32) error
}

// Units changes systemd's configuration.
type Units interface {
	Disable(ctx context.Context, unit string) error
	Reload(ctx context.Context) error
}

// Packages runs a package manager's removal command (argv, no shell).
type Packages interface {
	Remove(ctx context.Context, argv []string) error
}

// Models deletes an Ollama model.
type Models interface {
	Delete(ctx context.Context, name string) error
}

// Accounts changes groups.
type Accounts interface {
	DeleteGroup(ctx context.Context, group string) error
	RemoveFromGroup(ctx context.Context, user, group string) error
}

// Backends carry out the steps.
type Backends struct {
	Files    Files
	Units    Units
	Packages Packages
	Models   Models
	Accounts Accounts
}

// Deadlines of one step: removing a package may take minutes, the rest
// seconds.
const (
	packageTimeout = 5 * time.Minute
	stepTimeout    = 30 * time.Second
)

// Failure is a step that did not work.
type Failure struct {
	Step Step
	Err  error
}

// Outcome is what Execute did.
type Outcome struct {
	Done   []Step
	Failed []Failure
	// Kept are the steps that left their target on purpose (ErrKept).
	Kept []Failure
	// StateDirRemoved is set when the state directory, and the ledger in
	// it, is gone.
	StateDirRemoved bool
}

// Execute runs the plan's steps in order and then reloads systemd if a
// unit file went. A failed step does not stop the others (each undoes an
// independent change), but the state directory, which holds the ledger,
// is kept when anything failed, so the ledger still lists what is left.
func (p Plan) Execute(ctx context.Context, b Backends) Outcome {
	var out Outcome
	stateDir := p.stateDir
	reload := false
	for _, s := range p.Steps {
		if s.Entry.Kind == ledger.DirCreated && s.Entry.Target == stateDir && len(out.Failed) > 0 {
			out.Failed = append(out.Failed, Failure{Step: s, Err: fmt.Errorf("cannot remove %s yet: %d earlier steps failed, and the ledger in it lists them; fix them and run annactl uninstall again", stateDir, len(out.Failed))})
			continue
		}
		timeout := stepTimeout
		if s.Entry.Kind == ledger.PackageInstalled {
			timeout = packageTimeout
		}
		sctx, cancel := context.WithTimeout(ctx, timeout)
		err := s.run(sctx, b)
		cancel()
		if errors.Is(err, ErrKept) {
			out.Kept = append(out.Kept, Failure{Step: s, Err: err})
			continue
		}
		if err != nil {
			out.Failed = append(out.Failed, Failure{Step: s, Err: err})
			continue
		}
		out.Done = append(out.Done, s)
		reload = reload || s.Entry.Kind == ledger.UnitInstalled
		if s.Entry.Kind == ledger.DirCreated && s.Entry.Target == stateDir {
			out.StateDirRemoved = true
		}
	}
	if reload {
		rctx, cancel := context.WithTimeout(ctx, stepTimeout)
		defer cancel()
		if err := b.Units.Reload(rctx); err != nil {
			out.Failed = append(out.Failed, Failure{Step: Step{Action: "reload systemd"}, Err: err})
		}
	}
	return out
}
