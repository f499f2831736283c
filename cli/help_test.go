package cli

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/translator"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// The help's examples must be questions Anna can answer: read by the
// keyword translator (what Anna falls back to without a model) none asks
// back, and together they reach every probe of the allowlist.
func TestHelpExamplesCoverTheProbes(t *testing.T) {
	seen := map[string]bool{}
	for _, q := range helpExamples {
		tk := translator.Keywords(q)
		if tk.ClarificationQuestion != nil || len(tk.NeedsProbes) == 0 {
			t.Errorf("%q is not a clear question: %+v", q, tk)
		}
		for _, id := range tk.NeedsProbes {
			seen[id] = true
		}
	}
	for _, id := range probes.IDs {
		if !seen[id] {
			t.Errorf("no example reaches probe %s", id)
		}
	}
	help := replHelp()
	for _, w := range []string{"exit", "quit", "bye", " q", ":q", ":wq", "Ctrl-D", "Ctrl-C", "annactl status"} {
		if !strings.Contains(help, w) {
			t.Errorf("the REPL help does not mention %q", w)
		}
	}
	for w := range exitWords {
		if !strings.Contains(help, w) {
			t.Errorf("the REPL help does not list exit word %q", w)
		}
	}
}

// A piped session answers help and ? itself, in any case and with spaces
// around, and keeps going; the daemon never sees them (its fake Ollama is
// down, so a round trip would print an Ollama error and fail the session).
func TestREPLHelpIsLocal(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{Config: "[ollama]\nurl = \"http://127.0.0.1:1\"\n"})
	code, out, errs := runWith(t, IO{In: strings.NewReader("help\n ? \nHELP\n")}, d.Socket, nil)
	if code != ExitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if n := strings.Count(out, replHelp()); n != 3 || out != strings.Repeat(replHelp(), 3) {
		t.Errorf("%d helps, want 3 and nothing else:\n%s", n, out)
	}
	// The daemon has no request on record for this user.
	_, err := d.Client(t).Progress(t.Context(), rpc.ProgressParams{})
	if rpc.KindOf(err) != rpc.KindNotFound {
		t.Errorf("progress after help: %v, want not_found (no request reached annad)", err)
	}
	// What a round trip would have given: "help me" is a request.
	// With Ollama down the keywords read it, and Anna asks back.
	code, out, errs = runWith(t, IO{In: strings.NewReader("help me\n")}, d.Socket, nil)
	if code != ExitOK || !strings.Contains(out, "needs clarification") {
		t.Errorf("help me with Ollama down: exit %d, stderr %q, out:\n%s", code, errs, out)
	}
}
