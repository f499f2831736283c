package llm_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

const configFile = "/home/dev/anna/.run/config.toml"

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func client(t *testing.T, u string) *llm.Client {
	c, err := llm.New(llm.Options{URL: u, Model: "tiny", ConfigFile: configFile})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A missing model is an error while it is missing; once a check finds it
// the error stays visible as history but is marked resolved.
func TestMissingModelErrorResolvesWhenPulled(t *testing.T) {
	fake := ollamatest.New(t, ollamatest.WithModels(ollamatest.Model{Name: "other"}), ollamatest.WithRegistry(ollamatest.Model{Name: "tiny"}))
	c := client(t, fake.URL())
	h := c.Check(testCtx(t))
	if h.ModelPresent == nil || *h.ModelPresent || !strings.Contains(h.LastError, "does not have it") || !h.LastErrorResolvedAt.IsZero() {
		t.Fatalf("missing model: %+v", h)
	}
	if !strings.Contains(h.LastErrorHint, "ollama pull tiny") || !strings.Contains(h.LastErrorHint, configFile) {
		t.Fatalf("hint %q does not name the config file in use", h.LastErrorHint)
	}
	// A second failing check keeps it unresolved.
	if h = c.Check(testCtx(t)); !h.LastErrorResolvedAt.IsZero() {
		t.Fatalf("resolved while still missing: %+v", h)
	}

	u, _ := url.Parse(fake.URL())
	if err := api.NewClient(u, &http.Client{}).Pull(testCtx(t), &api.PullRequest{Model: "tiny"}, func(api.ProgressResponse) error { return nil }); err != nil {
		t.Fatal(err)
	}
	h = c.Check(testCtx(t))
	if h.ModelPresent == nil || !*h.ModelPresent || !strings.Contains(h.LastError, "does not have it") {
		t.Fatalf("after the pull: %+v", h)
	}
	if h.LastErrorResolvedAt.IsZero() || h.LastErrorResolvedAt.Before(h.LastErrorAt) {
		t.Fatalf("the error is not marked resolved after the model appeared: %+v", h)
	}
}

// A model that failed mid-answer is not shown healthy by a check (which
// cannot run the model); a finished chat resolves it, and a new error
// clears the resolution.
func TestBadReplyErrorResolvesOnlyByAChat(t *testing.T) {
	fake := ollamatest.New(t)
	fake.OnChat(ollamatest.Sequence(
		ollamatest.Reply{Error: "an error was encountered while running the model: out of memory", Chunks: []string{"Fire"}},
		ollamatest.Reply{Content: "fine now"},
		ollamatest.Reply{Status: 500, Error: "model runner has unexpectedly stopped"},
	))
	c := client(t, fake.URL())
	chat := llm.Chat{Messages: []api.Message{{Role: "user", Content: "hi"}}}
	if _, err := c.Chat(testCtx(t), chat, func(string) {}); rpc.KindOf(err) != rpc.KindLLMBadReply {
		t.Fatalf("runner failure: %v", err)
	}
	if h := c.Check(testCtx(t)); !strings.Contains(h.LastError, "out of memory") || !h.LastErrorResolvedAt.IsZero() {
		t.Fatalf("a health check resolved a failure it cannot test: %+v", h)
	}
	if _, err := c.Chat(testCtx(t), chat, func(string) {}); err != nil {
		t.Fatal(err)
	}
	if h := c.Health(); !strings.Contains(h.LastError, "out of memory") || h.LastErrorResolvedAt.IsZero() {
		t.Fatalf("a finished chat did not resolve the error: %+v", h)
	}
	if _, err := c.Chat(testCtx(t), chat, func(string) {}); err == nil {
		t.Fatal("the third reply should fail")
	}
	if h := c.Health(); !strings.Contains(h.LastError, "unexpectedly stopped") || !h.LastErrorResolvedAt.IsZero() {
		t.Fatalf("a new error kept the old resolution: %+v", h)
	}
}

func TestUnreachableHintNamesTheConfigFile(t *testing.T) {
	c := client(t, "http://127.0.0.1:1")
	h := c.Check(testCtx(t))
	if h.Reachable || !strings.Contains(h.LastError, "cannot reach Ollama") || !strings.Contains(h.LastErrorHint, "[ollama] url in "+configFile) {
		t.Fatalf("unreachable: %+v", h)
	}
	if strings.Contains(h.LastErrorHint, "/etc/anna") {
		t.Fatalf("hint names the default config file: %q", h.LastErrorHint)
	}
}

// A reply that never ends (a model ignoring num_predict, or a server that
// is not Ollama) is kept only up to MaxReplyBytes and counts as cut off,
// streamed or not; the text that arrived is kept whole up to the cut.
func TestEndlessReplyIsBounded(t *testing.T) {
	chunk := strings.Repeat("é", 2000) // 4000 bytes: the cut can fall inside a rune
	chunks := make([]string, 2*llm.MaxReplyBytes/len(chunk))
	for i := range chunks {
		chunks[i] = chunk
	}
	fake := ollamatest.New(t, ollamatest.WithModels(ollamatest.Model{Name: "tiny"}))
	fake.OnChat(func(*api.ChatRequest) ollamatest.Reply { return ollamatest.Reply{Chunks: chunks} })
	c := client(t, fake.URL())
	for _, streamed := range []bool{true, false} {
		var seen strings.Builder
		var onChunk func(string)
		if streamed {
			onChunk = func(s string) { seen.WriteString(s) }
		}
		r, err := c.Chat(testCtx(t), llm.Chat{Messages: []api.Message{{Role: "user", Content: "go on"}}}, onChunk)
		if err != nil {
			t.Fatalf("streamed %v: %v", streamed, err)
		}
		if r.Complete || len(r.Content) > llm.MaxReplyBytes || len(r.Content) < llm.MaxReplyBytes-4 || !utf8.ValidString(r.Content) {
			t.Fatalf("streamed %v: complete %v, %d bytes, valid %v", streamed, r.Complete, len(r.Content), utf8.ValidString(r.Content))
		}
		if streamed && seen.String() != r.Content {
			t.Fatalf("streamed %d bytes, kept %d", seen.Len(), len(r.Content))
		}
	}
}

// A reply that stopped at num_predict is cut off, held to a Format or
// not: it stops wherever the limit fell.
func TestReplyAtTheTokenLimitIsCutOff(t *testing.T) {
	fake := ollamatest.New(t, ollamatest.WithModels(ollamatest.Model{Name: "tiny"}))
	fake.OnChat(new(ollamatest.Script).When(ollamatest.LastUserContains("long"), ollamatest.Reply{Content: "The disk / is at 63% and the", DoneReason: "length"}).
		Otherwise(ollamatest.Reply{Content: "The disk / is at 63%."}).Reply)
	c := client(t, fake.URL())
	for _, format := range []json.RawMessage{nil, json.RawMessage(`{"type":"object"}`)} {
		for q, complete := range map[string]bool{"long": false, "short": true} {
			r, err := c.Chat(testCtx(t), llm.Chat{Messages: []api.Message{{Role: "user", Content: q}}, Format: format}, func(string) {})
			if err != nil || r.Complete != complete {
				t.Fatalf("format %s, %s reply: complete %v, want %v (%v)", format, q, r.Complete, complete, err)
			}
		}
	}
}
