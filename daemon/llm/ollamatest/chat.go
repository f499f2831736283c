package ollamatest

import (
	"cmp"
	"net/http"
	"strings"
	"time"

	"github.com/ollama/ollama/api"
)

// answer is one scripted model answer, independent of the endpoint: chunk
// builds a partial response object, final the "done" one (with the whole
// content when not streaming, empty content when streaming).
type answer struct {
	reply        Reply
	stream       bool
	promptTokens int
	chunk        func(content string) any
	final        func(content, doneReason string, m api.Metrics) any
}

func (s *Server) handleChat(w http.ResponseWriter, r *http.Request) {
	// Counted for the whole handler: the client sees the end of the
	// response only after the handler returns.
	s.chatBegins()
	defer s.chatEnds()
	var req api.ChatRequest
	rec, ok := s.decodeRequest(w, r, &req)
	if !ok {
		return
	}
	rec.Chat = &req
	s.record(rec)
	if !s.checkModel(w, req.Model) {
		return
	}
	if len(req.Messages) == 0 {
		// The real server loads the model and answers at once.
		writeJSON(w, http.StatusOK, api.ChatResponse{
			Model: req.Model, CreatedAt: time.Now().UTC(),
			Message: api.Message{Role: "assistant"}, Done: true, DoneReason: "load",
		})
		return
	}
	prompt := 0
	for _, m := range req.Messages {
		prompt += len(m.Content)
	}
	s.answer(w, r, rec, answer{
		reply:        s.chatReply(&req),
		stream:       req.Stream == nil || *req.Stream,
		promptTokens: prompt/4 + 1,
		chunk: func(content string) any {
			return api.ChatResponse{Model: req.Model, CreatedAt: time.Now().UTC(),
				Message: api.Message{Role: "assistant", Content: content}}
		},
		final: func(content, reason string, m api.Metrics) any {
			return api.ChatResponse{Model: req.Model, CreatedAt: time.Now().UTC(),
				Message: api.Message{Role: "assistant", Content: content},
				Done:    true, DoneReason: reason, Metrics: m}
		},
	})
}

func (s *Server) handleGenerate(w http.ResponseWriter, r *http.Request) {
	var req api.GenerateRequest
	rec, ok := s.decodeRequest(w, r, &req)
	if !ok {
		return
	}
	rec.Generate = &req
	s.record(rec)
	if !s.checkModel(w, req.Model) {
		return
	}
	if req.Prompt == "" {
		writeJSON(w, http.StatusOK, api.GenerateResponse{
			Model: req.Model, CreatedAt: time.Now().UTC(), Done: true, DoneReason: "load",
		})
		return
	}
	s.answer(w, r, rec, answer{
		reply:        s.generateReply(&req),
		stream:       req.Stream == nil || *req.Stream,
		promptTokens: (len(req.System)+len(req.Prompt))/4 + 1,
		chunk: func(content string) any {
			return api.GenerateResponse{Model: req.Model, CreatedAt: time.Now().UTC(), Response: content}
		},
		final: func(content, reason string, m api.Metrics) any {
			return api.GenerateResponse{Model: req.Model, CreatedAt: time.Now().UTC(),
				Response: content, Done: true, DoneReason: reason, Metrics: m}
		},
	})
}

// checkModel answers the real server's errors for a missing or unknown
// model and reports whether the request may go on.
func (s *Server) checkModel(w http.ResponseWriter, name string) bool {
	if strings.TrimSpace(name) == "" {
		writeError(w, http.StatusBadRequest, "model is required")
		return false
	}
	if _, ok := s.lookup(name); !ok {
		writeError(w, http.StatusNotFound, "model '"+name+"' not found")
		return false
	}
	return true
}

// answer writes a scripted answer the way the real server does: HTTP errors
// before any content, NDJSON chunks and a final "done" object when
// streaming, one JSON object otherwise. It stops as soon as the client goes
// away.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, rec *Request, a answer) {
	start := time.Now()
	reply := a.reply
	if !s.wait(r, reply.Delay) {
		s.gone(r, rec)
		return
	}
	if reply.Hang {
		select {
		case <-r.Context().Done():
		case <-s.quit:
		}
		s.gone(r, rec)
		return
	}
	pieces := reply.pieces()
	if reply.Error != "" && (reply.Status != 0 || len(pieces) == 0) {
		writeError(w, cmp.Or(reply.Status, http.StatusInternalServerError), reply.Error)
		return
	}
	reason := cmp.Or(reply.DoneReason, "stop")
	loaded := time.Now()
	metrics := func() api.Metrics {
		return api.Metrics{
			TotalDuration:      time.Since(start),
			LoadDuration:       loaded.Sub(start),
			PromptEvalCount:    a.promptTokens,
			PromptEvalDuration: time.Millisecond,
			EvalCount:          len(pieces),
			EvalDuration:       max(time.Since(loaded), time.Microsecond),
		}
	}

	if !a.stream {
		for range pieces {
			if !s.pace(r, reply) {
				s.gone(r, rec)
				return
			}
		}
		switch {
		case reply.Abort:
			panic(http.ErrAbortHandler)
		case reply.Malformed:
			out := ndjson{w: w}
			out.raw(truncated(a.final(strings.Join(pieces, ""), reason, metrics())))
		case reply.Error != "":
			// Without streaming the real server turns a mid-answer failure
			// into a 500.
			writeError(w, http.StatusInternalServerError, reply.Error)
		default:
			writeJSON(w, http.StatusOK, a.final(strings.Join(pieces, ""), reason, metrics()))
		}
		return
	}

	out := ndjson{w: w}
	if reply.Malformed {
		first := ""
		if len(pieces) > 0 {
			first = pieces[0]
		}
		out.raw(truncated(a.chunk(first)))
		return
	}
	for _, p := range pieces {
		if !s.pace(r, reply) || !out.line(a.chunk(p)) {
			s.gone(r, rec)
			return
		}
	}
	if reply.Error != "" {
		out.line(map[string]string{"error": reply.Error})
		return
	}
	if reply.Abort {
		panic(http.ErrAbortHandler)
	}
	if !out.line(a.final("", reason, metrics())) {
		s.gone(r, rec)
	}
}
