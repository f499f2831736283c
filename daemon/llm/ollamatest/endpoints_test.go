package ollamatest

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/ollama/ollama/api"
)

func TestPullStreamsProgressThenAddsTheModel(t *testing.T) {
	s := New(t, WithRegistry(Model{Name: "qwen2.5:1.5b", Size: 986_000_000}))
	c := realClient(t, s)
	var got []api.ProgressResponse
	err := c.Pull(t.Context(), &api.PullRequest{Model: "qwen2.5:1.5b"}, func(p api.ProgressResponse) error {
		got = append(got, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Status != "pulling manifest" || got[len(got)-1].Status != "success" {
		t.Fatalf("statuses = %+v, want pulling manifest … success", got)
	}
	var last int64 = -1
	var layers int
	for _, p := range got {
		if p.Digest == "" {
			continue
		}
		layers++
		if !strings.HasPrefix(p.Digest, "sha256:") || p.Total != 986_000_000 || p.Completed < last || p.Completed > p.Total {
			t.Errorf("progress %+v after completed=%d", p, last)
		}
		last = p.Completed
	}
	if layers == 0 || last != 986_000_000 {
		t.Errorf("layer progress lines = %d, last completed %d; want some, ending complete", layers, last)
	}
	list, err := c.List(t.Context())
	if err != nil || len(list.Models) != 2 || list.Models[1].Name != "qwen2.5:1.5b" {
		t.Errorf("after pull, tags = %+v, %v", list, err)
	}
}

func TestPullUnknownFailsAfterManifest(t *testing.T) {
	s := New(t)
	c := realClient(t, s)
	var statuses []string
	err := c.Pull(t.Context(), &api.PullRequest{Model: "nosuch"}, func(p api.ProgressResponse) error {
		statuses = append(statuses, p.Status)
		return nil
	})
	if err == nil || err.Error() != "pull model manifest: file does not exist" {
		t.Errorf("streamed pull error = %v", err)
	}
	if len(statuses) != 1 || statuses[0] != "pulling manifest" {
		t.Errorf("statuses = %q", statuses)
	}

	noStream := false
	err = c.Pull(t.Context(), &api.PullRequest{Model: "nosuch", Stream: &noStream}, func(api.ProgressResponse) error { return nil })
	var se api.StatusError
	if !errors.As(err, &se) || se.StatusCode != 500 || se.ErrorMessage != "pull model manifest: file does not exist" {
		t.Errorf("non-streamed pull error = %#v, want StatusError 500", err)
	}
}

func TestPullNotStreamedReportsSuccessOnce(t *testing.T) {
	s := New(t, WithRegistry(Model{Name: "llama3.2:1b"}))
	noStream := false
	var got []api.ProgressResponse
	err := realClient(t, s).Pull(t.Context(), &api.PullRequest{Model: "llama3.2:1b", Stream: &noStream},
		func(p api.ProgressResponse) error { got = append(got, p); return nil })
	if err != nil || len(got) != 1 || got[0].Status != "success" {
		t.Errorf("got %+v, %v; want one success", got, err)
	}
}

func TestTagsShowVersionHeartbeat(t *testing.T) {
	s := New(t, WithModels(Model{Name: "qwen2.5:3b", Family: "qwen2", ContextLength: 32768}, Model{Name: "tiny"}),
		WithVersion("0.17.4"))
	c := realClient(t, s)
	ctx := t.Context()

	list, err := c.List(ctx)
	if err != nil || len(list.Models) != 2 || list.Models[0].Name != "qwen2.5:3b" || list.Models[1].Name != "tiny:latest" ||
		list.Models[0].Details.Family != "qwen2" || len(list.Models[0].Digest) != 64 {
		t.Errorf("tags = %+v, %v", list, err)
	}

	show, err := c.Show(ctx, &api.ShowRequest{Model: "qwen2.5:3b"})
	if err != nil || show.Details.Family != "qwen2" || show.ModelInfo["qwen2.context_length"] != float64(32768) {
		t.Errorf("show = %+v, %v", show, err)
	}
	if _, err := c.Show(ctx, &api.ShowRequest{Model: "tiny:latest"}); err != nil {
		t.Errorf("show tiny:latest: %v", err)
	}
	_, err = c.Show(ctx, &api.ShowRequest{Model: "x"})
	var se api.StatusError
	if !errors.As(err, &se) || se.StatusCode != 404 || se.ErrorMessage != "model 'x' not found" {
		t.Errorf("show unknown = %#v", err)
	}

	if v, err := c.Version(ctx); err != nil || v != "0.17.4" {
		t.Errorf("version = %q, %v", v, err)
	}
	if err := c.Heartbeat(ctx); err != nil {
		t.Errorf("heartbeat: %v", err)
	}
	resp, err := http.Get(s.URL() + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != "Ollama is running" {
		t.Errorf("GET / = %d %q", resp.StatusCode, body)
	}
}

func TestBadRequestsGetTheRealServerErrors(t *testing.T) {
	s := New(t)
	c := realClient(t, s)
	var se api.StatusError
	err := c.Chat(t.Context(), &api.ChatRequest{}, func(api.ChatResponse) error { return nil })
	if !errors.As(err, &se) || se.StatusCode != 400 || se.ErrorMessage != "model is required" {
		t.Errorf("chat without model = %#v", err)
	}
	resp, err := http.Post(s.URL()+"/api/chat", "application/json", strings.NewReader("{"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 400 || !strings.Contains(string(body), `"error":"unexpected end of JSON input"`) {
		t.Errorf("invalid body = %d %s", resp.StatusCode, body)
	}
	if n := len(s.Requests()); n != 2 {
		t.Errorf("recorded %d requests, want 2 (bad ones too)", n)
	}
}

func TestScriptRulesInOrderWithSequences(t *testing.T) {
	script := new(Script).
		When(All(HasFormat(), SystemContains("translator")), Reply{Error: "first fails"}, Reply{Content: "{}"}).
		When(LastUserContains("disk"), Reply{Content: "disk answer"}).
		When(ModelIs("big"), Reply{Content: "big answer"}).
		Otherwise(Reply{Content: "fallback"})
	translator := &api.ChatRequest{Model: "tiny", Format: []byte(`"json"`),
		Messages: []api.Message{{Role: "system", Content: "You are the translator."}, {Role: "user", Content: "disk?"}}}
	for i, want := range []string{"first fails", "{}", "{}"} {
		r := script.Reply(translator)
		if got := r.Error + r.Content; got != want {
			t.Errorf("translator call %d = %q, want %q", i, got, want)
		}
	}
	cases := []struct {
		req  *api.ChatRequest
		want string
	}{
		{&api.ChatRequest{Model: "tiny", Messages: []api.Message{{Role: "user", Content: "my disk is full"}}}, "disk answer"},
		{&api.ChatRequest{Model: "big:latest", Messages: []api.Message{{Role: "user", Content: "hi"}}}, "big answer"},
		{&api.ChatRequest{Model: "tiny", Messages: []api.Message{{Role: "user", Content: "hi"}}}, "fallback"},
		{&api.ChatRequest{Model: "tiny", Format: []byte("null"), Messages: []api.Message{{Role: "system", Content: "translator"}}}, "fallback"},
	}
	for _, c := range cases {
		if got := script.Reply(c.req).Content; got != c.want {
			t.Errorf("%+v → %q, want %q", c.req, got, c.want)
		}
	}
}

func TestSplitWordsKeepsEveryByte(t *testing.T) {
	for _, s := range []string{"", "a", " lead", "two  spaces here", "trail ", "안녕 하세요 Anna", "{\"a\": 1}"} {
		parts := splitWords(s)
		if strings.Join(parts, "") != s {
			t.Errorf("splitWords(%q) = %q loses bytes", s, parts)
		}
	}
	if got := splitWords("a b c"); len(got) != 3 {
		t.Errorf("splitWords(a b c) = %q, want 3 pieces", got)
	}
}

func TestConcurrentChatsAreAllRecorded(t *testing.T) {
	s := New(t)
	s.OnChat(Sequence(Reply{Content: "one"}, Reply{Content: "two"}))
	c := realClient(t, s)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			_, err := collectChat(t.Context(), c, chatReq(true, "hi"))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if n := len(s.ChatRequests()); n != 8 {
		t.Errorf("recorded %d chats, want 8", n)
	}
}

func TestCleanupReleasesHangingHandlers(t *testing.T) {
	done := make(chan error, 1)
	t.Run("server", func(t *testing.T) {
		s := New(t)
		s.OnChat(func(*api.ChatRequest) Reply { return Reply{Hang: true} })
		c := realClient(t, s)
		go func() {
			_, err := collectChat(context.Background(), c, chatReq(true, "hi"))
			done <- err
		}()
		// The request must be inside the handler before the test ends.
		if err := s.WaitRequests(t.Context(), func(r []Request) bool { return len(r) > 0 }); err != nil {
			t.Fatal(err)
		}
	})
	// The subtest's cleanup returned, so the hanging handler was released;
	// the client sees the empty answer end.
	<-done
}

// SchemaHas tells requests apart by their schema's properties, and never
// matches a request without one or with a bare "json" format.
func TestSchemaHas(t *testing.T) {
	ticket := &api.ChatRequest{Format: []byte(`{"type":"object","properties":{"needs_probes":{"type":"array"}}}`)}
	facts := &api.ChatRequest{Format: []byte(`{"type":"object","properties":{"facts":{"type":"array"}}}`)}
	for _, c := range []struct {
		req  *api.ChatRequest
		want bool
	}{{ticket, true}, {facts, false}, {&api.ChatRequest{}, false}, {&api.ChatRequest{Format: []byte(`"json"`)}, false}} {
		if got := SchemaHas("needs_probes")(c.req); got != c.want {
			t.Errorf("SchemaHas(needs_probes)(%s) = %v, want %v", c.req.Format, got, c.want)
		}
	}
	if !SchemaHas("facts")(facts) {
		t.Error("SchemaHas(facts) does not match the facts schema")
	}
}
