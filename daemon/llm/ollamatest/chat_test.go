package ollamatest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
)

// realClient is the client Anna uses, built the way Anna builds it.
func realClient(t *testing.T, s *Server) *api.Client {
	t.Helper()
	u, err := url.Parse(s.URL())
	if err != nil {
		t.Fatal(err)
	}
	return api.NewClient(u, http.DefaultClient)
}

func chatReq(stream bool, user string) *api.ChatRequest {
	return &api.ChatRequest{
		Model:    "tiny",
		Stream:   &stream,
		Messages: []api.Message{{Role: "system", Content: "You are Anna."}, {Role: "user", Content: user}},
	}
}

func collectChat(ctx context.Context, c *api.Client, req *api.ChatRequest) ([]api.ChatResponse, error) {
	var got []api.ChatResponse
	err := c.Chat(ctx, req, func(r api.ChatResponse) error {
		got = append(got, r)
		return nil
	})
	return got, err
}

func TestChatStreamsChunksInOrderThenDone(t *testing.T) {
	s := New(t)
	s.OnChat(func(*api.ChatRequest) Reply { return Reply{Chunks: []string{"Hel", "lo", " world"}} })
	got, err := collectChat(t.Context(), realClient(t, s), chatReq(true, "hi"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 {
		t.Fatalf("got %d responses, want 3 chunks and a final one: %+v", len(got), got)
	}
	for i, want := range []string{"Hel", "lo", " world"} {
		if got[i].Message.Content != want || got[i].Done || got[i].Message.Role != "assistant" {
			t.Errorf("chunk %d = %+v, want content %q not done", i, got[i], want)
		}
	}
	last := got[3]
	if !last.Done || last.DoneReason != "stop" || last.Message.Content != "" || last.Model != "tiny" {
		t.Errorf("final = %+v, want done, reason stop, empty content, model tiny", last)
	}
	if last.EvalCount != 3 || last.PromptEvalCount == 0 || last.TotalDuration <= 0 {
		t.Errorf("final metrics = %+v, want eval_count 3 and durations", last.Metrics)
	}
}

func TestChatNotStreamedIsOneObject(t *testing.T) {
	s := New(t)
	s.OnChat(func(*api.ChatRequest) Reply { return Reply{Content: "four words in all", DoneReason: "length"} })
	got, err := collectChat(t.Context(), realClient(t, s), chatReq(false, "hi"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Message.Content != "four words in all" || !got[0].Done || got[0].DoneReason != "length" {
		t.Fatalf("got %+v, want one done object with the whole content", got)
	}
	if got[0].EvalCount != 4 {
		t.Errorf("eval_count = %d, want 4 (one per word chunk)", got[0].EvalCount)
	}
}

func TestFormatOptionsAndKeepAliveReachTheServer(t *testing.T) {
	s := New(t)
	script := new(Script).
		When(HasFormat(), Reply{Content: `{"intent":"question"}`}).
		When(NoFormat(), Reply{Content: "plain text"})
	s.OnChat(script.Reply)
	schema := json.RawMessage(`{"type":"object","properties":{"intent":{"type":"string","enum":["question"]}}}`)
	req := chatReq(false, "what uses memory?")
	req.Format = schema
	req.Options = map[string]any{"num_ctx": 4096, "num_predict": 128, "temperature": 0}
	req.KeepAlive = &api.Duration{Duration: 5 * time.Minute}
	c := realClient(t, s)

	got, err := collectChat(t.Context(), c, req)
	if err != nil || got[0].Message.Content != `{"intent":"question"}` {
		t.Fatalf("structured chat = %+v, %v", got, err)
	}
	got, err = collectChat(t.Context(), c, chatReq(false, "explain"))
	if err != nil || got[0].Message.Content != "plain text" {
		t.Fatalf("plain chat = %+v, %v", got, err)
	}

	reqs := s.Requests()
	if len(reqs) != 2 || reqs[0].Chat == nil || reqs[0].Path != "/api/chat" {
		t.Fatalf("requests = %+v", reqs)
	}
	var sent, want any
	_ = json.Unmarshal(reqs[0].Chat.Format, &sent)
	_ = json.Unmarshal(schema, &want)
	if b1, b2 := mustJSON(t, sent), mustJSON(t, want); !bytes.Equal(b1, b2) {
		t.Errorf("format = %s, want %s", b1, b2)
	}
	opts, err := reqs[0].Options()
	if err != nil || opts.NumCtx != 4096 || opts.NumPredict != 128 {
		t.Errorf("options = %+v, %v; want num_ctx 4096, num_predict 128", opts.Runner, err)
	}
	if ka := reqs[0].Chat.KeepAlive; ka == nil || ka.Duration != 5*time.Minute {
		t.Errorf("keep_alive = %v, want 5m", ka)
	}
	if reqs[1].Chat.Format != nil || !strings.Contains(string(reqs[1].Body), `"explain"`) {
		t.Errorf("second request = %+v, want no format and the raw body kept", reqs[1])
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDelayBeyondDeadlineCancelsAndIsRecorded(t *testing.T) {
	for name, reply := range map[string]Reply{
		"delay": {Delay: time.Hour},
		"hang":  {Hang: true},
	} {
		t.Run(name, func(t *testing.T) {
			s := New(t)
			s.OnChat(func(*api.ChatRequest) Reply { return reply })
			ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
			defer cancel()
			got, err := collectChat(ctx, realClient(t, s), chatReq(true, "hi"))
			if !errors.Is(err, context.DeadlineExceeded) || len(got) != 0 {
				t.Fatalf("got %+v, %v; want no chunks and DeadlineExceeded", got, err)
			}
			waitCanceled(t, s)
		})
	}
}

func TestCancelMidStreamStopsTheServer(t *testing.T) {
	s := New(t)
	// The gate lets exactly one chunk out: a delay would race the cancel
	// (under load the server's timer fires before it sees the client leave,
	// and the client reads what is already buffered).
	gate := make(chan struct{})
	s.OnChat(func(*api.ChatRequest) Reply { return Reply{Chunks: []string{"a", "b", "c"}, Gate: gate} })
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	type result struct {
		got []string
		err error
	}
	done := make(chan result, 1)
	go func() {
		var got []string
		err := realClient(t, s).Chat(ctx, chatReq(true, "hi"), func(r api.ChatResponse) error {
			got = append(got, r.Message.Content)
			cancel()
			return nil
		})
		done <- result{got, err}
	}()
	select {
	case gate <- struct{}{}:
	case res := <-done:
		t.Fatalf("the client returned before the first chunk: %q, %v", res.got, res.err)
	}
	res := <-done
	// The real client ignores read errors once the stream has started: a
	// canceled stream returns nil, so only ctx.Err() tells.
	if res.err != nil || ctx.Err() != context.Canceled || len(res.got) != 1 || res.got[0] != "a" {
		t.Fatalf("got %q, %v, ctx %v; want only the first chunk, nil, canceled ctx", res.got, res.err, ctx.Err())
	}
	waitCanceled(t, s)
	// The handler has returned: no one is left to take the next chunk.
	select {
	case gate <- struct{}{}:
		t.Error("the server went on streaming after the client left")
	default:
	}
}

// waitCanceled waits for the server to notice the client left: the handler
// learns it asynchronously after the client returns. The deadline only
// guards against a server that never notices.
func waitCanceled(t *testing.T, s *Server) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	err := s.WaitRequests(ctx, func(reqs []Request) bool { return len(reqs) == 1 && reqs[0].Canceled })
	if err != nil {
		t.Fatalf("server never saw the client go away: %+v", s.Requests())
	}
}

func TestErrorsSurfaceLikeTheRealServer(t *testing.T) {
	s := New(t)
	s.OnChat(Sequence(
		Reply{Status: http.StatusServiceUnavailable, Error: "server busy, please try again"},
		Reply{Content: "partial answer", Error: "an error was encountered while running the model"},
	))
	c := realClient(t, s)

	_, err := collectChat(t.Context(), c, chatReq(true, "hi"))
	var se api.StatusError
	if !errors.As(err, &se) || se.StatusCode != 503 || se.ErrorMessage != "server busy, please try again" {
		t.Errorf("HTTP error = %#v, want StatusError 503 with the message", err)
	}

	got, err := collectChat(t.Context(), c, chatReq(true, "hi"))
	if err == nil || err.Error() != "an error was encountered while running the model" || errors.As(err, &se) {
		t.Errorf("mid-stream error = %#v, want a plain error with the message", err)
	}
	if len(got) != 2 || got[0].Message.Content+got[1].Message.Content != "partial answer" {
		t.Errorf("chunks before the error = %+v", got)
	}

	req := chatReq(true, "hi")
	req.Model = "nope"
	_, err = collectChat(t.Context(), c, req)
	if !errors.As(err, &se) || se.StatusCode != 404 || se.ErrorMessage != "model 'nope' not found" {
		t.Errorf("unknown model = %#v, want StatusError 404 model 'nope' not found", err)
	}
}

func TestMalformedOutputIsADecodeError(t *testing.T) {
	for _, stream := range []bool{true, false} {
		s := New(t)
		s.OnChat(func(*api.ChatRequest) Reply { return Reply{Content: "x", Malformed: true} })
		got, err := collectChat(t.Context(), realClient(t, s), chatReq(stream, "hi"))
		if err == nil || len(got) != 0 || !strings.HasPrefix(err.Error(), `{"model":"tiny"`) {
			t.Errorf("stream=%v: got %+v, %v; want no responses and the raw line as error", stream, got, err)
		}
		if json.Valid([]byte(strings.TrimSpace(err.Error()))) {
			t.Errorf("stream=%v: %q is valid JSON", stream, err)
		}
	}
}

func TestGenerateStreamedAndNot(t *testing.T) {
	s := New(t)
	s.OnGenerate(func(req *api.GenerateRequest) Reply { return Reply{Content: "echo " + req.Prompt} })
	c := realClient(t, s)
	for _, stream := range []bool{true, false} {
		var parts []string
		var final api.GenerateResponse
		err := c.Generate(t.Context(), &api.GenerateRequest{Model: "tiny:latest", Prompt: "hello there", Stream: &stream},
			func(r api.GenerateResponse) error {
				parts = append(parts, r.Response)
				final = r
				return nil
			})
		if err != nil || strings.Join(parts, "") != "echo hello there" || !final.Done || final.DoneReason != "stop" {
			t.Errorf("stream=%v: parts %q final %+v err %v", stream, parts, final, err)
		}
		if want := map[bool]int{true: 4, false: 1}[stream]; len(parts) != want {
			t.Errorf("stream=%v: %d responses, want %d", stream, len(parts), want)
		}
	}
	if reqs := s.Requests(); len(reqs) != 2 || reqs[0].Generate == nil || reqs[0].Generate.Prompt != "hello there" {
		t.Errorf("requests = %+v", reqs)
	}
}

func TestAbortEndsTheStreamWithoutDone(t *testing.T) {
	s := New(t)
	s.OnChat(func(*api.ChatRequest) Reply { return Reply{Content: "cut short", Abort: true} })
	c := realClient(t, s)
	got, err := collectChat(t.Context(), c, chatReq(true, "hi"))
	// This is the client behavior callers must guard against: no error, no
	// final "done" object.
	if err != nil || len(got) != 2 || got[len(got)-1].Done {
		t.Errorf("streamed: got %+v, %v; want two chunks, no done, nil error", got, err)
	}
	got, err = collectChat(t.Context(), c, chatReq(false, "hi"))
	if err == nil || len(got) != 0 {
		t.Errorf("not streamed: got %+v, %v; want a transport error", got, err)
	}
}
