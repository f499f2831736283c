package brain

import (
	"slices"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestComposeHealth covers Anna's answer about herself in each state the
// daemon can be in, and checks the healthy and broken answers are grounded
// in the facts they come with.
func TestComposeHealth(t *testing.T) {
	yes, no := true, false
	base := HealthState{PID: 4242, Socket: "/run/anna/anna.sock", OllamaURL: "http://127.0.0.1:11434",
		OllamaReachable: true, Model: "llama3.2:3b", ModelPresent: &yes}
	down := base
	down.OllamaReachable, down.ModelPresent = false, nil
	down.OllamaError = "dial tcp 127.0.0.1:11434: connect: connection refused"
	missing := base
	missing.ModelPresent = &no
	unknown := base
	unknown.ModelPresent = nil
	warned := base
	warned.ConfigWarnings = []string{`unknown key "llm.temprature"`}
	for _, c := range []struct {
		name string
		h    HealthState
		want string
	}{
		{"healthy", base, "I am fine.\n" +
			"annad 0.1.0 (PID 4242) is answering on /run/anna/anna.sock.\n" +
			"Ollama at http://127.0.0.1:11434 answers and has my model llama3.2:3b."},
		{"ollama down", down, "I am running, but not everything is well: check Ollama (annactl status has the details).\n" +
			"annad 0.1.0 (PID 4242) is answering on /run/anna/anna.sock.\n" +
			"Ollama at http://127.0.0.1:11434 does not answer (dial tcp 127.0.0.1:11434: connect: connection refused): without it I can answer only simple facts."},
		{"model missing", missing, "I am running, but not everything is well: check the model (annactl status has the details).\n" +
			"annad 0.1.0 (PID 4242) is answering on /run/anna/anna.sock.\n" +
			"Ollama at http://127.0.0.1:11434 answers, but my model llama3.2:3b is missing: ollama pull llama3.2:3b fetches it."},
		{"model unknown", unknown, "I am running, but not everything is well: check the model (annactl status has the details).\n" +
			"annad 0.1.0 (PID 4242) is answering on /run/anna/anna.sock.\n" +
			"Ollama at http://127.0.0.1:11434 answers, but I could not ask it whether it has my model llama3.2:3b."},
		{"config warnings", warned, "I am running, but not everything is well: check the config file (annactl status has the details).\n" +
			"annad 0.1.0 (PID 4242) is answering on /run/anna/anna.sock.\n" +
			"Ollama at http://127.0.0.1:11434 answers and has my model llama3.2:3b.\n" +
			`The config file has 1 warning: unknown key "llm.temprature".`},
	} {
		in := Input{Health: c.h, Version: "0.1.0"}
		r := Compose(Intent{Kind: Health}, in)
		if r.Text != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, r.Text, c.want)
		}
		if rv := review(Intent{Kind: Health}, "are you ok?", in, r); !rv.Signals.AnswerGrounded {
			t.Errorf("%s: not grounded in its facts: %+v", c.name, rv.Grounding)
		}
	}
}

// TestComposeDebug covers the three debug intents in both states.
func TestComposeDebug(t *testing.T) {
	for _, c := range []struct {
		kind Kind
		d    DebugState
		want string
	}{
		{DebugQuery, DebugState{On: true, Was: true}, "Debug mode is on."},
		{DebugQuery, DebugState{}, "Debug mode is off."},
		{DebugOn, DebugState{On: true}, "Debug mode is now on; it applies from your next request."},
		{DebugOn, DebugState{On: true, Was: true}, "Debug mode was already on."},
		{DebugOff, DebugState{Was: true}, "Debug mode is now off; it applies from your next request."},
		{DebugOff, DebugState{}, "Debug mode was already off."},
	} {
		if got := Compose(Intent{Kind: c.kind}, Input{Debug: c.d}).Text; got != c.want {
			t.Errorf("%s %+v: got %q, want %q", c.kind, c.d, got, c.want)
		}
	}
}

// TestIntentPlumbing checks what the desk reads from an intent: every
// kind composes without a panic from empty input, needs only allowlisted
// probes, and the memory, CPU and process probes are read fresh.
func TestIntentPlumbing(t *testing.T) {
	for _, k := range Kinds {
		i := Intent{Kind: k}
		for _, p := range i.Probes() {
			if !slices.Contains(probes.IDs, p) {
				t.Errorf("%s needs %q, which is not in the allowlist", k, p)
			}
		}
		if r := Compose(i, Input{}); r.Text == "" {
			t.Errorf("%s: empty answer from empty input", k)
		}
		tk := i.Ticket()
		if tk.Source != SourceBrain || tk.Confidence != 1 || !slices.Contains(rpc.Domains, tk.Domain) {
			t.Errorf("%s: ticket %+v", k, tk)
		}
	}
	for _, p := range []string{probes.MemoryInfo, probes.TopMemory, probes.TopCPU, probes.ListeningPorts} {
		if !Fresh(p) {
			t.Errorf("%s must be read fresh", p)
		}
	}
	if Fresh(probes.DiskUsage) || Fresh(probes.SystemLogs) {
		t.Error("disk_usage and system_logs may come from the cache")
	}
	if tk := (Intent{Kind: ListeningPorts, Port: 22}).Ticket(); tk.Domain != rpc.DomainNetwork || !slices.Equal(tk.Entities, []string{"22"}) {
		t.Errorf("port ticket %+v", tk)
	}
	if tk := (Intent{Kind: DebugOn}).Ticket(); tk.Intent != rpc.IntentRequest {
		t.Errorf("debug toggle ticket intent %q, want request", tk.Intent)
	}
}
