package daemon

import (
	"context"
	"fmt"
	"io"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	annadbus "github.com/jjgarcianorway/anna-assistant/dbus"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/upkeep/units"
	"github.com/jjgarcianorway/anna-assistant/upkeep/update"
)

// FinishUpdateMode is the argument that makes annad finish a self-update
// instead of serving (`annad finish-update`).
const FinishUpdateMode = "finish-update"

// busTimeout bounds connecting to the system bus.
const busTimeout = 30 * time.Second

// finishUpdate is `annad finish-update`: the end of a self-update, run by
// the transient unit the updating annad started (update.FinishUnit) from
// the previous binary. It restarts annad.service into the new binaries,
// asks the restarted annad its version over the socket and rolls back
// when it does not answer as the update's version (update.Finisher).
func finishUpdate(args []string, stderr io.Writer) int {
	fs := pflag.NewFlagSet("annad "+FinishUpdateMode, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	socket := fs.String("socket", dirs.Host.Socket(), "annad's socket, where the restarted annad is asked its version")
	stateDir := fs.String("state-dir", dirs.Host.StateDir(), "annad's state directory, holding "+update.PendingFile)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: annad %s [--socket PATH] [--state-dir DIR]\n\n"+
			"Finishes a self-update: restarts annad.service into the new binaries and\n"+
			"puts the previous ones back if the new annad does not answer. annad starts\n"+
			"it itself, in the unit %s, after it swapped the binaries.\n\n%s", FinishUpdateMode, update.FinishUnit, fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return exitOK
		}
		fmt.Fprintf(stderr, "annad %s: %v\n", FinishUpdateMode, err)
		fs.Usage()
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "annad %s: unexpected argument %q\n", FinishUpdateMode, fs.Arg(0))
		fs.Usage()
		return exitUsage
	}
	log := newLogger(stderr, "info")
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, update.FinishTimeout)
	defer cancel()
	bctx, bcancel := context.WithTimeout(ctx, busTimeout)
	sd, err := units.Connect(bctx, annadbus.SystemBusAddress())
	bcancel()
	if err != nil {
		log.Error("cannot finish the update: cannot reach systemd over the system bus", "err", err)
		return exitFailed
	}
	defer sd.Close()
	f := &update.Finisher{
		StateDir: *stateDir, Unit: "annad.service", Units: sd,
		Running: func(ctx context.Context) (string, error) { return runningVersion(ctx, *socket) },
	}
	msg, err := f.Finish(ctx)
	if msg != "" {
		log.Info(msg)
	}
	if err != nil {
		log.Error("cannot finish the update", "err", err)
		return exitFailed
	}
	return exitOK
}

// runningVersion asks the annad on socket its version (status); ctx
// bounds the call.
func runningVersion(ctx context.Context, socket string) (string, error) {
	c := rpc.NewClient(socket)
	defer c.Close()
	var st rpc.Status
	if err := c.Call(ctx, rpc.MethodStatus, nil, &st); err != nil {
		return "", fmt.Errorf("cannot ask annad its version: %w", err)
	}
	return st.Version, nil
}
