package daemon_test

import (
	"context"
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
//
// The spec's deadlines are real here, so a loaded machine may time out at a
// stage: each request must then give the honest timeout response (score ≤
// 20, a question back, last_error naming the stage and any fallback), not
// fail the test. Whichever response came, its properties are checked.
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

	reachedSpecialist := 0
	for i, q := range []string{
		"why is memory usage high?", "which partition is almost full?", "is ssh exposed to the network?",
		"what's my IP address", "did any service fail today?", "how many cores does my cpu have",
	} {
		// The desk answers within its 40 s total, timeouts included; this
		// deadline only guards against a hang.
		rctx, cancel := context.WithTimeout(t.Context(), 2*rpc.RequestTimeout)
		a, err := c.Request(rctx, rpc.RequestParams{Text: q, Session: "real"})
		cancel()
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
		if a.Origin != rpc.OriginBrain && tk.Source != "llm" && !strings.Contains(lastErr, "keyword fallback") {
			// The real server's schema-constrained JSON parsed, or the
			// translator failed and the fallback is named.
			t.Fatalf("%q: ticket from %q without a recorded fallback (last_error %q)", q, tk.Source, lastErr)
		}
		if a.ReliabilityScore != a.ReliabilitySignals.Score() || a.ReliabilityScore%20 != 0 {
			t.Fatalf("%q: score %d, signals %+v", q, a.ReliabilityScore, a.ReliabilitySignals)
		}
		if stage, ok := timedOutAt(lastErr); ok {
			if a.ReliabilityScore > 20 || !a.NeedsClarification || a.ClarificationQuestion == nil || *a.ClarificationQuestion == "" ||
				!strings.Contains(a.Answer, stage) {
				t.Fatalf("%q: a timeout at %s without the spec's timeout response: %+v", q, stage, a)
			}
			if stage == desk.StageSpecialist || stage == desk.StageSupervisor {
				reachedSpecialist++
			}
			continue
		}
		if !a.NeedsClarification && a.Model == srv.Model && a.Answer != "" {
			reachedSpecialist++
		}
	}
	if reachedSpecialist == 0 {
		t.Fatal("no request reached the specialist; the streaming stage was never exercised")
	}
}

// timedOutAt reports the stage a request ran out of time at, from the last
// of its errors ("…; timeout at specialist"). A translator timeout is not
// one: the request goes on with the keyword fallback.
func timedOutAt(lastErr string) (string, bool) {
	last := lastErr[strings.LastIndex(lastErr, "; ")+1:]
	stage, ok := strings.CutPrefix(strings.TrimSpace(last), "timeout at ")
	if !ok || strings.Contains(stage, "fallback") {
		return "", false
	}
	return stage, true
}

func TestTimedOutAt(t *testing.T) {
	for in, want := range map[string]string{
		"timeout at specialist": "specialist",
		"translator: cannot read the translator's ticket: x (keyword fallback used); timeout at specialist": "specialist",
		"timeout at translator (keyword fallback used); timeout at probes":                                  "probes",
		"timeout at translator (keyword fallback used)":                                                     "",
		"timeout at translator (keyword fallback used); specialist: the reply was cut off":                  "",
		"": "",
	} {
		if got, ok := timedOutAt(in); got != want || ok != (want != "") {
			t.Errorf("timedOutAt(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
