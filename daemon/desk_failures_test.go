package daemon_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/daemon/supervisor"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func wantTimeout(t *testing.T, a *rpc.Answer, stage string) {
	t.Helper()
	if a.ReliabilityScore > 20 || !a.NeedsClarification || a.ClarificationQuestion == nil || len(*a.ClarificationQuestion) < 20 {
		t.Fatalf("not the spec's timeout response: %+v", a)
	}
	if a.Evidence.LastError == nil || *a.Evidence.LastError != "timeout at "+stage {
		t.Fatalf("last_error %v, want timeout at %s", a.Evidence.LastError, stage)
	}
	if a.ReliabilityScore != a.ReliabilitySignals.Score() {
		t.Fatalf("score %d does not match signals %+v", a.ReliabilityScore, a.ReliabilitySignals)
	}
}

func TestSpecialistTimeout(t *testing.T) {
	d := scripted(t, &fast, daemontest.Options{}, ticket(rpc.DomainSystem, probes.TopCPU),
		ollamatest.Reply{Chunks: []string{"Firefox", " is", " using"}, DelayPerChunk: 3 * time.Second})
	a := ask(t, d, "why is my cpu so busy?")
	wantTimeout(t, a, "specialist")
	if len(a.Evidence.ProbesExecuted) != 1 || a.Evidence.TranslatorTicket.Domain != rpc.DomainSystem {
		t.Fatalf("evidence gathered before the timeout was lost: %+v", a.Evidence)
	}
	// The fake notices the hang-up on its own goroutine, after the answer
	// may already be back.
	waitFor(t, d, "the specialist call to be canceled after its deadline", func([]ollamatest.Request) bool { return lastChat(d).Canceled })
}

// The supervisor is deterministic and fast, so only a budget that is already
// spent reaches its timeout path; it must still give the spec's response.
func TestSupervisorTimeout(t *testing.T) {
	b := fast
	b.Supervisor = time.Nanosecond
	d := scripted(t, &b, daemontest.Options{}, ticket(rpc.DomainSystem, probes.MemoryInfo), ollamatest.Reply{Content: "ok"})
	a := ask(t, d, "is my memory enough for this work?")
	wantTimeout(t, a, "supervisor")
	if !a.ReliabilitySignals.TranslatorConfident || a.ReliabilityScore != 20 {
		t.Fatalf("a confident ticket should keep translator_confident: %+v", a.ReliabilitySignals)
	}
}

func TestTotalBudgetAtProbes(t *testing.T) {
	b := fast
	b.Total = 700 * time.Millisecond
	d := scripted(t, &b, daemontest.Options{Journal: daemontest.NewSlowJournal()}, ticket(rpc.DomainSystem, probes.SystemLogs),
		ollamatest.Reply{Content: "ok"})
	wantTimeout(t, ask(t, d, "show me the recent warnings in the logs"), "probes")
}

func TestSlowProbeCostsCoverageOnly(t *testing.T) {
	b := fast
	b.Probes = 300 * time.Millisecond
	d := scripted(t, &b, daemontest.Options{Journal: daemontest.NewSlowJournal()}, ticket(rpc.DomainSystem, probes.SystemLogs, probes.FailedServices),
		ollamatest.Reply{Content: `{"facts": [{"line": 0, "subject": "", "field": "count", "count": "` + daemontest.FailedUnit + `", "value": "1"}], "advice": [], "missing": ""}`})
	a := ask(t, d, "did anything break today?")
	if a.NeedsClarification || a.ReliabilitySignals.ProbeCoverage || !a.ReliabilitySignals.AnswerGrounded {
		t.Fatalf("signals %+v for %q", a.ReliabilitySignals, a.Answer)
	}
	for _, r := range a.Evidence.ProbesExecuted {
		if r.Probe == probes.SystemLogs && r.ExitCode != probes.ExitTimeout {
			t.Fatalf("slow journal: %+v", r)
		}
	}
}

func TestHedgingAndInventedFigures(t *testing.T) {
	cases := map[string]struct {
		answer             string
		grounded, noInvent bool
	}{
		"hedged":   {`{"facts": [], "advice": [], "missing": "firefox is probably the problem; it typically uses a lot."}`, false, false},
		"invented": {`{"facts": [{"line": 2, "subject": "firefox", "field": "RSS", "value": "3.2 GiB"}, {"line": 3, "subject": "postgres", "field": "RSS", "value": "900 MiB"}], "advice": [], "missing": ""}`, false, true},
		"nothing":  {`{"facts": [], "advice": [], "missing": "Your computer is fine."}`, false, true},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			d := scripted(t, nil, daemontest.Options{}, ticket(rpc.DomainSystem, probes.TopMemory), ollamatest.Reply{Content: c.answer})
			a := ask(t, d, "why is memory usage high?")
			s := a.ReliabilitySignals
			if s.AnswerGrounded != c.grounded || s.NoInvention != c.noInvent || a.ReliabilityScore != s.Score() {
				t.Fatalf("%q: signals %+v score %d", c.answer, s, a.ReliabilityScore)
			}
		})
	}
}

func TestVagueInputAsksBack(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{}) // the fake translates with keywords
	for _, text := range []string{"help", "help me", "fix it"} {
		a := ask(t, d, text)
		if !a.NeedsClarification || a.ClarificationQuestion == nil || a.ReliabilitySignals.ClarificationNotNeeded ||
			len(a.Evidence.ProbesExecuted) != 0 || a.Answer != *a.ClarificationQuestion || a.Model != "tiny" {
			t.Fatalf("%q: %+v", text, a)
		}
	}
	if n := len(d.Ollama.ChatRequests()); n != 3 {
		t.Fatalf("%d LLM calls for 3 vague questions; the specialist must not run", n)
	}
	if a := ask(t, d, "memory"); a.NeedsClarification {
		t.Fatalf("\"memory\" is an exception to the two-word rule: %+v", a)
	}
}

// A model that fails mid-answer is an error with advice, and status shows
// it. (An unreachable Ollama or a missing model gives an answer instead:
// brain_test.go.)
func TestBrokenModelIsAnErrorWithAdvice(t *testing.T) {
	broken := scripted(t, nil, daemontest.Options{}, ticket(rpc.DomainSystem), ollamatest.Reply{Error: "an error was encountered while running the model: out of memory", Chunks: []string{"Fire"}})
	_, err := broken.Client(t).Request(ctx(t), rpc.RequestParams{Text: "why is memory usage high?"})
	if rpc.KindOf(err) != rpc.KindLLMBadReply {
		t.Fatalf("runner failure mid-answer: %v", err)
	}
	st, _ := broken.Client(t).Status(ctx(t))
	if !strings.Contains(st.Ollama.LastError, "out of memory") {
		t.Fatalf("status does not show the last LLM error: %+v", st.Ollama)
	}
}

// Ollama ends a stream without its final object when it stops a model that
// repeats itself; what arrived is judged like any answer, and the cut is
// recorded.
func TestCutOffAnswerIsJudgedAndRecorded(t *testing.T) {
	d := scripted(t, nil, daemontest.Options{}, ticket(rpc.DomainSystem, probes.TopMemory),
		ollamatest.Reply{Chunks: []string{"Your", " system", " system", " system"}, Abort: true})
	a := ask(t, d, "why is memory usage high?")
	if a.Answer != supervisor.UnusableAnswer || a.Evidence.LastError == nil || !strings.Contains(*a.Evidence.LastError, "cut off") {
		t.Fatalf("cut-off answer: %q, last_error %v", a.Answer, a.Evidence.LastError)
	}
	if a.ReliabilitySignals.AnswerGrounded {
		t.Fatal("a degenerate answer was judged grounded")
	}
}

func TestSessionsCarryFollowUps(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	c := d.Client(t)
	for _, q := range []string{"why is memory usage high?", "and the second one?"} {
		if _, err := c.Request(ctx(t), rpc.RequestParams{Text: q, Session: "repl-1"}); err != nil {
			t.Fatal(err)
		}
	}
	chats := d.Ollama.ChatRequests()
	tr, sp := chats[2], chats[3]
	if !strings.Contains(tr.Messages[len(tr.Messages)-1].Content, "Previous question (domain system): why is memory usage high?") {
		t.Fatalf("translator lacks the previous turn: %q", tr.Messages[len(tr.Messages)-1].Content)
	}
	if !slices.ContainsFunc(sp.Messages, func(m api.Message) bool {
		return m.Role == "assistant" && strings.HasPrefix(m.Content, "- ") && !strings.Contains(m.Content, "{")
	}) {
		t.Fatal("specialist lacks the previous answer")
	}
	// One-shot requests are stateless.
	if _, err := c.Request(ctx(t), rpc.RequestParams{Text: "and the third?"}); err != nil {
		t.Fatal(err)
	}
	chats = d.Ollama.ChatRequests()
	if strings.Contains(chats[4].Messages[len(chats[4].Messages)-1].Content, "Previous question") {
		t.Fatal("a one-shot request saw session history")
	}
}

func TestHangUpCancelsTheRequest(t *testing.T) {
	d := scripted(t, nil, daemontest.Options{}, ticket(rpc.DomainSystem), ollamatest.Reply{Hang: true})
	c := d.Client(t)
	cctx, cancel := context.WithCancel(ctx(t))
	errc := make(chan error, 1)
	go func() {
		_, err := c.Request(cctx, rpc.RequestParams{Text: "why is memory usage high?"})
		errc <- err
	}()
	waitFor(t, d, "the specialist call", func([]ollamatest.Request) bool { return len(d.Ollama.ChatRequests()) == 2 })
	cancel()
	if err := <-errc; err == nil {
		t.Fatal("request should fail when the client gives up")
	}
	waitFor(t, d, "the model call to be canceled", func([]ollamatest.Request) bool { return lastChat(d).Canceled })
}

// lastChat returns the latest /api/chat request; the daemon's background
// health checks (/api/version, /api/show) may arrive after it.
func lastChat(d *daemontest.Daemon) ollamatest.Request {
	reqs := d.Ollama.Requests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Chat != nil {
			return reqs[i]
		}
	}
	return ollamatest.Request{}
}

// waitFor waits until ok holds for what the fake Ollama has seen, woken by
// each request it records or marks canceled; the deadline only guards
// against a hang.
func waitFor(t *testing.T, d *daemontest.Daemon, what string, ok func([]ollamatest.Request) bool) {
	t.Helper()
	wctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := d.Ollama.WaitRequests(wctx, ok); err != nil {
		t.Fatalf("timed out waiting for %s", what)
	}
}
