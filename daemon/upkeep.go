package daemon

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/config"
	"github.com/jjgarcianorway/anna-assistant/daemon/server"
	annadbus "github.com/jjgarcianorway/anna-assistant/dbus"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
	"github.com/jjgarcianorway/anna-assistant/ledger"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
	"github.com/jjgarcianorway/anna-assistant/upkeep/autofix"
	"github.com/jjgarcianorway/anna-assistant/upkeep/ollama"
	"github.com/jjgarcianorway/anna-assistant/upkeep/units"
	"github.com/jjgarcianorway/anna-assistant/upkeep/update"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// Deadlines of upkeep work started by a request.
const (
	// autofixTimeout stays under annactl's 90 s wait for the call.
	autofixTimeout = 60 * time.Second
	// ollamaRecheck is how often the Ollama manager looks again once
	// everything is ready.
	ollamaRecheck = time.Minute
)

// upkeeper holds annad's self-maintenance: the Ollama manager (only with
// [ollama] manage), the update checker (only with [update] url) and the
// systemd connection both drive.
type upkeeper struct {
	units   *lazyUnits
	manager *ollama.Manager
	checker *update.Checker
	nixos   bool
}

// newUpkeep builds the upkeep of d from its config. Under NixOS the
// module installs Ollama and annad: both stay off whatever the config says.
// Ollama is managed only by annad running as a systemd service: the unit
// it writes and starts and the models under /var/lib/anna are the
// service's, so a copy started by hand with the installed config (which
// sets manage = true), such as the installer's test harness, only reports.
func (d *Daemon) newUpkeep() *upkeeper {
	cfg := d.opt.Config
	u := &upkeeper{units: newLazyUnits(), nixos: isNixOS(d)}
	rec := ledgerRecorder{l: d.ledger}
	service := d.opt.Service
	if cfg.Ollama.Manage && !u.nixos && !service {
		d.log.Info("[ollama] manage is on, but annad is not running as a systemd service: it only reports what Ollama lacks")
	}
	if cfg.Ollama.Manage && !u.nixos && service {
		u.manager = &ollama.Manager{
			URL: cfg.Ollama.URL, Model: d.model.Name, Manage: true,
			ReleaseURL: cfg.Ollama.ReleaseURL, ReleaseSHA256: cfg.Ollama.ReleaseSHA256,
			InsecureRegistry: cfg.Ollama.InsecureRegistry, NumCtx: d.llm.NumCtx(),
			Layout: d.opt.Layout, Units: u.units, Ledger: rec, Log: d.log,
			Observe: d.setupChanged,
		}
	}
	keys, err := update.ReleaseKeys()
	if err != nil {
		d.log.Error("the release keys built into annad do not parse; updates are off", "err", err)
	}
	u.checker = &update.Checker{
		URL: cfg.Update.URL, Keys: keys, Current: version.String(),
		AutoUpdate: cfg.Update.AutoUpdate && !u.nixos, Interval: cfg.Update.Interval.Duration,
		BinDir: d.opt.Layout.Path("/usr/local/bin"), Arch: runtime.GOARCH,
		StateDir: d.state.Path(), Socket: d.opt.Socket, Transient: u.units, Ledger: rec, Log: d.log,
	}
	return u
}

// isNixOS reports whether annad runs on NixOS, whose module owns the
// installation (the file NixOS's activation creates).
func isNixOS(d *Daemon) bool {
	_, err := os.Lstat(d.opt.Layout.Path("/etc/NIXOS"))
	return err == nil
}

// settle finishes the last update (update.Checker.Settle): annad calls it
// before it tells systemd it is ready, because the update's finisher
// checks the new annad once the restart job is done, and the new
// binaries must be in the ledger by then. It runs whether or not updates
// are still configured: an update in flight is finished either way.
func (u *upkeeper) settle(ctx context.Context, d *Daemon) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	msg, err := u.checker.Settle(ctx)
	switch {
	case err != nil:
		d.log.Error("cannot settle the last update", "err", err)
	case msg != "":
		d.log.Info(msg)
	}
}

// run starts the background work; it returns when ctx ends.
func (u *upkeeper) run(ctx context.Context, d *Daemon) {
	var wg sync.WaitGroup
	if u.checker.URL != "" {
		wg.Go(func() { u.checker.Run(ctx) })
	}
	if u.manager != nil {
		wg.Go(func() { u.manager.Run(ctx, ollamaRecheck) })
	}
	wg.Wait()
	u.units.Close()
}

// status fills the upkeep rows of `status`.
func (u *upkeeper) status(s *rpc.Status) {
	up := u.checker.Status()
	s.Update = &up
	if u.manager != nil {
		if st := u.manager.Status(); st.Phase != "" {
			s.Setup = &st
		}
	}
	if u.nixos {
		s.ManagedBy = "nix"
	}
}

// autofix checks and repairs Anna's own installation. It runs the Ollama
// check only when no install or pull is under way: that work is already
// running and reported in `status`.
func (d *Daemon) autofix(ctx context.Context, raw json.RawMessage) (any, error) {
	if _, err := server.Params[struct{}](raw); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, autofixTimeout)
	defer cancel()
	f := &autofix.Fixer{
		Layout: d.opt.Layout, StateDir: d.state.Path(), Socket: d.opt.Socket,
		SocketGroup: d.opt.Config.Daemon.SocketGroup, Units: d.upkeep.units, Record: ledgerRecorder{l: d.ledger},
		Ledger: func() error {
			if st := d.ledger.State(); !st.OK() {
				return errors.New(st.Problem)
			}
			return nil
		},
		Config: func() error {
			if d.opt.ConfigFile == "" {
				return nil
			}
			_, _, err := config.Load(d.opt.ConfigFile)
			return err
		},
	}
	if m := d.upkeep.manager; m != nil {
		if st := m.Status(); st.Ready || st.Phase == "" || st.LastError != "" {
			f.Ollama = m
		}
	}
	res := f.Run(ctx)
	return res, nil
}

// ledgerRecorder writes upkeep's entries to the installation ledger, so
// uninstall can undo what upkeep did.
type ledgerRecorder struct{ l *ledger.Ledger }

// Record implements upkeep.Recorder.
func (r ledgerRecorder) Record(ctx context.Context, e upkeep.Entry) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	le := ledger.Entry{Target: e.Target, Reason: e.Note, Cause: "upkeep"}
	if e.SHA256 != "" {
		le.Digest = "sha256:" + e.SHA256
	}
	switch e.Kind {
	case upkeep.KindFile:
		le.Kind = ledger.FileCreated
	case upkeep.KindDir:
		le.Kind, le.Owned = ledger.DirCreated, true
	case upkeep.KindUnit:
		le.Kind = ledger.UnitInstalled
	case upkeep.KindModel:
		le.Kind = ledger.ModelPulled
	case upkeep.KindUnitEnabled:
		le.Kind = ledger.UnitEnabled
	case upkeep.KindRepair:
		le.Kind = ledger.Repaired
	case upkeep.KindBinary:
		// An updated binary replaces the installed one; recording it as
		// created with its new digest lets uninstall remove it rather
		// than keep it as "edited since".
		le.Kind = ledger.FileCreated
	default:
		return fmt.Errorf("cannot record a change of kind %q in the ledger", e.Kind)
	}
	_, err := r.l.Append(le)
	return err
}

// Digest implements update.Ledger: the digest the newest entry for path
// records, which is what uninstall compares the file with.
func (r ledgerRecorder) Digest(path string) string {
	es := r.l.Entries()
	for i := len(es) - 1; i >= 0; i-- {
		if es[i].Target == path && es[i].Digest != "" {
			return strings.TrimPrefix(es[i].Digest, "sha256:")
		}
	}
	return ""
}

// lazyUnits is systemd's manager over the system bus for upkeep, so annad
// starts and serves without a system bus (a container, a test) and upkeep
// reports the reason instead.
type lazyUnits struct{ lazyBus[*units.Systemd] }

func newLazyUnits() *lazyUnits {
	return &lazyUnits{lazyBus[*units.Systemd]{dial: func(ctx context.Context) (*units.Systemd, error) {
		sd, err := units.Connect(ctx, annadbus.SystemBusAddress())
		if err != nil {
			return nil, fmt.Errorf("cannot reach systemd over the system bus: %w", err)
		}
		return sd, nil
	}}}
}

// jobAnswer reports whether err is systemd's answer about a job (it ran
// and failed), not a broken transport.
func jobAnswer(err error) bool {
	var job *systemd.JobError
	return errors.As(err, &job)
}

// State implements upkeep.Units.
func (l *lazyUnits) State(ctx context.Context, unit string) (upkeep.UnitState, error) {
	sd, err := l.get(ctx)
	if err != nil {
		return upkeep.UnitState{}, err
	}
	st, err := sd.State(ctx, unit)
	return st, l.done(ctx, sd, err, jobAnswer)
}

// Start implements upkeep.Units.
func (l *lazyUnits) Start(ctx context.Context, unit string) error {
	sd, err := l.get(ctx)
	if err != nil {
		return err
	}
	return l.done(ctx, sd, sd.Start(ctx, unit), jobAnswer)
}

// Restart implements upkeep.Units.
func (l *lazyUnits) Restart(ctx context.Context, unit string) error {
	sd, err := l.get(ctx)
	if err != nil {
		return err
	}
	return l.done(ctx, sd, sd.Restart(ctx, unit), jobAnswer)
}

// Reload implements upkeep.Units.
func (l *lazyUnits) Reload(ctx context.Context) error {
	sd, err := l.get(ctx)
	if err != nil {
		return err
	}
	return l.done(ctx, sd, sd.Reload(ctx), jobAnswer)
}

// StartTransient implements update.Transient.
func (l *lazyUnits) StartTransient(ctx context.Context, unit, description string, argv []string, timeout time.Duration) error {
	sd, err := l.get(ctx)
	if err != nil {
		return err
	}
	return l.done(ctx, sd, sd.StartTransient(ctx, unit, description, argv, timeout), jobAnswer)
}

// Enable implements upkeep.Units.
func (l *lazyUnits) Enable(ctx context.Context, unit string) (bool, error) {
	sd, err := l.get(ctx)
	if err != nil {
		return false, err
	}
	changed, err := sd.Enable(ctx, unit)
	return changed, l.done(ctx, sd, err, jobAnswer)
}

// setupChanged sees each change of the Ollama manager's status. When the
// setup turns ready, the health behind `status` is read again at once:
// otherwise status would say "no LLM" for up to llmCheckEvery after the
// model answered, and annactl would run autofix for nothing.
func (d *Daemon) setupChanged(st rpc.Setup) {
	if !st.Ready {
		return
	}
	select {
	case d.llmRecheck <- struct{}{}:
	default: // a recheck is already due
	}
}
