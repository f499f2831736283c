package cli_test

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// -h and --help print the usage and nothing before it, and exit 0.
func TestPTYHelpFlags(t *testing.T) {
	for _, flag := range []string{"-h", "--help"} {
		tm := spawn(t, testEnv(t, "/nonexistent"), flag)
		if before := tm.expect("usage: annactl"); before != "" {
			t.Errorf("%s: %q printed before the usage", flag, before)
		}
		tm.expect("annactl uninstall        remove Anna and undo her changes, after you type uninstall\r\n")
		tm.expect("Exit codes: 0 ok")
		if code := tm.exitCode(); code != 0 {
			t.Errorf("%s: exit %d, want 0", flag, code)
		}
	}
}

// In the REPL, help and ? print annactl's own help: what to ask, the exit
// words, Ctrl-C and annactl status. The daemon's Ollama is down, so a
// round trip would print an Ollama error instead, and annad records no
// request for this user.
func TestPTYREPLHelp(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{Config: "[ollama]\nurl = \"http://127.0.0.1:1\"\n"})
	tm := spawn(t, testEnv(t, d.Socket, "NO_COLOR=1"))
	tm.expect("Type help or ? for examples, exit or Ctrl-D to leave.\r\n")
	tm.expect("anna> ")
	for _, word := range []string{"help", "?"} {
		tm.send(word + "\r")
		out := tm.expect("Ask Anna about this computer in your own words, for example:\r\n")
		tm.expect("  what is using my memory?\r\n")
		out += tm.expect("exit, quit, bye, q, :q or :wq (or Ctrl-D)")
		out += tm.expect("Ctrl-C cancels the request that is running")
		out += tm.expect("'annactl status' shows annad")
		out += tm.expect("anna> ")
		if strings.Contains(out, "annactl: ") || strings.Contains(out, "Ollama at") {
			t.Errorf("%s: an error came with the help: %q", word, out)
		}
	}
	_, err := d.Client(t).Progress(t.Context(), rpc.ProgressParams{})
	if rpc.KindOf(err) != rpc.KindNotFound {
		t.Errorf("progress after help: %v, want not_found (no request reached annad)", err)
	}
	tm.send("bye\r")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}

// `annactl help` answers locally too: here no annad is running at all.
func TestPTYOneShotHelp(t *testing.T) {
	tm := spawn(t, testEnv(t, "/nonexistent"), "help")
	tm.expect("Ask Anna about this computer in your own words")
	tm.expect("usage: annactl")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}
