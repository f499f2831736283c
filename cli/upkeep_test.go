package cli

import (
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func TestRenderStatusUpkeep(t *testing.T) {
	at := time.Date(2026, 11, 24, 5, 0, 0, 0, time.UTC)
	s := &rpc.Status{
		Setup: &rpc.Setup{Phase: "pulling llama3.2:3b", Percent: 42, LastError: "cannot pull: connection reset\x1b[2J"},
		Update: &rpc.Update{Current: "0.1.0", Latest: "0.2.0", URL: "https://r/", AutoUpdate: true, CheckedAt: at,
			LastError: "cannot verify the release: its signature matches none of the 1 keys annad accepts"},
	}
	var b strings.Builder
	if err := renderStatus(&b, s, style{}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		"setup\n  phase        pulling llama3.2:3b (42%)\n  last error   cannot pull: connection reset\n",
		"update\n  current      0.1.0\n  latest       0.2.0\n  auto update  on\n  checked      " + stamp(at) + "\n",
		"  last error   cannot verify the release: its signature matches none",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("status lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "\x1b") {
		t.Error("a control sequence from annad reached the terminal")
	}

	b.Reset()
	s.Setup = &rpc.Setup{Phase: "ready: llama3.2:3b answers", Percent: 100, Ready: true}
	s.Update = &rpc.Update{Current: "0.1.0"}
	if err := renderStatus(&b, s, style{}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.Contains(got, "phase        ready: llama3.2:3b answers\n") || !strings.Contains(got, "checks       off (no [update] url") {
		t.Errorf("status:\n%s", got)
	}
}

func TestRenderAutofix(t *testing.T) {
	var b strings.Builder
	renderAutofix(&b, &rpc.AutofixResult{Problems: 2, Repaired: 1, Checks: []rpc.AutofixCheck{
		{Name: "group anna", OK: true},
		{Name: "unit anna-ollama.service", OK: true, Found: "failed (failed)", Action: "restarted anna-ollama.service"},
		{Name: "ledger", Error: "cannot parse ledger.json\x1b[2J", Advice: "keep a copy"},
	}}, style{})
	want := "  result       3 checked, 2 problems, 1 repaired\n" +
		"  unit anna-ollama.service: found failed (failed), restarted anna-ollama.service\n" +
		"  ledger: cannot parse ledger.json; keep a copy\n"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
	if !needsAutofix(&rpc.Status{Degraded: rpc.DegradedNoLLM}) || needsAutofix(&rpc.Status{Setup: &rpc.Setup{Ready: true}}) ||
		!needsAutofix(&rpc.Status{Setup: &rpc.Setup{LastError: "cannot pull"}}) || needsAutofix(&rpc.Status{Update: &rpc.Update{LastError: "x"}}) {
		t.Error("needsAutofix misjudges a status")
	}
}
