package daemon_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// wantBrain checks a fast-path answer: origin brain, no model, the brain's
// ticket in the evidence, and a score computed from its signals.
func wantBrain(t *testing.T, q string, a *rpc.Answer, contains ...string) {
	t.Helper()
	if a.Origin != rpc.OriginBrain || a.Model != "" || a.Evidence.TranslatorTicket.Source != "brain" ||
		a.ReliabilityScore != a.ReliabilitySignals.Score() || !a.ReliabilitySignals.TranslatorConfident {
		t.Fatalf("%q: not a fast-path answer: %+v", q, a)
	}
	for _, s := range contains {
		if !strings.Contains(a.Answer, s) {
			t.Fatalf("%q: answer %q lacks %q", q, a.Answer, s)
		}
	}
}

func TestFastPathMakesNoLLMCall(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	cases := []struct {
		q        string
		probe    string
		contains []string
	}{
		{"how much ram do I have", probes.MemoryInfo, []string{"GiB"}},
		{"which process uses the most memory?", probes.TopMemory, []string{"uses the most memory"}},
		{"did any service fail", probes.FailedServices, []string{daemontest.FailedUnit}},
		{"what cpu do I have", "", []string{daemontest.Laptop.CPUModel}},
		{"what version are you", "", []string{version.String()}},
		{"are you ok?", "", []string{d.Socket, d.Ollama.URL(), "has my model tiny"}},
	}
	for _, c := range cases {
		a := ask(t, d, c.q)
		wantBrain(t, c.q, a, c.contains...)
		ran := a.Evidence.ProbesExecuted
		if c.probe != "" && (len(ran) != 1 || ran[0].Probe != c.probe || !ran[0].OK()) || c.probe == "" && len(ran) != 0 {
			t.Fatalf("%q: probes %+v, want %q", c.q, ran, c.probe)
		}
		if c.probe != "" && a.ReliabilityScore < 80 {
			t.Fatalf("%q: a fast answer from a probe scored %d: %+v (%q)", c.q, a.ReliabilityScore, a.ReliabilitySignals, a.Answer)
		}
	}
	if n := len(d.Ollama.ChatRequests()); n != 0 {
		t.Fatalf("%d LLM calls for %d fast-path questions", n, len(cases))
	}
	// Everything else still takes the LLM path: translator and specialist.
	for _, q := range []string{"why is memory usage high?", "how do I change my default gateway?", "how do I debug a segfault?"} {
		before := len(d.Ollama.ChatRequests())
		a := ask(t, d, q)
		if a.Origin != rpc.OriginLLM || a.Model != "tiny" || len(d.Ollama.ChatRequests()) != before+2 {
			t.Fatalf("%q: origin %q model %q, %d LLM calls", q, a.Origin, a.Model, len(d.Ollama.ChatRequests())-before)
		}
	}
	if st, _ := d.Client(t).Status(ctx(t)); !st.DebugMode {
		t.Fatal("\"how do I debug a segfault?\" changed the debug mode")
	}
}

// Without Ollama (unreachable, or without the model) the fast path answers
// as before, everything else gets the honest answer, and status says Anna
// is degraded.
func TestWithoutTheModel(t *testing.T) {
	for name, c := range map[string]struct{ config, cause, advice string }{
		"unreachable":   {"[ollama]\nurl = \"http://127.0.0.1:1\"\n", "cannot reach Ollama at http://127.0.0.1:1", "systemctl start ollama"},
		"model missing": {"[ollama]\nmodel = \"qwen2.5:7b\"\n", "cannot use model qwen2.5:7b", "ollama pull qwen2.5:7b"},
	} {
		t.Run(name, func(t *testing.T) {
			d := daemontest.Start(t, daemontest.Options{Config: c.config})
			st, err := d.Client(t).Status(ctx(t))
			if err != nil || st.Degraded != rpc.DegradedNoLLM {
				t.Fatalf("status: degraded %q, %v", st.Degraded, err)
			}
			wantBrain(t, "how much ram do I have", ask(t, d, "how much ram do I have"), "GiB")
			wantBrain(t, "are you ok?", ask(t, d, "are you ok?"), "not everything is well")

			a := ask(t, d, "why is memory usage high?")
			le := ""
			if a.Evidence.LastError != nil {
				le = *a.Evidence.LastError
			}
			if a.Origin != rpc.OriginLLM || a.Model != "" || a.ReliabilityScore > 20 || a.ReliabilityScore != a.ReliabilitySignals.Score() ||
				a.NeedsClarification || !strings.Contains(le, c.cause) || a.Evidence.TranslatorTicket.Source != "keywords" {
				t.Fatalf("not the honest answer without the model: %+v", a)
			}
			for _, s := range []string{"I cannot explain this without my model", c.cause, c.advice, "top_memory (ps aux", "annactl status"} {
				if !strings.Contains(a.Answer, s) {
					t.Fatalf("answer lacks %q:\n%s", s, a.Answer)
				}
			}
			t.Logf("the answer without the model:\n%s", a.Answer)
			if len(a.Evidence.ProbesExecuted) == 0 {
				t.Fatal("the probes did not run without the model")
			}
			if n := len(d.Ollama.ChatRequests()); name == "model missing" && n != 1 {
				t.Fatalf("%d chat calls; want the translator's only", n)
			}
		})
	}
}

// Debug mode changes in plain words, applies to the next request at once,
// shows in status, survives a restart, and only root's reset returns it to
// the config's default.
func TestDebugModeInPlainWords(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state")
	debugOf := func(d *daemontest.Daemon) bool {
		t.Helper()
		st, err := d.Client(t).Status(ctx(t))
		if err != nil {
			t.Fatal(err)
		}
		return st.DebugMode
	}
	stageEvents := func(d *daemontest.Daemon, id string) int {
		t.Helper()
		c := d.Client(t)
		if _, err := c.Request(ctx(t), rpc.RequestParams{Text: "how much ram do I have", RequestID: id}); err != nil {
			t.Fatal(err)
		}
		p, err := c.Progress(ctx(t), rpc.ProgressParams{RequestID: id})
		if err != nil {
			t.Fatal(err)
		}
		return len(p.Events)
	}
	t.Run("change", func(t *testing.T) {
		d := daemontest.Start(t, daemontest.Options{StateDir: state})
		if !debugOf(d) || stageEvents(d, "r1") == 0 {
			t.Fatal("the config's default (on) does not hold at first")
		}
		wantBrain(t, "turn debug mode off", ask(t, d, "turn debug mode off"), "Debug mode is now off")
		if debugOf(d) || stageEvents(d, "r2") != 0 {
			t.Fatal("debug mode off did not apply to the next request")
		}
		wantBrain(t, "is debug mode on?", ask(t, d, "is debug mode on?"), "Debug mode is off.")
		wantBrain(t, "turn debug off", ask(t, d, "turn debug off"), "already off")
	})
	t.Run("restart", func(t *testing.T) {
		d := daemontest.Start(t, daemontest.Options{StateDir: state})
		if debugOf(d) {
			t.Fatal("debug mode did not survive a restart")
		}
		// Debug mode is daemon-wide: a member's reset leaves it alone.
		if _, err := d.ClientAs(t, 1000).Reset(ctx(t)); err != nil {
			t.Fatal(err)
		}
		if debugOf(d) {
			t.Fatal("a member's reset changed the daemon-wide debug mode")
		}
		if _, err := d.Client(t).Reset(ctx(t)); err != nil {
			t.Fatal(err)
		}
		if !debugOf(d) {
			t.Fatal("root's reset did not return debug mode to the config's default")
		}
	})
}
