package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// IO is everything annactl reads from and writes to besides the socket.
// Tests fill it with buffers and fixed sizes to render without a PTY.
type IO struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
	// InTTY, OutTTY and ErrTTY say whether In, Out and Err are terminals.
	// Animation and colors need OutTTY (colors on Err need ErrTTY). With
	// InTTY and OutTTY both set the REPL edits lines with liner, which
	// works on the process's own stdin and stdout, so only Stdio sets both.
	InTTY, OutTTY, ErrTTY bool
	// Size returns the terminal's columns and rows, or zeros when unknown.
	Size func() (cols, rows int)
	// Getenv reads the environment (NO_COLOR, ANNA_SOCKET, HOME,
	// XDG_STATE_HOME, TERM).
	Getenv func(string) string
	// Interrupt returns a context canceled when the user presses Ctrl-C,
	// and a function that stops listening. It is called only while a
	// request runs. Nil means SIGINT.
	Interrupt func(context.Context) (context.Context, context.CancelFunc)
}

// Stdio returns the process's standard streams, terminal and environment.
func Stdio() IO {
	return IO{
		In:     os.Stdin,
		Out:    os.Stdout,
		Err:    os.Stderr,
		InTTY:  term.IsTerminal(int(os.Stdin.Fd())),
		OutTTY: term.IsTerminal(int(os.Stdout.Fd())),
		ErrTTY: term.IsTerminal(int(os.Stderr.Fd())),
		Size: func() (int, int) {
			c, r, err := term.GetSize(int(os.Stdout.Fd()))
			if err != nil {
				return 0, 0
			}
			return c, r
		},
		Getenv: os.Getenv,
	}
}

// command is what the arguments ask for.
type command int

const (
	cmdREPL command = iota
	cmdRequest
	cmdStatus
	cmdReset
	cmdUninstall
	cmdVersion
	cmdUsage // -h, --help
	cmdHelp  // help or ? as the only argument
)

// usage is printed by -h and --help and on any argument error; the surface
// is locked by the spec, so it is complete.
const usage = `usage: annactl                  start an interactive session
       annactl <request…>       ask Anna once, e.g. annactl what uses my memory
       annactl status           show annad, hardware, model and Ollama
       annactl reset            wipe what Anna has learned
       annactl uninstall        remove Anna and undo her changes, after you type uninstall
       annactl -V, --version    print the version

annactl help (or help in a session) shows what to ask.
Use -- before a request that starts with "-" or is a command word.
Exit codes: 0 ok, 1 failed, 2 usage, 3 annad unreachable,
4 no permission on the socket, 130 interrupted.
`

// errUsage is returned by parseArgs for any argument it refuses.
var errUsage = errors.New("cannot understand the arguments")

// parseArgs maps the arguments to a command and, for a request, its text.
// Flags end at the first word, so "annactl what does ls -l do" is a request.
// status, reset, uninstall, help and ? are commands only as the sole
// argument.
func parseArgs(args []string) (command, string, error) {
	fs := pflag.NewFlagSet("annactl", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SetInterspersed(false)
	fs.Usage = func() {}
	showVersion := fs.BoolP("version", "V", false, "print the version")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return cmdUsage, "", nil
		}
		return 0, "", fmt.Errorf("%w: %v", errUsage, err)
	}
	rest := fs.Args()
	if *showVersion {
		if len(rest) > 0 || fs.NFlag() != 1 || fs.ArgsLenAtDash() >= 0 {
			return 0, "", fmt.Errorf("%w: -V takes no other arguments", errUsage)
		}
		return cmdVersion, "", nil
	}
	if len(rest) == 0 {
		return cmdREPL, "", nil
	}
	if len(rest) == 1 && fs.ArgsLenAtDash() != 0 {
		switch rest[0] {
		case "status":
			return cmdStatus, "", nil
		case "reset":
			return cmdReset, "", nil
		case "uninstall":
			return cmdUninstall, "", nil
		case "help", "?":
			return cmdHelp, "", nil
		}
	}
	text := strings.TrimSpace(strings.Join(rest, " "))
	if text == "" {
		return 0, "", fmt.Errorf("%w: the request is empty", errUsage)
	}
	if len(text) > rpc.MaxRequestTextBytes {
		return 0, "", fmt.Errorf("%w: the request is longer than %d bytes", errUsage, rpc.MaxRequestTextBytes)
	}
	return cmdRequest, text, nil
}

// Run executes annactl with args (without the program name) and returns the
// exit code.
func Run(ctx context.Context, args []string, sys IO) int {
	sys = sys.withDefaults()
	cmd, text, err := parseArgs(args)
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), errUsage.Error()+": ")
		fmt.Fprintf(sys.Err, "annactl: %s\n", Sanitize(msg))
		fmt.Fprint(sys.Err, usage)
		return ExitUsage
	}
	switch cmd {
	case cmdVersion:
		fmt.Fprintf(sys.Out, "annactl %s\n", version.String())
		return ExitOK
	case cmdUsage:
		fmt.Fprint(sys.Out, usage)
		return ExitOK
	case cmdHelp:
		fmt.Fprint(sys.Out, oneShotHelp())
		return ExitOK
	}
	s := newSession(sys)
	defer s.client.Close()
	switch cmd {
	case cmdStatus:
		return s.status(ctx)
	case cmdReset:
		return s.reset(ctx)
	case cmdUninstall:
		return s.uninstall(ctx)
	case cmdRequest:
		return s.oneShot(ctx, text)
	default:
		return s.repl(ctx)
	}
}

// withDefaults fills what a test left empty.
func (sys IO) withDefaults() IO {
	if sys.In == nil {
		sys.In = strings.NewReader("")
	}
	if sys.Out == nil {
		sys.Out = io.Discard
	}
	if sys.Err == nil {
		sys.Err = io.Discard
	}
	if sys.Size == nil {
		sys.Size = func() (int, int) { return 0, 0 }
	}
	if sys.Getenv == nil {
		sys.Getenv = func(string) string { return "" }
	}
	if sys.Interrupt == nil {
		sys.Interrupt = func(ctx context.Context) (context.Context, context.CancelFunc) {
			return signal.NotifyContext(ctx, os.Interrupt)
		}
	}
	return sys
}

// socketPath is ANNA_SOCKET when set, else the default.
func (sys IO) socketPath() string {
	if p := sys.Getenv(rpc.SocketEnv); p != "" {
		return p
	}
	return rpc.DefaultSocket
}

// colorOK follows https://no-color.org: a non-empty NO_COLOR turns color
// off. A dumb terminal gets none either.
func (sys IO) colorOK(tty bool) bool {
	return tty && sys.Getenv("NO_COLOR") == "" && sys.Getenv("TERM") != "dumb"
}
