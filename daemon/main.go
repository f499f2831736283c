package daemon

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	sddaemon "github.com/coreos/go-systemd/v22/daemon"
	"github.com/spf13/pflag"

	"github.com/jjgarcianorway/anna-assistant/daemon/config"
	"github.com/jjgarcianorway/anna-assistant/daemon/server"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// Exit codes of annad.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

// Main runs annad with command-line args (without the program name) and
// returns its exit code. SIGTERM and SIGINT stop it gracefully. With
// FinishUpdateMode first it finishes a self-update instead.
func Main(args []string, stderr io.Writer) int {
	if len(args) > 0 && args[0] == FinishUpdateMode {
		return finishUpdate(args[1:], stderr)
	}
	fs := pflag.NewFlagSet("annad", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	host := dirs.Host
	configFile := fs.String("config", host.ConfigFile(), "configuration file (TOML); missing means defaults")
	socket := fs.String("socket", host.Socket(), "Unix socket to listen on (ignored under socket activation)")
	stateDir := fs.String("state-dir", host.StateDir(), "directory for Anna's state")
	showVersion := fs.BoolP("version", "V", false, "print the version and exit")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: annad [--config FILE] [--socket PATH] [--state-dir DIR]\n"+
			"       annad %s [--socket PATH] [--state-dir DIR]\n\n"+
			"annad is Anna's root daemon; talk to it with annactl. %s ends a\n"+
			"self-update; annad starts it itself (annad %s --help).\n\n%s", FinishUpdateMode, FinishUpdateMode, FinishUpdateMode, fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return exitOK
		}
		// pflag prints nothing itself in ContinueOnError mode.
		fmt.Fprintf(stderr, "annad: %v\n", err)
		fs.Usage()
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "annad: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return exitUsage
	}
	if *showVersion {
		fmt.Fprintf(os.Stdout, "annad %s\n", version.String())
		return exitOK
	}

	cfg, warnings, err := config.Load(*configFile)
	if err != nil {
		fmt.Fprintf(stderr, "annad: %v\n", err)
		return exitUsage
	}
	log := newLogger(stderr, cfg.Daemon.LogLevel)
	for _, w := range warnings {
		log.Warn("config: " + w)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	d, err := New(ctx, Options{
		Config: cfg, ConfigFile: *configFile, ConfigWarnings: warnings, Socket: *socket,
		StateDir: *stateDir, Layout: host, Logger: log,
		// systemd sets INVOCATION_ID for every process of a unit it starts.
		Service: os.Getenv("INVOCATION_ID") != "",
	})
	if err != nil {
		log.Error("cannot start", "err", err)
		return exitFailed
	}
	sock, err := server.Listen(*socket, cfg.Daemon.SocketGroup, log.Warn)
	if err != nil {
		log.Error("cannot start", "err", err)
		return exitFailed
	}
	ready := func() {
		log.Info("annad ready", "version", version.String(), "socket", *socket, "activated", sock.Activated,
			"model", d.model.Name, "model_reason", d.model.Reason, "ollama", cfg.Ollama.URL, "debug_mode", cfg.Daemon.DebugMode)
		_, _ = sddaemon.SdNotify(false, sddaemon.SdNotifyReady+"\nSTATUS=serving on "+*socket)
	}
	err = d.Run(ctx, sock, ready)
	_, _ = sddaemon.SdNotify(false, sddaemon.SdNotifyStopping)
	if err != nil {
		log.Error("stopped with an error", "err", err)
		return exitFailed
	}
	log.Info("annad stopped")
	return exitOK
}

// newLogger logs structured lines to stderr. Under systemd (JOURNAL_STREAM
// is set) the journal stamps each line, so the time attribute is dropped.
func newLogger(w io.Writer, level string) *slog.Logger {
	var lv slog.Level
	_ = lv.UnmarshalText([]byte(level))
	opts := &slog.HandlerOptions{Level: lv}
	if os.Getenv("JOURNAL_STREAM") != "" {
		opts.ReplaceAttr = func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) == 0 && a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		}
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
