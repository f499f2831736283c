package daemon_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/desk"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/realollama"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestRealOllamaPipeline runs the whole service desk against a real Ollama
// server (built by .ci/build-ollama) with a tiny random-weight model: its
// words are gibberish, but the protocol, the schema-constrained ticket,
// streaming, deadlines and scoring are all real. Skipped without the
// binary unless ANNA_REQUIRE_OLLAMA=1 (make test-ollama sets it).
func TestRealOllamaPipeline(t *testing.T) {
	srv := realollama.Start(t)
	d := daemontest.Start(t, daemontest.Options{
		Config: fmt.Sprintf("[ollama]\nurl = %q\nmodel = %q\n", srv.URL, srv.Model),
		Budget: &desk.SpecBudget,
	})
	c := d.Client(t)
	st := waitStatus(t, d, func(s *rpc.Status) bool { return s.Model.Present != nil })
	if !st.Ollama.Reachable || st.Ollama.Version != realollama.Version || !*st.Model.Present {
		t.Fatalf("status against the real server: %+v %+v", st.Ollama, st.Model)
	}

	specialists := 0
	for i, q := range []string{
		"what is using my memory?", "which partition is almost full?", "is ssh exposed to the network?",
		"what's my IP address", "did any service fail today?", "how many cores does my cpu have",
	} {
		a, err := c.Request(ctx(t), rpc.RequestParams{Text: q, Session: "real"})
		if err != nil {
			b, _ := os.ReadFile(srv.LogPath)
			lines := strings.Split(string(b), "\n")
			t.Fatalf("%q: %v\nserver log:\n%s", q, err, strings.Join(lines[max(0, len(lines)-15):], "\n"))
		}
		tk, lastErr := a.Evidence.TranslatorTicket, ""
		if a.Evidence.LastError != nil {
			lastErr = *a.Evidence.LastError
		}
		t.Logf("%d %q: ticket %s/%s conf %.2f probes %v, clarify %v, score %d, model %q, last_error %q, %d ms, answer %.60q",
			i, q, tk.Source, tk.Domain, tk.Confidence, tk.NeedsProbes, a.NeedsClarification, a.ReliabilityScore, a.Model, lastErr, a.DurationMS, a.Answer)
		switch {
		case tk.Source == "llm":
			// The real server's schema-constrained JSON parsed.
		case strings.Contains(lastErr, "keyword fallback"):
			// A translator failure is designed to fall back.
		default:
			t.Fatalf("%q: ticket from %q without a recorded fallback", q, tk.Source)
		}
		if a.ReliabilityScore != a.ReliabilitySignals.Score() || a.ReliabilityScore%20 != 0 {
			t.Fatalf("%q: score %d, signals %+v", q, a.ReliabilityScore, a.ReliabilitySignals)
		}
		if strings.HasPrefix(lastErr, "timeout at ") && !strings.Contains(lastErr, "fallback") && (a.ReliabilityScore > 20 || !a.NeedsClarification) {
			t.Fatalf("%q: a timeout without the spec's timeout response: %+v", q, a)
		}
		if !a.NeedsClarification && a.Model == srv.Model && a.Answer != "" {
			specialists++
		}
	}
	if specialists == 0 {
		t.Fatal("no request reached the specialist; the streaming stage was never exercised")
	}
}
