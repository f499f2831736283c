package daemon

import (
	"context"
	"encoding/json"
	"path/filepath"

	"github.com/jjgarcianorway/anna-assistant/daemon/server"
	"github.com/jjgarcianorway/anna-assistant/daemon/uninstall"
	"github.com/jjgarcianorway/anna-assistant/ledger"
	"github.com/jjgarcianorway/anna-assistant/ledger/undo"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// UninstallOptions replace how uninstall acts on the machine, for tests.
type UninstallOptions struct {
	// Root is where ledger targets resolve ("" for the host).
	Root string
	// Backends replace the host's package manager, Ollama, group tools
	// and systemd; nil fields take the host's.
	Backends undo.Backends
	// Stop replaces stopping annad through systemd.
	Stop func(context.Context) error
}

// openLedger opens the ledger and imports the installer's manifest. A
// damaged ledger does not stop annad: it is kept aside and reported.
func (d *Daemon) openLedger() error {
	l, err := ledger.Open(d.state)
	if err != nil {
		return err
	}
	d.ledger = l
	if st := l.State(); !st.OK() {
		d.log.Error("ledger damaged", "problem", st.Problem, "repair", st.Repair)
	}
	n, err := l.ImportManifest()
	if err != nil {
		// The manifest stays in place and is tried again next start.
		d.log.Error("cannot import the installer's manifest", "err", err)
	} else if n > 0 {
		d.log.Info("imported the installer's manifest into the ledger", "entries", n)
	}
	return nil
}

func (d *Daemon) newUninstall() *uninstall.Service {
	u := d.opt.Uninstall
	return uninstall.New(uninstall.Options{
		Ledger: d.ledger, StateDir: d.state.Path(), Root: u.Root, Backends: u.Backends,
		OllamaURL: d.llm.URL(), Stop: u.Stop, Logger: d.log,
		Transient: d.opt.Service,
	})
}

func (d *Daemon) ledgerState() *rpc.LedgerState {
	st := d.ledger.State()
	return &rpc.LedgerState{
		Path: filepath.Join(d.state.Path(), ledger.FileName), Entries: len(d.ledger.Entries()),
		Corrupt: st.Corrupt, Problem: st.Problem, Repair: st.Repair,
	}
}

// uninstall plans the undo of the ledger, or, confirmed, carries it out
// and stops annad once the reply is written.
func (d *Daemon) uninstall(ctx context.Context, raw json.RawMessage) (any, error) {
	p, err := server.Params[rpc.UninstallParams](raw)
	if err != nil {
		return nil, err
	}
	switch p.Confirm {
	case "":
		return d.remover.Plan()
	case rpc.UninstallConfirmation:
	default:
		return nil, rpc.Errorf(rpc.KindInvalidParams, "cannot uninstall: confirm must be %q", rpc.UninstallConfirmation).
			WithHint("ask for the plan first (no confirm), then confirm with the word uninstall")
	}
	res, stop, err := d.remover.Execute(ctx)
	if err != nil {
		return nil, err
	}
	if stop != nil && !server.AfterReply(ctx, stop) {
		stop()
	}
	return res, nil
}
