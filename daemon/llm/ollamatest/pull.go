package ollamatest

import (
	"net/http"

	"github.com/ollama/ollama/api"
)

// pullManifestError is what a real server offline or asked for an unknown
// name reports after "pulling manifest".
const pullManifestError = "pull model manifest: file does not exist"

// pullBrokenError is what a real server reports when the registry
// connection drops during a download.
const pullBrokenError = "max retries exceeded: unexpected EOF"

// pullGateStep is the progress line a gated pull stops after: a quarter
// of the download.
const pullGateStep = 2

// GatePulls makes every pull of a known model stop after reporting a
// quarter of its download until gate is closed, as a slow registry does,
// so a test sees a pull under way for as long as it needs.
func (s *Server) GatePulls(gate <-chan struct{}) {
	s.mu.Lock()
	s.pullGate = gate
	s.mu.Unlock()
}

// FailPulls makes the next n pulls of a known model stop halfway through
// the download with an error, as a dropped registry connection does; the
// model is not added. Later pulls succeed.
func (s *Server) FailPulls(n int) {
	s.mu.Lock()
	s.pullFailures = n
	s.mu.Unlock()
}

func (s *Server) handlePull(w http.ResponseWriter, r *http.Request) {
	var req api.PullRequest
	rec, ok := s.decodeRequest(w, r, &req)
	if !ok {
		return
	}
	rec.Pull = &req
	s.record(rec)
	name := canonicalName(req.Model)
	if name == "" {
		writeError(w, http.StatusBadRequest, "invalid model name")
		return
	}
	s.mu.Lock()
	m, known := s.registry[name]
	broken := known && s.pullFailures > 0
	if broken {
		s.pullFailures--
	}
	gate := s.pullGate
	s.mu.Unlock()

	steps := []api.ProgressResponse{{Status: "pulling manifest"}}
	if known {
		digest := "sha256:" + m.digest()
		for i := int64(0); i <= 4; i++ {
			steps = append(steps, api.ProgressResponse{
				Status: "pulling " + digest[7:19], Digest: digest,
				Total: m.Size, Completed: m.Size * i / 4,
			})
		}
		steps = append(steps,
			api.ProgressResponse{Status: "verifying sha256 digest"},
			api.ProgressResponse{Status: "writing manifest"},
			api.ProgressResponse{Status: "success"})
	}
	stream := req.Stream == nil || *req.Stream
	out := ndjson{w: w}
	for i, p := range steps {
		if r.Context().Err() != nil {
			s.gone(r, rec)
			return
		}
		if broken && i == 3 { // halfway through the download
			if stream {
				out.line(map[string]string{"error": pullBrokenError})
			} else {
				writeError(w, http.StatusInternalServerError, pullBrokenError)
			}
			return
		}
		if known && i == len(steps)-1 {
			s.mu.Lock()
			s.addLocal(m)
			s.mu.Unlock()
		}
		if stream && !out.line(p) {
			s.gone(r, rec)
			return
		}
		if known && gate != nil && i == pullGateStep && !s.pace(r, Reply{Gate: gate}) {
			s.gone(r, rec)
			return
		}
	}
	switch {
	case !known && stream:
		out.line(map[string]string{"error": pullManifestError})
	case !known:
		writeError(w, http.StatusInternalServerError, pullManifestError)
	case !stream:
		writeJSON(w, http.StatusOK, steps[len(steps)-1])
	}
}
