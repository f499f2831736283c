// Package ollamatest is a fake Ollama server for tests that cannot run a
// model. It speaks Ollama's wire protocol with the ollama/api types: NDJSON
// streams ending in a "done" object, JSON errors with HTTP status codes, the
// real server's error texts. Tests script the replies (content, chunking,
// delays, errors, malformed output, hangs) and inspect every request it
// received. Tests that can run a real Ollama use realollama instead.
package ollamatest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
)

// Server is a running fake Ollama server. Its methods are safe for
// concurrent use.
type Server struct {
	ts      *httptest.Server
	quit    chan struct{}
	version string

	mu         sync.Mutex
	local      map[string]Model
	order      []string
	registry   map[string]Model
	modified   time.Time
	onChat     func(*api.ChatRequest) Reply
	onGenerate func(*api.GenerateRequest) Reply
	requests   []*Request
	// changed is closed and replaced whenever requests change, waking
	// WaitRequests.
	changed  chan struct{}
	chatsNow int // /api/chat handlers running
	chatsMax int // the most that ever ran at once
	// pullFailures is how many more pulls break off halfway (FailPulls).
	pullFailures int
	// pullGate holds every pull at a quarter of its download (GatePulls).
	pullGate <-chan struct{}
}

// Option configures a Server in New.
type Option func(*Server)

// WithModels adds models the server has locally (listed by /api/tags).
func WithModels(models ...Model) Option {
	return func(s *Server) {
		for _, m := range models {
			s.addLocal(m.withDefaults())
		}
	}
}

// WithRegistry adds models that /api/pull can fetch; pulling one adds it to
// the local models.
func WithRegistry(models ...Model) Option {
	return func(s *Server) {
		for _, m := range models {
			m = m.withDefaults()
			s.registry[m.Name] = m
		}
	}
}

// WithVersion sets what /api/version reports (default "0.17.4").
func WithVersion(v string) Option {
	return func(s *Server) { s.version = v }
}

// New starts a fake server that is closed when the test ends. Without
// options it has one local model, "tiny:latest", and answers every chat and
// generate request with "ok".
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s := &Server{
		quit:     make(chan struct{}),
		changed:  make(chan struct{}),
		version:  "0.17.4",
		local:    map[string]Model{},
		registry: map[string]Model{},
		modified: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	}
	for _, o := range opts {
		o(s)
	}
	if len(s.local) == 0 {
		s.addLocal(Model{Name: "tiny"}.withDefaults())
	}
	s.ts = httptest.NewServer(s.routes())
	t.Cleanup(func() {
		close(s.quit) // releases hanging and delayed handlers first
		s.ts.Close()
	})
	return s
}

// URL returns the server's base URL, such as "http://127.0.0.1:34567".
func (s *Server) URL() string { return s.ts.URL }

// OnChat sets the hook that chooses the reply to each /api/chat request; a
// Script's Reply method fits. The hook may run concurrently and must not
// modify the request.
func (s *Server) OnChat(fn func(req *api.ChatRequest) Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onChat = fn
}

// OnGenerate sets the hook that chooses the reply to each /api/generate
// request. The hook may run concurrently and must not modify the request.
func (s *Server) OnGenerate(fn func(req *api.GenerateRequest) Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onGenerate = fn
}

// Request is one request the server received, with its decoded body.
type Request struct {
	// Method and Path are the HTTP method and URL path.
	Method, Path string
	// Body is the raw request body.
	Body []byte
	// Chat is set for /api/chat, Generate for /api/generate, Show for
	// /api/show and Pull for /api/pull.
	Chat     *api.ChatRequest
	Generate *api.GenerateRequest
	Show     *api.ShowRequest
	Pull     *api.PullRequest
	// Canceled reports that the client went away before the server finished
	// its answer (a timeout or cancellation on the client side).
	Canceled bool
}

// Options decodes the request's "options" into api.Options, the way the
// real server reads them (num_ctx, num_predict, temperature…).
func (r Request) Options() (api.Options, error) {
	var m map[string]any
	switch {
	case r.Chat != nil:
		m = r.Chat.Options
	case r.Generate != nil:
		m = r.Generate.Options
	}
	var opts api.Options
	if m == nil {
		return opts, nil
	}
	return opts, opts.FromMap(m)
}

// Requests returns copies of the requests received so far, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.requests))
	for i, r := range s.requests {
		out[i] = *r
	}
	return out
}

// ChatRequests returns the decoded /api/chat requests received so far.
func (s *Server) ChatRequests() []*api.ChatRequest {
	var out []*api.ChatRequest
	for _, r := range s.Requests() {
		if r.Chat != nil {
			out = append(out, r.Chat)
		}
	}
	return out
}

// WaitRequests blocks until cond holds for the requests received so far
// (as Requests returns them), checking again each time one arrives or is
// marked canceled. It returns ctx's error if ctx ends first. Tests use it
// to learn what the server saw without polling.
func (s *Server) WaitRequests(ctx context.Context, cond func([]Request) bool) error {
	for {
		s.mu.Lock()
		changed := s.changed
		s.mu.Unlock()
		if cond(s.Requests()) {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// MaxConcurrentChats returns the largest number of /api/chat requests the
// server was answering at the same moment, to check a client's limit on
// parallel calls.
func (s *Server) MaxConcurrentChats() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.chatsMax
}

// ChatsInFlight returns the number of /api/chat requests being answered.
func (s *Server) ChatsInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.chatsNow
}

func (s *Server) chatBegins() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chatsNow++
	s.chatsMax = max(s.chatsMax, s.chatsNow)
}

func (s *Server) chatEnds() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chatsNow--
}

func (s *Server) record(r *Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, r)
	s.notify()
}

func (s *Server) markCanceled(r *Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r.Canceled = true
	s.notify()
}

// notify wakes every WaitRequests; s.mu must be held.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// addLocal must be called with s.mu held or before the server starts.
func (s *Server) addLocal(m Model) {
	if _, ok := s.local[m.Name]; !ok {
		s.order = append(s.order, m.Name)
	}
	s.local[m.Name] = m
}

func (s *Server) lookup(name string) (Model, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.local[canonicalName(name)]
	return m, ok
}

func (s *Server) chatReply(req *api.ChatRequest) Reply {
	s.mu.Lock()
	fn := s.onChat
	s.mu.Unlock()
	if fn == nil {
		return Reply{}
	}
	return fn(req)
}

func (s *Server) generateReply(req *api.GenerateRequest) Reply {
	s.mu.Lock()
	fn := s.onGenerate
	s.mu.Unlock()
	if fn == nil {
		return Reply{}
	}
	return fn(req)
}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	running := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("Ollama is running"))
	}
	mux.HandleFunc("GET /{$}", running) // GET also serves HEAD
	mux.HandleFunc("GET /api/version", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"version": s.version})
	})
	mux.HandleFunc("GET /api/tags", s.handleTags)
	mux.HandleFunc("POST /api/show", s.handleShow)
	mux.HandleFunc("POST /api/pull", s.handlePull)
	mux.HandleFunc("POST /api/chat", s.handleChat)
	mux.HandleFunc("POST /api/generate", s.handleGenerate)
	return mux
}

func (s *Server) handleTags(w http.ResponseWriter, r *http.Request) {
	s.record(&Request{Method: r.Method, Path: r.URL.Path})
	s.mu.Lock()
	resp := api.ListResponse{Models: []api.ListModelResponse{}}
	for _, name := range s.order {
		resp.Models = append(resp.Models, s.local[name].listEntry(s.modified))
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) handleShow(w http.ResponseWriter, r *http.Request) {
	var req api.ShowRequest
	rec, ok := s.decodeRequest(w, r, &req)
	if !ok {
		return
	}
	rec.Show = &req
	s.record(rec)
	name := req.Model
	m, found := s.lookup(name)
	if !found {
		writeError(w, http.StatusNotFound, "model '"+name+"' not found")
		return
	}
	writeJSON(w, http.StatusOK, m.show(s.modified))
}
