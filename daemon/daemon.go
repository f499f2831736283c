package daemon

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/config"
	"github.com/jjgarcianorway/anna-assistant/daemon/desk"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm"
	"github.com/jjgarcianorway/anna-assistant/daemon/llmqueue"
	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/daemon/progress"
	"github.com/jjgarcianorway/anna-assistant/daemon/server"
	"github.com/jjgarcianorway/anna-assistant/daemon/session"
	"github.com/jjgarcianorway/anna-assistant/daemon/statedir"
	"github.com/jjgarcianorway/anna-assistant/daemon/uninstall"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/hardware"
	"github.com/jjgarcianorway/anna-assistant/ledger"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// Options assemble a daemon. Main fills them from flags and the config
// file; tests fill them directly.
type Options struct {
	Config         config.Config
	ConfigFile     string
	ConfigWarnings []string
	Socket         string
	StateDir       string
	Layout         dirs.Layout
	Logger         *slog.Logger
	// Systemd answers failed_services; nil means the system bus.
	Systemd probes.UnitLister
	// Journal answers system_logs; nil means the journal files under Layout.
	Journal probes.JournalReader
	// Polkit decides admin calls of group members; nil means the system's
	// polkit over the system bus.
	Polkit server.Authority
	// Hardware replaces the snapshot annad takes at start (tests).
	Hardware *rpc.Hardware
	// Budget replaces the spec's stage deadlines (tests of timeouts).
	Budget *desk.Budget
	// Uninstall replaces how uninstall acts on the machine (tests).
	Uninstall UninstallOptions
	// Service reports that systemd started annad as its unit (main sets
	// it from INVOCATION_ID). Only then does annad manage Ollama (the
	// unit it writes and the models under the state directory are the
	// service's, so an annad started by hand with the installed config,
	// which sets manage = true, such as the installer's test harness, only
	// reports) and run uninstall's commands as transient units.
	Service bool
}

// Daemon is a running annad.
type Daemon struct {
	opt      Options
	log      *slog.Logger
	started  time.Time
	probes   *probes.Runner
	llm      *llm.Client
	desk     *desk.Desk
	progress *progress.Store
	sessions *session.Store
	queue    *llmqueue.Queue
	state    *statedir.Dir
	ledger   *ledger.Ledger
	upkeep   *upkeeper
	remover  *uninstall.Service
	debug    *debugMode
	bus      *systemBus
	polkit   *systemPolkit // nil when Options.Polkit is set
	model    rpc.Model
	// checked is closed when the first Ollama check has finished, so a
	// status asked right after start (make run does) reports what the
	// check found rather than "not checked yet".
	checked chan struct{}
	// llmRecheck asks watch to read Ollama's health now (buffered: one
	// pending request is enough).
	llmRecheck chan struct{}
	// llmEvery is the interval of the periodic health check
	// (llmCheckEvery; a test lengthens it to see the recheck alone).
	llmEvery time.Duration

	hwMu sync.Mutex
	hw   rpc.Hardware
}

// New prepares a daemon: hardware snapshot, model choice, clients. It does
// not listen yet.
func New(ctx context.Context, opt Options) (*Daemon, error) {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.ConfigFile != "" {
		// Status and advice name the file; a relative path means
		// nothing to a user in another directory.
		if abs, err := filepath.Abs(opt.ConfigFile); err == nil {
			opt.ConfigFile = abs
		}
	}
	d := &Daemon{opt: opt, log: opt.Logger, started: time.Now(), progress: progress.NewStore(), sessions: session.NewStore(), checked: make(chan struct{}), llmRecheck: make(chan struct{}, 1), llmEvery: llmCheckEvery}
	state, err := statedir.Open(opt.StateDir)
	if err != nil {
		return nil, err
	}
	d.state = state
	if err := d.openLedger(); err != nil {
		state.Close()
		return nil, err
	}
	d.debug = loadDebugMode(state, d.ledger, opt.Config.Daemon.DebugMode, d.log)
	euid := uint32(os.Geteuid())
	d.queue = llmqueue.New(llmqueue.Options{
		Parallel: opt.Config.Ollama.Parallel, MaxRequests: opt.Config.Daemon.MaxRequests,
		PerUser:    opt.Config.Daemon.MaxRequestsPerUser,
		Privileged: func(uid uint32) bool { return uid == 0 || uid == euid },
	})
	if opt.Hardware != nil {
		d.hw = *opt.Hardware
	} else {
		hctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		hw, err := hardware.Take(hctx, opt.Layout)
		cancel()
		if err != nil {
			state.Close()
			return nil, fmt.Errorf("cannot take the hardware snapshot: %w", err)
		}
		d.hw = hw
	}
	d.model = chooseModel(opt.Config.Ollama.Model, d.hw)
	client, err := llm.New(llm.Options{URL: opt.Config.Ollama.URL, Model: d.model.Name, NumCtx: opt.Config.Ollama.NumCtx, ConfigFile: opt.ConfigFile})
	if err != nil {
		state.Close()
		return nil, err
	}
	d.llm = client
	d.remover = d.newUninstall()
	d.upkeep = d.newUpkeep()
	env := &probes.Env{Layout: opt.Layout, Systemd: opt.Systemd, Journal: opt.Journal}
	if env.Systemd == nil {
		d.bus = newSystemBus()
		env.Systemd = d.bus
	}
	d.probes = probes.NewRunner(env)
	d.desk = desk.New(desk.Options{
		LLM: d.llm, Probes: d.probes, Sessions: d.sessions, Hardware: d.hardware,
		Version: version.String(), Logger: d.log, Budget: opt.Budget, Self: self{debugMode: d.debug, d: d},
	})
	return d, nil
}

func chooseModel(pinned string, hw rpc.Hardware) rpc.Model {
	if pinned != "" {
		return rpc.Model{Name: pinned, Reason: "pinned in the config file ([ollama] model)", Pinned: true}
	}
	c := hardware.Select(hw)
	return rpc.Model{Name: c.Model, Reason: c.Reason}
}

func (d *Daemon) hardware() rpc.Hardware {
	d.hwMu.Lock()
	defer d.hwMu.Unlock()
	return d.hw
}

// Run serves on sock until ctx ends, then shuts down gracefully: in-flight
// requests get the configured shutdown timeout, then are canceled.
func (d *Daemon) Run(ctx context.Context, sock *server.Socket, ready func()) error {
	authority := d.opt.Polkit
	if authority == nil {
		d.polkit = newSystemPolkit()
		authority = d.polkit
	}
	srv := server.New(server.Options{
		Methods:        d.methods(),
		Policy:         peer.Policy{DaemonUID: uint32(os.Geteuid()), GroupID: sock.GroupID},
		Polkit:         authority,
		Layout:         d.opt.Layout,
		Logger:         d.log,
		MaxConns:       d.opt.Config.Daemon.MaxConnections,
		MaxConnsPerUID: d.opt.Config.Daemon.MaxConnectionsPerUID,
		IdleTimeout:    d.opt.Config.Daemon.IdleTimeout.Duration,
	})
	d.upkeep.settle(ctx, d)
	bg, stopBG := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { d.watch(bg) })
	wg.Go(func() { d.upkeep.run(bg, d) })

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(sock.Listener) }()
	if ready != nil {
		ready()
	}
	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	sctx, cancel := context.WithTimeout(context.Background(), d.opt.Config.Daemon.ShutdownTimeout.Duration)
	if serr := srv.Shutdown(sctx); serr != nil {
		d.log.Warn("requests still running at the shutdown deadline were canceled", "timeout", d.opt.Config.Daemon.ShutdownTimeout.Duration)
	}
	cancel()
	stopBG()
	wg.Wait()
	if d.bus != nil {
		d.bus.Close()
	}
	if d.polkit != nil {
		d.polkit.Close()
	}
	d.state.Close()
	sock.Remove()
	if err == server.ErrServerClosed {
		err = nil
	}
	return err
}

// Intervals of the background checks behind `status`.
const (
	llmCheckEvery      = 30 * time.Second
	hardwareCheckEvery = time.Minute
)

// watch keeps Ollama's health and the memory figures of the hardware
// snapshot fresh, so `status` answers from memory in microseconds.
func (d *Daemon) watch(ctx context.Context) {
	check := func() {
		cctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		d.llm.Check(cctx)
		cancel()
	}
	check()
	close(d.checked)
	llmTick := time.NewTicker(d.llmEvery)
	hwTick := time.NewTicker(hardwareCheckEvery)
	defer llmTick.Stop()
	defer hwTick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-llmTick.C:
			check()
		case <-d.llmRecheck:
			check()
		case <-hwTick.C:
			if d.opt.Hardware != nil {
				continue
			}
			hctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			if hw, err := hardware.Take(hctx, d.opt.Layout); err == nil {
				d.hwMu.Lock()
				d.hw = hw
				d.hwMu.Unlock()
			}
			cancel()
		}
	}
}

// learnedDir is the directory under the state directory where learned data
// lives: a member's in learned/<uid>, what belongs to nobody in particular
// beside them. `reset` empties it. The ledger and Ollama's models stay:
// they describe the installation, not the user.
const learnedDir = "learned"
