package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Exit codes of annactl. Scripts can rely on them; they are listed in the
// package documentation and the usage text.
const (
	ExitOK          = 0   // done
	ExitFailed      = 1   // the request or command failed, or was declined
	ExitUsage       = 2   // bad arguments
	ExitUnreachable = 3   // annad is not running or not installed
	ExitPermission  = 4   // the socket exists but the user may not open it
	ExitInterrupted = 130 // Ctrl-C during a one-shot request (128 + SIGINT)
)

// Hints annactl gives itself. For errors from the client side (dialing) it
// always uses its own words; for daemon errors it prefers the daemon's hint.
const (
	hintUnreachable = "start it with 'sudo systemctl start annad', or re-run the installer if Anna is not installed"
	hintPermission  = "join the anna group with 'sudo usermod -aG anna $USER', then log out and in again"
	hintLost        = "annad hung up, perhaps while restarting; try again, and see 'systemctl status annad' if it keeps happening"
	hintTimeout     = "the model may still be loading or the machine is busy; try again in a moment, and check 'annactl status'"

	hintAuthRequired  = "this needs an administrator's password: run annactl from a terminal so the password prompt can appear, or run it with sudo"
	hintAuthNoAgent   = "no polkit agent can ask for the password in this session (over ssh there is none): install polkit's pkttyagent (package polkitd, polkit or policykit-1), which annactl then starts on the terminal, or run it with sudo"
	hintAuthDismissed = "the password prompt was closed: run it again and enter an administrator's password, or run it with sudo"
	hintAuthDenied    = "polkit refused: run it with sudo if you are an administrator, otherwise ask one to"
)

// advice is an error turned into what the user reads and the exit code.
type advice struct {
	message string
	hint    string
	code    int
}

// advise maps err to advice. what names the operation that was running
// ("the request", "status") and limit its deadline, so a timeout says what
// timed out and after how long.
func advise(err error, what string, limit time.Duration) advice {
	var re *rpc.Error
	if !errors.As(err, &re) {
		if errors.Is(err, context.DeadlineExceeded) {
			return advice{
				message: fmt.Sprintf("%s got no answer from annad within %s", what, limit),
				hint:    hintTimeout,
				code:    ExitFailed,
			}
		}
		return advice{message: Sanitize(err.Error()), code: ExitFailed}
	}
	a := advice{message: Sanitize(re.Message), hint: Sanitize(re.Hint()), code: ExitFailed}
	switch re.Kind() {
	case rpc.KindUnreachable:
		a.hint, a.code = hintUnreachable, ExitUnreachable
	case rpc.KindSocketPermission:
		a.hint, a.code = hintPermission, ExitPermission
	case rpc.KindConnectionLost:
		a.hint = hintLost
	case rpc.KindAuthRequired, rpc.KindAuthNoAgent, rpc.KindAuthDismissed, rpc.KindAuthDenied:
		// annactl knows what the daemon cannot: that the fix is to run
		// annactl itself differently.
		a.hint = defaultHint(re.Kind())
	}
	if a.hint == "" {
		a.hint = defaultHint(re.Kind())
	}
	if a.message == "" {
		a.message = "cannot complete " + what + ": annad gave no reason"
	}
	return a
}

// defaultHint covers daemon errors that arrive without a hint.
func defaultHint(k rpc.Kind) string {
	switch k {
	case rpc.KindAccessDenied:
		return "this needs more privileges; ask an administrator or run it with sudo"
	case rpc.KindLLMUnavailable:
		return "'annactl status' shows whether Ollama is reachable and the model is present"
	case rpc.KindLLMBadReply:
		return "ask again; if it keeps happening, 'journalctl -u ollama' may say why"
	case rpc.KindTimeout:
		return "try again; a shorter, more specific question is faster"
	case rpc.KindBusy:
		return "annad is busy with other requests; try again in a moment"
	case rpc.KindShuttingDown:
		return "annad is stopping or restarting; try again in a few seconds"
	case rpc.KindAuthRequired:
		return hintAuthRequired
	case rpc.KindAuthNoAgent:
		return hintAuthNoAgent
	case rpc.KindAuthDismissed:
		return hintAuthDismissed
	case rpc.KindAuthDenied:
		return hintAuthDenied
	case rpc.KindInternal:
		return "this is a bug in annad; 'journalctl -u annad' shows details"
	case rpc.KindInvalidParams, rpc.KindInvalidRequest, rpc.KindParseError, rpc.KindUnknownMethod:
		return "annactl and annad may be different versions; re-run the installer to update both"
	}
	return ""
}

// printAdvice writes "annactl: <message>" and the hint on the next line.
func printAdvice(w io.Writer, a advice, st style) {
	var b strings.Builder
	b.WriteString("annactl: " + st.red(a.message) + "\n")
	if a.hint != "" {
		b.WriteString(a.hint + "\n")
	}
	_, _ = io.WriteString(w, b.String())
}
