package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func TestAdviseKinds(t *testing.T) {
	tests := []struct {
		err  error
		code int
		hint string // a fragment of the expected hint
	}{
		{rpc.Errorf(rpc.KindUnreachable, "cannot reach annad at /s: no such file or directory"), ExitUnreachable, "sudo systemctl start annad"},
		{rpc.Errorf(rpc.KindUnreachable, "cannot reach annad"), ExitUnreachable, "re-run the installer"},
		{rpc.Errorf(rpc.KindSocketPermission, "cannot open /s: permission denied"), ExitPermission, "sudo usermod -aG anna $USER"},
		{rpc.Errorf(rpc.KindSocketPermission, "cannot open /s: permission denied"), ExitPermission, "log out and in again"},
		{rpc.Errorf(rpc.KindConnectionLost, "cannot read from annad"), ExitFailed, "systemctl status annad"},
		{rpc.Errorf(rpc.KindAccessDenied, "cannot run it"), ExitFailed, "sudo"},
		{rpc.Errorf(rpc.KindLLMUnavailable, "cannot reach ollama"), ExitFailed, "annactl status"},
		{rpc.Errorf(rpc.KindLLMUnavailable, "cannot reach ollama").WithHint("daemon's own hint"), ExitFailed, "daemon's own hint"},
		{rpc.Errorf(rpc.KindTimeout, "cannot answer in time"), ExitFailed, "try again"},
		{rpc.Errorf(rpc.KindBusy, "cannot take more"), ExitFailed, "in a moment"},
		{rpc.Errorf(rpc.KindShuttingDown, "cannot serve"), ExitFailed, "few seconds"},
		{rpc.Errorf(rpc.KindInternal, "cannot cope"), ExitFailed, "journalctl -u annad"},
		{rpc.Errorf(rpc.KindInvalidParams, "cannot read params"), ExitFailed, "re-run the installer"},
		{rpc.Errorf(rpc.KindUnknownMethod, "cannot find"), ExitFailed, "different versions"},
		{rpc.Errorf(rpc.KindInternal, "cannot read").WithHint("run it as root"), ExitFailed, "run it as root"},
		{fmt.Errorf("cannot finish request: %w", context.DeadlineExceeded), ExitFailed, "try again in a moment"},
		// Polkit's refusals: annactl's own words win over the daemon's,
		// since the fix is how annactl is run.
		{rpc.Errorf(rpc.KindAuthRequired, "cannot run uninstall").WithHint("daemon hint"), ExitFailed, "from a terminal so the password prompt can appear"},
		{rpc.Errorf(rpc.KindAuthNoAgent, "cannot run uninstall"), ExitFailed, "no polkit agent"},
		{rpc.Errorf(rpc.KindAuthDismissed, "cannot run uninstall"), ExitFailed, "run it again"},
		{rpc.Errorf(rpc.KindAuthDenied, "cannot run uninstall"), ExitFailed, "ask one to"},
	}
	for _, tt := range tests {
		a := advise(tt.err, "the request", rpc.RequestTimeout)
		if a.code != tt.code || !strings.Contains(a.hint, tt.hint) {
			t.Errorf("advise(%v) = %+v; want code %d and a hint with %q", tt.err, a, tt.code, tt.hint)
		}
		if a.message == "" {
			t.Errorf("advise(%v) has no message", tt.err)
		}
	}
}

func TestAdviseTimeoutSaysWhatTimedOut(t *testing.T) {
	a := advise(fmt.Errorf("cannot finish status: %w", context.DeadlineExceeded), "status", 15*time.Second)
	if a.message != "status got no answer from annad within 15s" {
		t.Errorf("message %q", a.message)
	}
	a = advise(errors.New("cannot decode\x1b[2J"), "the request", time.Second)
	if a.code != ExitFailed || a.message != "cannot decode" || a.hint != "" {
		t.Errorf("plain error: %+v", a)
	}
}

func TestPrintAdvice(t *testing.T) {
	var b strings.Builder
	printAdvice(&b, advice{message: "cannot reach annad", hint: "start it"}, style{})
	if b.String() != "annactl: cannot reach annad\nstart it\n" {
		t.Errorf("got %q", b.String())
	}
}

// A socket path with nothing behind it: every command that needs annad
// says how to start it and exits 3.
func TestUnreachableDaemon(t *testing.T) {
	env := map[string]string{"ANNA_SOCKET": filepath.Join(t.TempDir(), "missing.sock")}
	for _, args := range [][]string{{"status"}, {"reset"}, {"what", "uses", "memory"}, {}} {
		code, out, errs := run(t, env, "y\nquestion\n", args...)
		if code != ExitUnreachable {
			t.Errorf("%q: exit %d, want %d", args, code, ExitUnreachable)
		}
		if out != "" {
			t.Errorf("%q: stdout %q", args, out)
		}
		if !strings.HasPrefix(errs, "annactl: cannot reach annad at "+env["ANNA_SOCKET"]) ||
			!strings.Contains(errs, "\n"+hintUnreachable+"\n") {
			t.Errorf("%q: stderr %q", args, errs)
		}
	}
}

// A socket file nobody listens on (annad died without removing it) is
// unreachable too.
func TestStaleSocket(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stale.sock")
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	l.SetUnlinkOnClose(false)
	l.Close()
	code, _, errs := run(t, map[string]string{"ANNA_SOCKET": path}, "", "status")
	if code != ExitUnreachable || !strings.Contains(errs, "connection refused") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// A peer that hangs up mid-call is reported as such, exit 1.
func TestConnectionLost(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hangup.sock")
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	code, out, errs := run(t, map[string]string{"ANNA_SOCKET": path}, "", "status")
	if code != ExitFailed || out != "" || !strings.Contains(errs, hintLost) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// Every polkit refusal gets its own advice, and each says to use sudo or
// to ask an administrator.
func TestAuthKindsHaveDistinctAdvice(t *testing.T) {
	kinds := []rpc.Kind{rpc.KindAuthRequired, rpc.KindAuthNoAgent, rpc.KindAuthDismissed, rpc.KindAuthDenied}
	seen := map[string]rpc.Kind{}
	codes := map[int]rpc.Kind{}
	for _, k := range kinds {
		h := advise(rpc.Errorf(k, "cannot run uninstall"), "uninstall", time.Second).hint
		if other, dup := seen[h]; dup {
			t.Errorf("%s and %s share the hint %q", k, other, h)
		}
		seen[h] = k
		if !strings.Contains(h, "sudo") {
			t.Errorf("%s's hint %q does not mention sudo", k, h)
		}
		if other, dup := codes[k.Code()]; dup || k.Code() == -32000 {
			t.Errorf("%s has code %d, shared with %q or the default", k, k.Code(), other)
		}
		codes[k.Code()] = k
	}
}
