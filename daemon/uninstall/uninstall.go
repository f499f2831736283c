// Package uninstall is annad's `uninstall`: it plans the undo of the
// ledger, carries it out once the user confirmed, and stops annad through
// systemd after the reply. The planning and the steps themselves live in
// package ledger/undo; this package ties them to the daemon.
package uninstall

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
	"github.com/jjgarcianorway/anna-assistant/ledger"
	"github.com/jjgarcianorway/anna-assistant/ledger/undo"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Options configure the service.
type Options struct {
	Ledger *ledger.Ledger
	// StateDir is the state directory's real path; Root the directory
	// ledger targets resolve under ("" or "/" for the host).
	StateDir, Root string
	// Backends replace the host's (tests); nil fields take the host's.
	Backends undo.Backends
	// OllamaURL is where models are deleted.
	OllamaURL string
	// Transient runs the group tools and package managers as transient
	// units through systemd over the system bus, outside annad.service's
	// read-only /etc and /usr; without it annad runs them itself (tests,
	// make run). annad sets it when systemd started it (INVOCATION_ID).
	Transient bool
	// Stop stops annad; nil stops annad.socket and annad.service through
	// systemd over the system bus.
	Stop   func(context.Context) error
	Logger *slog.Logger
}

// Service answers `uninstall`; one runs at a time.
type Service struct {
	opt Options
	mu  sync.Mutex
}

// New returns the service.
func New(opt Options) *Service {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	b := &opt.Backends
	bus := &systemBus{}
	cmds, files := undo.Commands{}, undo.HostFiles{Root: opt.Root}
	if opt.Transient {
		cmds.Runner, files.Outside = bus, bus
	}
	if b.Files == nil {
		b.Files = files
	}
	if b.Packages == nil {
		b.Packages = cmds
	}
	if b.Accounts == nil {
		b.Accounts = cmds
	}
	if b.Models == nil {
		b.Models = undo.Ollama{URL: opt.OllamaURL}
	}
	if b.Units == nil {
		b.Units = bus
	}
	if opt.Stop == nil {
		opt.Stop = stopAnnad
	}
	return &Service{opt: opt}
}

// plan reads the ledger again (a repair may have happened) and plans; a
// damaged ledger is refused with the repair.
func (s *Service) plan() (undo.Plan, error) {
	l := s.opt.Ledger
	if err := l.Reload(); err != nil {
		return undo.Plan{}, rpc.Errorf(rpc.KindInternal, "cannot read the ledger: %v", err).
			WithHint("check the state directory's permissions and the journal (journalctl -u annad)")
	}
	if st := l.State(); !st.OK() {
		return undo.Plan{}, rpc.Errorf(rpc.KindLedgerCorrupt, "cannot uninstall: %s", st.Problem).
			WithHint("as root, " + st.Repair + "; then run annactl uninstall again")
	}
	return undo.Make(l.Entries(), s.hostPath(s.opt.StateDir)), nil
}

// Plan answers `uninstall` without confirmation.
func (s *Service) Plan() (*rpc.UninstallResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, err := s.plan()
	if err != nil {
		return nil, err
	}
	r := s.result(p)
	for _, st := range p.Steps {
		r.Steps = append(r.Steps, wire(st.Entry, st.Action, ""))
	}
	return r, nil
}

// Execute undoes the ledger and returns what was done. When every step
// worked and there was at least one, stop is what the caller runs after
// the reply to stop annad.
func (s *Service) Execute(ctx context.Context) (r *rpc.UninstallResult, stop func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, err := s.plan()
	if err != nil {
		return nil, nil, err
	}
	out := p.Execute(ctx, s.opt.Backends)
	r = s.result(p)
	r.Executed = true
	var done []uint64
	for _, st := range out.Done {
		r.Steps = append(r.Steps, wire(st.Entry, st.Action, ""))
		done = append(done, st.Entry.ID)
	}
	for _, f := range out.Failed {
		r.Failed = append(r.Failed, wire(f.Step.Entry, f.Step.Action, f.Err.Error()))
	}
	for _, k := range out.Kept {
		r.Kept = append(r.Kept, wire(k.Step.Entry, k.Step.Action, k.Err.Error()))
		done = append(done, k.Step.Entry.ID)
	}
	if !out.StateDirRemoved {
		if _, err := s.opt.Ledger.Remove(done...); err != nil {
			s.opt.Logger.Error("uninstall: cannot drop the undone entries from the ledger", "err", err)
			r.Failed = append(r.Failed, rpc.UninstallStep{Action: "update the ledger", Reason: err.Error()})
		}
	}
	s.opt.Logger.Info("uninstall ran", "done", len(out.Done), "failed", len(r.Failed), "cannot_undo", len(p.CannotUndo))
	// annad stops itself only when it undid something and nothing failed:
	// an empty ledger means annad was installed by other means (a package,
	// the NixOS module), whose service uninstall must not stop.
	if len(r.Failed) > 0 || len(out.Done) == 0 {
		return r, nil, nil
	}
	r.Stopping = true
	return r, func() {
		sctx, cancel := context.WithTimeout(context.Background(), stopTimeout)
		defer cancel()
		if err := s.opt.Stop(sctx); err != nil {
			s.opt.Logger.Error("uninstall: cannot stop annad", "err", err)
		}
	}, nil
}

func (s *Service) result(p undo.Plan) *rpc.UninstallResult {
	r := &rpc.UninstallResult{Ledger: filepath.Join(s.opt.StateDir, ledger.FileName), Steps: []rpc.UninstallStep{}, CannotUndo: []rpc.UninstallStep{}}
	for _, c := range p.CannotUndo {
		r.CannotUndo = append(r.CannotUndo, wire(c.Entry, "", c.Reason))
	}
	return r
}

func wire(e ledger.Entry, action, reason string) rpc.UninstallStep {
	return rpc.UninstallStep{ID: e.ID, Kind: string(e.Kind), Target: e.Target, Action: action, Reason: reason}
}

// hostPath is p as the ledger names it: without the test root.
func (s *Service) hostPath(p string) string {
	root := s.opt.Root
	if root == "" || root == "/" {
		return p
	}
	if rel, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(rel, "..") {
		return "/" + rel
	}
	return p
}

// The units annad runs as (installer/systemd).
const (
	socketUnit  = "annad.socket"
	serviceUnit = "annad.service"
	stopTimeout = 10 * time.Second
)

// stopAnnad stops the socket first, so no connection starts annad again,
// then the service, which is annad itself: systemd's SIGTERM then ends it
// gracefully.
func stopAnnad(ctx context.Context) error {
	c, err := systemd.ConnectSystem(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	return stopUnits(ctx, c)
}

func stopUnits(ctx context.Context, c *systemd.Conn) error {
	_, err1 := c.StopUnitContext(ctx, socketUnit)
	_, err2 := c.StopUnitContext(ctx, serviceUnit)
	return errors.Join(err1, err2)
}

// systemBus changes units over the system bus, connecting on first use.
type systemBus struct {
	mu   sync.Mutex
	conn *systemd.Conn
}

func (b *systemBus) get(ctx context.Context) (undo.Systemd, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.conn == nil {
		c, err := systemd.ConnectSystem(ctx)
		if err != nil {
			return undo.Systemd{}, fmt.Errorf("cannot reach systemd: %w", err)
		}
		b.conn = c
	}
	return undo.Systemd{Conn: b.conn}, nil
}

// Disable implements undo.Units.
func (b *systemBus) Disable(ctx context.Context, unit string) error {
	u, err := b.get(ctx)
	if err != nil {
		return err
	}
	return u.Disable(ctx, unit)
}

// Reload implements undo.Units.
func (b *systemBus) Reload(ctx context.Context) error {
	u, err := b.get(ctx)
	if err != nil {
		return err
	}
	return u.Reload(ctx)
}

// Run implements undo.Runner with a transient unit.
func (b *systemBus) Run(ctx context.Context, argv []string) error {
	u, err := b.get(ctx)
	if err != nil {
		return fmt.Errorf("cannot run %s: %w", strings.Join(argv, " "), err)
	}
	return u.Run(ctx, argv)
}
