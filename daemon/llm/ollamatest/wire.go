package ollamatest

import (
	"encoding/json"
	"io"
	"net/http"
	"time"
)

// maxBody bounds what the fake reads of a request body; the real client's
// own stream buffer is 8 MB.
const maxBody = 8 << 20

// decodeRequest reads and decodes a JSON body into v, answering 400 with
// the real server's texts when it cannot. The returned Request is not yet
// recorded, so the caller can attach the decoded body first.
func (s *Server) decodeRequest(w http.ResponseWriter, r *http.Request, v any) (*Request, bool) {
	rec := &Request{Method: r.Method, Path: r.URL.Path}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	rec.Body = body
	switch {
	case err != nil:
		s.record(rec)
		writeError(w, http.StatusBadRequest, err.Error())
		return nil, false
	case len(body) == 0:
		s.record(rec)
		writeError(w, http.StatusBadRequest, "missing request body")
		return nil, false
	}
	if err := json.Unmarshal(body, v); err != nil {
		s.record(rec)
		writeError(w, http.StatusBadRequest, err.Error())
		return nil, false
	}
	return rec, true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// ndjson writes one object per line and flushes it, as the real server
// streams. It stops at the first failed write.
type ndjson struct {
	w       http.ResponseWriter
	started bool
	err     error
}

func (n *ndjson) line(v any) bool {
	b, err := json.Marshal(v)
	if err != nil {
		n.err = err
		return false
	}
	return n.raw(append(b, '\n'))
}

func (n *ndjson) raw(b []byte) bool {
	if n.err != nil {
		return false
	}
	if !n.started {
		n.w.Header().Set("Content-Type", "application/x-ndjson")
		n.w.WriteHeader(http.StatusOK)
		n.started = true
	}
	if _, n.err = n.w.Write(b); n.err != nil {
		return false
	}
	if f, ok := n.w.(http.Flusher); ok {
		f.Flush()
	}
	return true
}

// truncated returns the first half of v's JSON encoding and a newline: a
// line no JSON decoder accepts.
func truncated(v any) []byte {
	b, _ := json.Marshal(v)
	return append(b[:len(b)/2], '\n')
}

// wait sleeps d unless the request's client goes away or the server closes
// first; it reports whether the full time passed.
func (s *Server) wait(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return r.Context().Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	case <-s.quit:
		return false
	}
}

// pace holds back one chunk of reply: its DelayPerChunk, then its Gate. It
// reports false when the client went away or the server closed first.
func (s *Server) pace(r *http.Request, reply Reply) bool {
	if !s.wait(r, reply.DelayPerChunk) {
		return false
	}
	if reply.Gate == nil {
		return true
	}
	select {
	case <-reply.Gate:
		return r.Context().Err() == nil
	case <-r.Context().Done():
		return false
	case <-s.quit:
		return false
	}
}

// gone records a client that went away mid-answer. A server shutting down
// is not the client's doing.
func (s *Server) gone(r *http.Request, rec *Request) {
	if r.Context().Err() != nil {
		s.markCanceled(rec)
	}
}
