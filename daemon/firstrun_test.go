package daemon_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/daemon/translator"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// asking is a translator reply that asks back with question q.
func asking(q string) ollamatest.Reply {
	b, _ := json.Marshal(map[string]any{"intent": "question", "domain": rpc.DomainSystem, "entities": []string{},
		"needs_probes": []string{}, "clarification_question": q, "confidence": 20})
	return ollamatest.Reply{Content: string(b)}
}

// A clarification question the model garbled is never shown: the keyword
// translator's question replaces it, the reason is in last_error, and the
// answer still names the model that was called.
func TestGarbledClarificationFallsBackToKeywords(t *testing.T) {
	const text = "fix it"
	want := *translator.Keywords(text).ClarificationQuestion
	garbled := map[string]ollamatest.Reply{
		"cut off":        asking(`"{`),
		"random":         asking("4\u0751"),
		"control":        asking("\x1b[2J\x1b[31mWhich one?"),
		"one token":      asking("which which which which which"),
		"no question":    asking("The system is fine and nothing"),
		"malformed JSON": {Malformed: true},
	}
	for name, reply := range garbled {
		t.Run(name, func(t *testing.T) {
			d := scripted(t, nil, daemontest.Options{}, reply, ollamatest.Reply{Content: "ok"})
			a := ask(t, d, text)
			if !a.NeedsClarification || a.ClarificationQuestion == nil || *a.ClarificationQuestion != want {
				t.Fatalf("question %v, want the keyword question %q", deref(a.ClarificationQuestion), want)
			}
			if a.Evidence.TranslatorTicket.Source != "keywords" || a.Evidence.LastError == nil ||
				!strings.Contains(*a.Evidence.LastError, "keyword fallback used") {
				t.Fatalf("fallback not recorded: ticket %+v, last_error %v", a.Evidence.TranslatorTicket, deref(a.Evidence.LastError))
			}
			if a.Model != "tiny" {
				t.Fatalf("model %q: the model was called, the answer must name it", a.Model)
			}
		})
	}
	// A sound question is the model's own.
	d := scripted(t, nil, daemontest.Options{}, asking("Which service should I fix?"), ollamatest.Reply{Content: "ok"})
	if a := ask(t, d, text); a.ClarificationQuestion == nil || *a.ClarificationQuestion != "Which service should I fix?" ||
		a.Evidence.LastError != nil || a.Model != "tiny" {
		t.Fatalf("a sound question was not kept: %+v", a)
	}
}

// When the translator and then the specialist time out, the answer is the
// spec's timeout response, and it still names the model both calls went
// to: "(no llm)" would tell the user no model was involved.
func TestTimeoutAnswerNamesTheModel(t *testing.T) {
	b := fast
	b.Translator, b.Specialist, b.Total = 200*time.Millisecond, 200*time.Millisecond, 20*time.Second
	d := scripted(t, &b, daemontest.Options{}, ollamatest.Reply{Hang: true}, ollamatest.Reply{Hang: true})
	a := ask(t, d, "why is memory usage high?")
	if a.ReliabilityScore > 20 || a.Evidence.LastError == nil || !strings.Contains(*a.Evidence.LastError, "specialist") {
		t.Fatalf("not a specialist timeout: %+v", a)
	}
	if a.Model != "tiny" {
		t.Fatalf("model %q, want tiny: two calls went to it", a.Model)
	}
}

// Advice names the config file annad loaded (under make run, .run/
// config.toml), in status and in request errors, never a default path. A
// status asked right after start, as make run does, already reports the
// first Ollama check.
func TestAdviceNamesTheLoadedConfigFile(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{Config: "[ollama]\nurl = \"http://127.0.0.1:1\"\n"})
	c := d.Client(t)
	st, err := c.Status(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if st.ConfigFile != d.ConfigFile || st.Ollama.CheckedAt.IsZero() || !strings.Contains(st.Ollama.LastError, "cannot reach Ollama") ||
		!strings.Contains(st.Ollama.LastErrorHint, "[ollama] url in "+d.ConfigFile) || !st.Ollama.LastErrorResolvedAt.IsZero() {
		t.Fatalf("status does not explain the problem with the loaded file: config %q, ollama %+v", st.ConfigFile, st.Ollama)
	}
	a, err := c.Request(ctx(t), rpc.RequestParams{Text: "why is memory usage high?"})
	if err != nil || !strings.Contains(a.Answer, "[ollama] url in "+d.ConfigFile) {
		t.Fatalf("ollama down: %v, %+v", err, a)
	}
	if strings.Contains(a.Answer+st.Ollama.LastErrorHint, "/etc/anna") {
		t.Fatal("advice names /etc/anna although another file is in use")
	}
}

// status shows a model failure as the last error while it stands, and as
// resolved once a later request got a whole answer from the model.
func TestStatusMarksAnErrorResolved(t *testing.T) {
	fake := ollamatest.New(t)
	fake.OnChat(new(ollamatest.Script).When(ollamatest.IsTicket(), ticket(rpc.DomainSystem, "top_memory")).Otherwise(
		ollamatest.Reply{Error: "an error was encountered while running the model: out of memory", Chunks: []string{"Fire"}},
		ollamatest.Reply{Content: "ok"}).Reply)
	d := daemontest.Start(t, daemontest.Options{Ollama: fake})
	c := d.Client(t)
	if _, err := c.Request(ctx(t), rpc.RequestParams{Text: "why is memory usage high?"}); rpc.KindOf(err) != rpc.KindLLMBadReply {
		t.Fatalf("first request: %v", err)
	}
	st, _ := c.Status(ctx(t))
	if !strings.Contains(st.Ollama.LastError, "out of memory") || !st.Ollama.LastErrorResolvedAt.IsZero() {
		t.Fatalf("standing error: %+v", st.Ollama)
	}
	ask(t, d, "why is memory usage high?")
	st, _ = c.Status(ctx(t))
	if !strings.Contains(st.Ollama.LastError, "out of memory") || st.Ollama.LastErrorResolvedAt.Before(st.Ollama.LastErrorAt) {
		t.Fatalf("not marked resolved after a whole answer: %+v", st.Ollama)
	}
}

func deref(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}
