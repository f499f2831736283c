package daemon_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/desk"
	"github.com/jjgarcianorway/anna-assistant/daemon/facts"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/daemon/specialist"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// fast keeps timeout tests short; the spec's budget is tested by value in
// package desk.
var fast = desk.Budget{Translator: 2 * time.Second, Probes: 2 * time.Second, Specialist: 2 * time.Second, Supervisor: 2 * time.Second, Total: 8 * time.Second}

// scripted starts a daemon whose fake model answers translator calls with
// translator and specialist calls with answer.
func scripted(t *testing.T, b *desk.Budget, o daemontest.Options, translator, answer ollamatest.Reply) *daemontest.Daemon {
	fake := ollamatest.New(t)
	fake.OnChat(new(ollamatest.Script).When(ollamatest.IsTicket(), translator).Otherwise(answer).Reply)
	o.Ollama, o.Budget = fake, b
	return daemontest.Start(t, o)
}

func ticket(domain string, probeIDs ...string) ollamatest.Reply {
	b, _ := json.Marshal(map[string]any{"intent": "question", "domain": domain, "entities": []string{},
		"needs_probes": probeIDs, "clarification_question": nil, "confidence": 90})
	return ollamatest.Reply{Content: string(b)}
}

func ask(t *testing.T, d *daemontest.Daemon, text string) *rpc.Answer {
	t.Helper()
	a, err := d.Client(t).Request(ctx(t), rpc.RequestParams{Text: text})
	if err != nil {
		t.Fatalf("request %q: %v", text, err)
	}
	return a
}

func TestGroundedAnswer(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	a := ask(t, d, "why is memory usage high?")
	if a.Domain != rpc.DomainSystem || a.NeedsClarification || a.ClarificationQuestion != nil || a.Model != "tiny" || a.RequestID == "" {
		t.Fatalf("answer: %+v", a)
	}
	ran := []string{}
	for _, r := range a.Evidence.ProbesExecuted {
		ran = append(ran, r.Probe)
	}
	if !slices.Contains(ran, probes.TopMemory) || !strings.HasPrefix(a.Answer, "- ") || len(a.Evidence.CitedLines) != 1 || a.Evidence.CitedLines[0].Probe != probes.TopMemory {
		t.Fatalf("probes %v, answer %q", ran, a.Answer)
	}
	want := rpc.Signals{TranslatorConfident: true, ProbeCoverage: true, AnswerGrounded: true, NoInvention: true, ClarificationNotNeeded: true}
	if a.ReliabilitySignals != want || a.ReliabilityScore != 100 {
		t.Fatalf("signals %+v score %d for %q", a.ReliabilitySignals, a.ReliabilityScore, a.Answer)
	}
	ev := a.Evidence
	if !slices.Contains(ev.HardwareFields, "cpu_model") || !slices.Contains(ev.HardwareFields, "version") || ev.LastError != nil ||
		ev.TranslatorTicket.Source != "llm" || ev.TranslatorTicket.Domain != rpc.DomainSystem {
		t.Fatalf("evidence: %+v", ev)
	}

	chats := d.Ollama.ChatRequests()
	if len(chats) != 2 {
		t.Fatalf("%d LLM calls, want 2 (translator, specialist)", len(chats))
	}
	tr, sp := chats[0], chats[1]
	if len(tr.Format) == 0 || tr.Stream == nil || *tr.Stream || tr.KeepAlive == nil || tr.Options["num_ctx"] != float64(8192) {
		t.Fatalf("translator call: format %s stream %v keep_alive %v options %v", tr.Format, tr.Stream, tr.KeepAlive, tr.Options)
	}
	if string(sp.Format) != string(facts.Schema) || sp.Stream == nil || !*sp.Stream || sp.Messages[0].Role != "system" ||
		!strings.Contains(sp.Messages[1].Content, "AMD Ryzen 7 5800U") || !strings.Contains(sp.Messages[1].Content, "Anna version") {
		t.Fatalf("specialist call not grounded in the RuntimeContext: %+v", sp.Messages[:2])
	}
	n := 0
	for _, m := range sp.Messages {
		n += len(m.Content)
	}
	if n > specialist.MaxPromptBytes {
		t.Fatalf("specialist prompt is %d bytes", n)
	}
}

func TestProgressStreamsInOrder(t *testing.T) {
	words := []string{`{"facts": [{"line": 2, "subject": "firefox", "field": "RSS", "value": "1"}`,
		`, {"line": 3, "subject": "sshd", "field": "RSS", "value": "2"}]`, `, "advice": [], "missing": ""}`}
	d := scripted(t, nil, daemontest.Options{}, ticket(rpc.DomainSystem, probes.TopMemory, probes.MemoryInfo),
		ollamatest.Reply{Chunks: words, DelayPerChunk: 30 * time.Millisecond})
	c := d.Client(t)
	done := make(chan *rpc.Answer, 1)
	go func() {
		a, _ := c.Request(ctx(t), rpc.RequestParams{Text: "why is memory usage high?", RequestID: "r-1"})
		done <- a
	}()
	var events []rpc.Event
	next := 0
	for finished := false; !finished; {
		time.Sleep(25 * time.Millisecond)
		p, err := c.Progress(ctx(t), rpc.ProgressParams{RequestID: "r-1", Since: next})
		if err != nil {
			continue // not registered yet
		}
		events, next, finished = append(events, p.Events...), p.Next, p.Done
	}
	a := <-done
	var order []string
	var text strings.Builder
	for i, ev := range events {
		if ev.Seq != i+1 {
			t.Fatalf("event %d has seq %d: polling lost or repeated events", i, ev.Seq)
		}
		if ev.Kind == rpc.EventToken {
			text.WriteString(ev.Text)
			if len(order) == 0 || order[len(order)-1] != "token" {
				order = append(order, "token")
			}
			continue
		}
		order = append(order, string(ev.Kind)+":"+ev.Stage)
	}
	got := strings.Join(order, " ")
	for _, want := range []string{
		"starting:translator complete:translator starting:probes",
		"complete:probes starting:specialist token complete:specialist starting:supervisor complete:supervisor",
		"probe_running:probes", "probe_complete:probes",
	} {
		if !strings.Contains(got, want) {
			t.Fatalf("progress order %q lacks %q", got, want)
		}
	}
	if text.String() != a.Answer || a.Answer != "- firefox RSS: 1\n- sshd RSS: 2" {
		t.Fatalf("streamed %q, answered %q", text.String(), a.Answer)
	}
}

func TestTranslatorFallbacks(t *testing.T) {
	slow := ollamatest.Reply{Delay: 5 * time.Second, Content: "{}"}
	for name, tr := range map[string]ollamatest.Reply{
		"timeout":   slow,
		"malformed": {Malformed: true},
		"not json":  {Content: "I think you mean memory"},
		"empty":     {Chunks: []string{}},
	} {
		t.Run(name, func(t *testing.T) {
			d := scripted(t, &fast, daemontest.Options{}, tr, ollamatest.Reply{Content: "ok"})
			a := ask(t, d, "which partition is almost full?")
			tk := a.Evidence.TranslatorTicket
			if tk.Source != "keywords" || tk.Domain != rpc.DomainStorage || !slices.Contains(tk.NeedsProbes, probes.DiskUsage) {
				t.Fatalf("fallback ticket: %+v", tk)
			}
			if a.Evidence.LastError == nil || !strings.Contains(*a.Evidence.LastError, "keyword fallback") {
				t.Fatalf("last_error: %v", a.Evidence.LastError)
			}
			if name == "timeout" && !strings.HasPrefix(*a.Evidence.LastError, "timeout at translator") {
				t.Fatalf("timeout not named: %q", *a.Evidence.LastError)
			}
		})
	}
}

func TestUnknownProbesFromTheModelAreDropped(t *testing.T) {
	d := scripted(t, nil, daemontest.Options{}, ticket("weather", probes.DiskUsage, "rm_rf", "cat /etc/shadow", probes.DiskUsage),
		ollamatest.Reply{Content: "ok"})
	a := ask(t, d, "why is my disk so full?")
	tk := a.Evidence.TranslatorTicket
	if !slices.Equal(tk.NeedsProbes, []string{probes.DiskUsage}) || len(a.Evidence.ProbesExecuted) != 1 {
		t.Fatalf("probes %v, ran %d", tk.NeedsProbes, len(a.Evidence.ProbesExecuted))
	}
	if tk.Domain != rpc.DomainStorage || a.ReliabilitySignals.TranslatorConfident {
		t.Fatalf("unknown domain should be replaced and confidence capped: %+v", tk)
	}
}
