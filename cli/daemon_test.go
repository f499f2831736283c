package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// These tests run Run against an in-process annad (daemontest) with buffers
// for the terminal.

const question = "how much memory do I have"

func runWith(t *testing.T, sys IO, socket string, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errs bytes.Buffer
	sys.Out, sys.Err = &out, &errs
	sys.Getenv = func(k string) string {
		if k == "ANNA_SOCKET" {
			return socket
		}
		return env[k]
	}
	code := Run(context.Background(), args, sys)
	return code, out.String(), errs.String()
}

func TestRequestPiped(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	code, out, errs := runWith(t, IO{}, d.Socket, nil, strings.Fields(question)...)
	if code != ExitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	rule := strings.Repeat("─", plainRule)
	if !strings.HasPrefix(out, "anna v"+version.String()+" (") || !strings.Contains(out, ")\n"+rule+"\n[you]\n"+question+"\n\n[anna] ") ||
		!strings.Contains(out, " specialist  reliability: ") || !strings.Contains(out, "\n\nprobes: ") || !strings.HasSuffix(out, "\n"+rule+"\n") {
		t.Errorf("not the unified block:\n%s", out)
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("escape codes on a pipe: %q", out)
	}
}

func TestRequestOnTerminal(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	sys := IO{OutTTY: true, Size: func() (int, int) { return 60, 30 }}
	code, out, _ := runWith(t, sys, d.Socket, nil, strings.Fields(question)...)
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	// The live area is drawn, then erased before the block.
	head, block, ok := strings.Cut(out, "anna v")
	if !ok || !strings.Contains(head, "⠋") || !strings.HasSuffix(head, "\x1b[J") {
		t.Errorf("no live area erased before the answer: %q", head)
	}
	if !strings.Contains(block, "\n"+strings.Repeat("─", 60)+"\n") || !strings.Contains(block, "\x1b[1m[you]\x1b[0m") {
		t.Errorf("block not sized or colored for the terminal: %q", block)
	}
	_, out, _ = runWith(t, sys, d.Socket, map[string]string{"NO_COLOR": "1"}, strings.Fields(question)...)
	if _, block, _ := strings.Cut(out, "anna v"); strings.Contains(block, "\x1b") {
		t.Errorf("NO_COLOR: escapes in the block: %q", block)
	}
}

func TestREPLPiped(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	in := question + "\n\n   \n" + question + "\n Quit \nnever sent\n"
	code, out, errs := runWith(t, IO{In: strings.NewReader(in)}, d.Socket, nil)
	if code != ExitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if n := strings.Count(out, "[you]\n"+question+"\n"); n != 2 {
		t.Errorf("%d answers, want 2:\n%s", n, out)
	}
	if strings.Contains(out, "never sent") || strings.Contains(out, "anna> ") {
		t.Errorf("read past the exit word or prompted on a pipe:\n%s", out)
	}
}

func TestStatusCommand(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	code, out, errs := runWith(t, IO{}, d.Socket, nil, "status")
	if code != ExitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"version      " + version.String(), "socket       ", "cpu          ", "present      ", "available    11"} {
		if !strings.Contains(out, want) {
			t.Errorf("status lacks %q:\n%s", want, out)
		}
	}
}

func TestResetAsksFirst(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	for _, answer := range []string{"", "\n", "n\n", "no\n", "yess\n", "maybe\n"} {
		code, out, errs := runWith(t, IO{In: strings.NewReader(answer)}, d.Socket, nil, "reset")
		if code != ExitFailed || errs != "reset canceled\n" || !strings.HasPrefix(out, "Reset Anna's learned data in "+d.StateDir+"? [y/N] ") {
			t.Errorf("answer %q: exit %d, stdout %q, stderr %q", answer, code, out, errs)
		}
	}
	for _, answer := range []string{"y\n", " YES \n", "y"} {
		code, out, errs := runWith(t, IO{In: strings.NewReader(answer)}, d.Socket, nil, "reset")
		if code != ExitOK || errs != "" || !strings.Contains(out, d.StateDir) {
			t.Errorf("answer %q: exit %d, stdout %q, stderr %q", answer, code, out, errs)
		}
	}
}

// Ctrl-C (here the Interrupt hook) cancels a one-shot request: annactl
// says so and exits 130, and annad abandons the probe.
func TestInterruptOneShot(t *testing.T) {
	g := daemontest.NewSlowJournal()
	d := daemontest.Start(t, daemontest.Options{Journal: g})
	sys := IO{Interrupt: func(ctx context.Context) (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(ctx)
		go func() {
			select {
			case <-g.Started():
				cancel()
			case <-ctx.Done():
			}
		}()
		return ctx, cancel
	}}
	code, out, errs := runWith(t, sys, d.Socket, nil, strings.Fields("show me the recent warnings in the system logs")...)
	if code != ExitInterrupted || errs != "canceled\n" || out != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	g.AssertAbandoned(t, d.Client(t))
}
