package translator

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func TestClarificationRules(t *testing.T) {
	tests := []struct {
		query   string
		clarify bool
		want    string // substring of the question; "" when not asked
	}{
		{"help", true, QuestionHelp},
		{"HELP!", true, QuestionHelp},
		{"help me", true, QuestionHelp},
		{"  Help me. ", true, QuestionHelp},
		{"", true, QuestionTopic},
		{"   ", true, QuestionTopic},
		{"hello", true, QuestionTopic},
		{"what's up", true, QuestionTopic},
		{"tell me a joke please", true, QuestionTopic},
		{"network", true, "about the network: IP addresses"},
		{"disk?", true, "about storage: free space"},
		{"eth0 status", true, "about eth0:"},
		{"install docker", true, `such as "please install docker"`},
		{"restart", true, "What should I restart?"},
		// exceptions: cpu, memory and ram make a short query clear
		{"cpu", false, ""},
		{"CPU?", false, ""},
		{"memory", false, ""},
		{"memory usage", false, ""},
		{"ram", false, ""},
		{"free ram", false, ""},
		// three words are enough when a domain matched
		{"please install docker", false, ""},
		{"is ssh exposed", false, ""},
		{"help me install htop", false, ""},
	}
	for _, tt := range tests {
		tk := Keywords(tt.query)
		if got := tk.ClarificationQuestion != nil; got != tt.clarify {
			t.Errorf("%q: clarification %v, want %v (%v)", tt.query, got, tt.clarify, deref(tk.ClarificationQuestion))
			continue
		}
		if !tt.clarify {
			continue
		}
		q := *tk.ClarificationQuestion
		if !strings.Contains(q, tt.want) {
			t.Errorf("%q: question %q does not contain %q", tt.query, q, tt.want)
		}
		if !strings.HasSuffix(q, "?") && !strings.HasSuffix(q, ".") && !strings.HasSuffix(q, `"`) {
			t.Errorf("%q: question %q is not a sentence", tt.query, q)
		}
		if tk.Confidence > MaxClarifyConfidence {
			t.Errorf("%q: confidence %.2f with a clarification question", tt.query, tk.Confidence)
		}
	}
}

func TestExemptShortQueriesRoute(t *testing.T) {
	for query, want := range map[string][]string{
		"cpu":    {probes.TopCPU, probes.CPUInfo},
		"memory": {probes.TopMemory, probes.MemoryInfo},
		"ram":    {probes.TopMemory, probes.MemoryInfo},
	} {
		tk := Keywords(query)
		if tk.Domain != rpc.DomainSystem || !containsAll(tk.NeedsProbes, want) || tk.Confidence < 0.7 {
			t.Errorf("%q: %+v, want system with %v and confidence >= 0.7", query, tk, want)
		}
	}
}

func TestIntent(t *testing.T) {
	for query, want := range map[string]string{
		"upgrade my system":                rpc.IntentRequest,
		"restart nginx":                    rpc.IntentRequest,
		"install htop":                     rpc.IntentRequest,
		"please restart the nginx service": rpc.IntentRequest,
		"can you free up some disk space":  rpc.IntentRequest,
		"could you open port 22":           rpc.IntentRequest,
		"why is my laptop so slow":         rpc.IntentInvestigate,
		"troubleshoot my wifi":             rpc.IntentInvestigate,
		"diagnose the disk errors":         rpc.IntentInvestigate,
		"what's wrong with my network":     rpc.IntentInvestigate,
		"can't resolve hostnames":          rpc.IntentInvestigate,
		"printer is not working":           rpc.IntentInvestigate,
		"what's eating my RAM":             rpc.IntentQuestion,
		"which ports are open":             rpc.IntentQuestion,
		"are there updates available":      rpc.IntentQuestion,
		"check for security updates":       rpc.IntentQuestion,
		"how much free memory do I have":   rpc.IntentQuestion,
	} {
		if got := Keywords(query).Intent; got != want {
			t.Errorf("%q: intent %s, want %s", query, got, want)
		}
	}
}

func TestEntities(t *testing.T) {
	for query, want := range map[string][]string{
		"is nginx running":                       {"nginx"},
		"is ssh exposed":                         {"ssh"},
		"is sshd listening on port 22":           {"sshd", "port 22"},
		"is /dev/sda mounted":                    {"/dev/sda"},
		"errors on nvme0n1p2 and sdb1":           {"nvme0n1p2", "sdb1"},
		"is eth0 up, and what about wlp3s0?":     {"eth0", "wlp3s0"},
		"who listens on :8080":                   {"port 8080"},
		"why did nginx.service fail":             {"nginx.service"},
		"can I reach 192.168.1.1 from here":      {"192.168.1.1"},
		"please restart the foobar service":      {"foobar"},
		"kill frobnicate":                        {"frobnicate"},
		"is quux running":                        {"quux"},
		"what version of htop do I have":         {"htop"},
		"kill the process hogging my cpu":        {},
		"why did apache stop working":            {"apache"},
		"which partition is almost full":         {},
		"Firefox and Firefox and firefox again!": {"firefox"},
	} {
		got := Keywords(query).Entities
		if len(got) != len(want) || !containsAll(got, want) {
			t.Errorf("%q: entities %q, want %q", query, got, want)
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, r := range routes {
		a, b := Keywords(r.query), Keywords(r.query)
		if a.Domain != b.Domain || a.Intent != b.Intent || a.Confidence != b.Confidence ||
			strings.Join(a.NeedsProbes, ",") != strings.Join(b.NeedsProbes, ",") ||
			strings.Join(a.Entities, ",") != strings.Join(b.Entities, ",") {
			t.Fatalf("%q: %+v then %+v", r.query, a, b)
		}
	}
}

func TestConfidenceReflectsMargin(t *testing.T) {
	clear := Keywords("which process uses the most memory")
	mixed := Keywords("is my disk encrypted") // storage and security compete
	weak := Keywords("tell me about this computer")
	if clear.Confidence < 0.7 || mixed.Confidence >= 0.7 || weak.Confidence >= 0.7 {
		t.Errorf("confidence clear %.2f, mixed %.2f, weak %.2f; want >=0.7, <0.7, <0.7",
			clear.Confidence, mixed.Confidence, weak.Confidence)
	}
}

func TestLongInputIsBounded(t *testing.T) {
	long := strings.Repeat("why is my memory full of processes on eth0 port 22 /dev/sda ", 2000)
	tk := Keywords(long)
	if tk.Domain == "" || len(tk.Entities) > MaxEntities {
		t.Errorf("long input: %+v", tk)
	}
	if got := Validate(tk); !equalTickets(got, tk) {
		t.Errorf("Validate changed a keyword ticket: %+v -> %+v", tk, got)
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}
