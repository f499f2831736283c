package desk

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llmqueue"
	"github.com/jjgarcianorway/anna-assistant/daemon/session"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// fakeDesk is a desk on the fake Ollama server, Anna's real client and the
// probes' fixture host. The translator's replies come from translator, the
// specialist's from specialist.
func fakeDesk(t *testing.T, b Budget, translator, specialist ollamatest.Reply) *Desk {
	t.Helper()
	fake := ollamatest.New(t)
	fake.OnChat(new(ollamatest.Script).When(ollamatest.IsTicket(), translator).Otherwise(specialist).Reply)
	return deskOn(t, fake, b)
}

// deskOn is a desk on fake Ollama and the fixture host's probes, with a
// small machine's hardware and budget b.
func deskOn(t *testing.T, fake *ollamatest.Server, b Budget) *Desk {
	t.Helper()
	client, err := llm.New(llm.Options{URL: fake.URL(), Model: "tiny"})
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("../../probes/testdata/host")
	if err != nil {
		t.Fatal(err)
	}
	return New(Options{
		LLM: client, Probes: probes.NewRunner(&probes.Env{Layout: dirs.At(root)}), Sessions: session.NewStore(),
		Hardware: func() rpc.Hardware {
			return rpc.Hardware{CPUModel: "test", Cores: 2, Threads: 2, RAMTotalBytes: 8 << 30}
		},
		Version: "0.1.0", Budget: &b,
	})
}

// A timeout is often the consequence of an earlier failure (a slow machine
// first makes the translator fall back, then the specialist time out), so
// last_error keeps every error of the request, in the order they happened.
// The deadlines that must pass are met by replies that never come; the
// others are generous, so load cannot change which stage fails.
func TestLastErrorKeepsEveryError(t *testing.T) {
	const generous, short = time.Minute, 300 * time.Millisecond
	garbage := ollamatest.Reply{Content: "not a ticket"}
	never := ollamatest.Reply{Hang: true}
	cases := []struct {
		name                   string
		budget                 Budget
		translator, specialist ollamatest.Reply
		want                   []string // in order
		timeout                bool
	}{
		{"bad ticket, specialist timeout", Budget{generous, generous, short, generous, 2 * generous},
			garbage, never, []string{"translator: cannot read the translator's ticket", "(keyword fallback used)", "; timeout at specialist"}, true},
		{"translator timeout, specialist timeout", Budget{short, generous, short, generous, 2 * generous},
			never, never, []string{"timeout at translator (keyword fallback used)", "; timeout at specialist"}, true},
		{"bad ticket, cut-off answer", Budget{generous, generous, generous, generous, 2 * generous},
			garbage, ollamatest.Reply{Content: `{"facts": [{"line": 2, "subject": "firefox"`, Abort: true},
			[]string{"translator: cannot read the translator's ticket", "; specialist: the reply was cut off"}, false},
		{"bad ticket, garbled answer", Budget{generous, generous, generous, generous, 2 * generous},
			garbage, ollamatest.Reply{Content: `{"facts": [], "advice": [], "missing": "\u001b[2J\u001b[2J the first row"}`},
			[]string{"translator: cannot read the translator's ticket", "(keyword fallback used)", "; unusable reply: the reply contains control characters"}, false},
		{"bad ticket, good answer", Budget{generous, generous, generous, generous, 2 * generous},
			garbage, ollamatest.Reply{Content: `{"facts": [], "advice": [], "missing": "The probes do not show which process is largest."}`},
			[]string{"translator: cannot read the translator's ticket", "(keyword fallback used)"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := fakeDesk(t, c.budget, c.translator, c.specialist)
			place, err := llmqueue.New(llmqueue.Options{}).Admit(0)
			if err != nil {
				t.Fatal(err)
			}
			defer place.Done()
			a, err := d.Ask(t.Context(), place, rpc.RequestParams{Text: "what is using my memory?", RequestID: "r"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if a.Evidence.LastError == nil {
				t.Fatalf("no last_error in %+v", a)
			}
			got := *a.Evidence.LastError
			rest := got
			for _, w := range c.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("last_error %q lacks %q (or has it out of order)", got, w)
				}
				rest = rest[i+len(w):]
			}
			if c.timeout && (!a.NeedsClarification || a.ReliabilityScore > 20 || !strings.HasSuffix(got, "timeout at specialist")) {
				t.Errorf("not the timeout response: score %d, clarification %v, last_error %q", a.ReliabilityScore, a.NeedsClarification, got)
			}
			if !c.timeout && a.NeedsClarification {
				t.Errorf("an answer was expected: %+v", a)
			}
		})
	}
}

func TestClipErrorsKeepsBothEnds(t *testing.T) {
	if got := clipErrors("translator: x; timeout at specialist"); got != "translator: x; timeout at specialist" {
		t.Errorf("a short list changed: %q", got)
	}
	long := "translator: " + strings.Repeat("é", 2000) + "; timeout at specialist"
	got := clipErrors(long)
	if len(got) > maxLastError || !utf8.ValidString(got) || !strings.HasPrefix(got, "translator: éé") ||
		!strings.HasSuffix(got, "éé; timeout at specialist") || !strings.Contains(got, " … ") {
		t.Errorf("clipped to %d bytes: %.80q … %.80q", len(got), got, got[max(0, len(got)-80):])
	}
}
