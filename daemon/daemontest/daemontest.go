// Package daemontest starts a real annad in-process on a temporary socket
// for tests: the real server, desk, probes and access checks, with a fake
// Ollama speaking the real wire protocol (there are no model weights here),
// a private dbus-daemon with a fake systemd1 (PID 1 is not systemd here),
// and a fixture journal of real journal files (this host keeps none).
package daemontest

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon"
	"github.com/jjgarcianorway/anna-assistant/daemon/config"
	"github.com/jjgarcianorway/anna-assistant/daemon/desk"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/daemon/server"
	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/polkit"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Options adjust the test daemon. The zero value gives a daemon in debug
// mode with a grounded fake LLM.
type Options struct {
	// Config is config.toml text. Unless it sets them, [ollama] url points
	// at the fake and [ollama] model is the fake's "tiny".
	Config string
	// Ollama replaces the default fake (scripted with Grounded).
	Ollama *ollamatest.Server
	// Journal replaces the fixture journal (FixtureJournal); a SlowJournal
	// makes requests about logs slow.
	Journal probes.JournalReader
	// Systemd replaces the fake systemd1 on a private bus.
	Systemd probes.UnitLister
	// Polkit replaces the fake polkit Authority on the private bus
	// (Daemon.Polkit is then nil).
	Polkit server.Authority
	// Hardware replaces the host's snapshot.
	Hardware *rpc.Hardware
	// Logger receives annad's logs (default: t.Log when -v).
	Logger *slog.Logger
	// Budget replaces the spec's stage deadlines, so timeout tests are fast.
	Budget *desk.Budget
	// StateDir replaces the temporary state directory, so a test can stop
	// annad and start another on the same state.
	StateDir string
	// Uninstall replaces how uninstall acts on the machine.
	Uninstall daemon.UninstallOptions
	// Service makes annad act as the systemd service it is when
	// installed (daemon.Options.Service): with [ollama] manage it then
	// manages Ollama.
	Service bool
}

// Daemon is a running test daemon.
type Daemon struct {
	Socket     string
	StateDir   string
	ConfigFile string
	Ollama     *ollamatest.Server
	// Polkit is the fake Authority that decides members' admin calls; it
	// refuses every action until the test scripts it.
	Polkit *dbustest.Polkit
	// Bus is the private bus of the fakes (nil when Options replaced
	// both), e.g. for a real polkit agent to register with the fake.
	Bus *dbustest.Bus
}

// Start runs annad until t ends.
func Start(t testing.TB, o Options) *Daemon {
	t.Helper()
	dir := t.TempDir()
	td := &Daemon{Socket: filepath.Join(dir, "run", "anna.sock"), StateDir: filepath.Join(dir, "state"), ConfigFile: filepath.Join(dir, "config.toml")}
	if o.StateDir != "" {
		td.StateDir = o.StateDir
	}
	if err := os.WriteFile(td.ConfigFile, []byte(o.Config), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, warnings, err := config.Load(td.ConfigFile)
	if err != nil {
		t.Fatalf("daemontest: %v", err)
	}
	td.Ollama = o.Ollama
	if td.Ollama == nil {
		td.Ollama = ollamatest.New(t)
		td.Ollama.OnChat(Grounded)
	}
	if cfg.Ollama.URL == config.Default().Ollama.URL {
		cfg.Ollama.URL = td.Ollama.URL()
	}
	if cfg.Ollama.Model == "" {
		cfg.Ollama.Model = "tiny"
	}
	opt := daemon.Options{
		Config: cfg, ConfigFile: td.ConfigFile, ConfigWarnings: warnings, Socket: td.Socket, StateDir: td.StateDir,
		Layout: dirs.Host, Logger: o.Logger, Systemd: o.Systemd, Journal: o.Journal, Hardware: o.Hardware,
		Budget: o.Budget, Polkit: o.Polkit, Uninstall: o.Uninstall, Service: o.Service,
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	var bus *dbustest.Bus // one private bus for the fakes that need one
	if opt.Systemd == nil || opt.Polkit == nil {
		bus = dbustest.New(t)
		td.Bus = bus
	}
	if opt.Systemd == nil {
		opt.Systemd = fakeSystemd(t, bus)
	}
	if opt.Polkit == nil {
		td.Polkit, opt.Polkit = fakePolkit(t, bus)
	}
	if opt.Journal == nil {
		opt.Journal = FixtureJournal(t)
	}
	if opt.Hardware == nil {
		opt.Hardware = &Laptop
	}
	ctx, cancel := context.WithCancel(context.Background())
	d, err := daemon.New(ctx, opt)
	if err != nil {
		cancel()
		t.Fatalf("daemontest: %v", err)
	}
	sock, err := server.Listen(td.Socket, cfg.Daemon.SocketGroup, func(string, ...any) {})
	if err != nil {
		cancel()
		t.Fatalf("daemontest: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx, sock, nil) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("annad stopped with %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Error("annad did not stop within 30s")
		}
	})
	return td
}

// Client returns a client for the daemon, closed when t ends.
func (d *Daemon) Client(t testing.TB) *rpc.Client {
	c := rpc.NewClient(d.Socket)
	t.Cleanup(func() { c.Close() })
	return c
}

// Laptop is the default hardware snapshot: fixed, so answers and model
// choice do not depend on the machine running the tests.
var Laptop = rpc.Hardware{
	CPUModel: "AMD Ryzen 7 5800U with Radeon Graphics", Cores: 8, Threads: 16,
	RAMTotalBytes: 16 << 30, RAMAvailableBytes: 9 << 30,
}

// FailedUnit is the unit the default fake systemd reports as failed.
const FailedUnit = "backup.service"

func fakeSystemd(t testing.TB, bus *dbustest.Bus) probes.UnitLister {
	bus.Systemd(t, systemd.Unit{Name: FailedUnit, Description: "Nightly backup", LoadState: "loaded", ActiveState: "failed", SubState: "failed"})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := systemd.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatalf("daemontest: %v", err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	if testing.Verbose() {
		w.t.Log(string(p))
	}
	return len(p), nil
}

func fakePolkit(t testing.TB, bus *dbustest.Bus) (*dbustest.Polkit, server.Authority) {
	fake := bus.Polkit(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := polkit.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatalf("daemontest: %v", err)
	}
	t.Cleanup(func() { conn.Close() })
	return fake, conn
}
