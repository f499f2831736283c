package ollamatest

import (
	"encoding/json"
	"strings"
	"sync"
	"time"

	"github.com/ollama/ollama/api"
)

// Reply is what the fake server answers to one chat or generate request.
// The zero Reply answers "ok".
type Reply struct {
	// Content is the whole answer. When Chunks is nil it is streamed split at
	// word boundaries ("a b" → "a", " b"), as a model streams tokens.
	Content string
	// Chunks, when non-nil, are the exact streamed pieces and Content is
	// ignored; []string{} streams an empty answer.
	Chunks []string
	// DoneReason is reported in the final chunk; "stop" when empty.
	DoneReason string

	// Delay passes before anything is written, as while a model loads.
	Delay time.Duration
	// DelayPerChunk passes before each streamed chunk.
	DelayPerChunk time.Duration
	// Gate, when non-nil, holds back each chunk until the test sends on it
	// (or the client goes away), so a test decides how far an answer has
	// gone when it acts instead of racing a delay. It applies after
	// DelayPerChunk, streamed or not.
	Gate <-chan struct{}

	// Status and Error make an HTTP error: Status (500 when zero) with the
	// body {"error": Error}, before any content, which the client returns as
	// api.StatusError. With Status zero and Chunks or Content set, the chunks
	// are streamed first and the error follows as an NDJSON line under HTTP
	// 200, as the real server does when its runner fails mid-answer.
	Status int
	Error  string

	// Malformed writes a truncated JSON line instead of the first response
	// object, so the client fails to decode the stream.
	Malformed bool
	// Hang writes nothing until the client goes away or the server closes.
	Hang bool
	// Abort drops the connection after the streamed chunks, without the
	// final "done" object, as when the server process dies mid-answer.
	// Beware: the real client's Chat then returns nil (it ignores read
	// errors), so callers must check that a "done" object arrived.
	Abort bool
}

// pieces returns the streamed content pieces of r.
func (r Reply) pieces() []string {
	if r.Chunks != nil {
		return r.Chunks
	}
	if r.Content == "" && r.Error == "" && r.Status == 0 {
		return splitWords("ok")
	}
	return splitWords(r.Content)
}

// splitWords cuts s before every space run that follows a non-space, keeping
// all bytes, so joining the pieces gives s back.
func splitWords(s string) []string {
	var out []string
	start := 0
	for i := 1; i < len(s); i++ {
		if s[i] == ' ' && s[i-1] != ' ' {
			out = append(out, s[start:i])
			start = i
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// Matcher reports whether a chat request should get a rule's reply.
type Matcher func(req *api.ChatRequest) bool

// SystemContains matches requests whose system messages contain sub.
func SystemContains(sub string) Matcher {
	return func(req *api.ChatRequest) bool {
		for _, m := range req.Messages {
			if m.Role == "system" && strings.Contains(m.Content, sub) {
				return true
			}
		}
		return false
	}
}

// LastUserContains matches requests whose last user message contains sub.
func LastUserContains(sub string) Matcher {
	return func(req *api.ChatRequest) bool {
		for i := len(req.Messages) - 1; i >= 0; i-- {
			if req.Messages[i].Role == "user" {
				return strings.Contains(req.Messages[i].Content, sub)
			}
		}
		return false
	}
}

// HasFormat matches requests that ask for structured output ("json" or a
// JSON schema), as the translator and the specialists do.
func HasFormat() Matcher {
	return func(req *api.ChatRequest) bool { return len(req.Format) > 0 && string(req.Format) != "null" }
}

// SchemaHas matches requests whose JSON schema names property, which
// tells Anna's translator (its ticket has "needs_probes") from a
// specialist (its facts have "facts").
func SchemaHas(property string) Matcher {
	return func(req *api.ChatRequest) bool {
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		return json.Unmarshal(req.Format, &s) == nil && s.Properties[property] != nil
	}
}

// IsTicket matches requests for Anna's translator ticket.
func IsTicket() Matcher { return SchemaHas("needs_probes") }

// NoFormat matches requests for plain text.
func NoFormat() Matcher {
	has := HasFormat()
	return func(req *api.ChatRequest) bool { return !has(req) }
}

// ModelIs matches requests for the named model ("x" and "x:latest" are the
// same model).
func ModelIs(name string) Matcher {
	want := canonicalName(name)
	return func(req *api.ChatRequest) bool { return canonicalName(req.Model) == want }
}

// All matches requests that every one of ms matches.
func All(ms ...Matcher) Matcher {
	return func(req *api.ChatRequest) bool {
		for _, m := range ms {
			if !m(req) {
				return false
			}
		}
		return true
	}
}

// Script chooses chat replies by ordered rules; the first rule that matches
// answers. Its Reply method is an OnChat hook. A Script is safe for
// concurrent use once built.
type Script struct {
	mu        sync.Mutex
	rules     []rule
	otherwise []Reply
}

type rule struct {
	match   Matcher
	replies []Reply
	used    int
}

// When adds a rule. With several replies the rule answers them in order and
// then repeats the last one, so a test can script "fail, then succeed".
func (s *Script) When(m Matcher, replies ...Reply) *Script {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(replies) == 0 {
		replies = []Reply{{}}
	}
	s.rules = append(s.rules, rule{match: m, replies: replies})
	return s
}

// Otherwise sets the replies for requests no rule matches (default: "ok").
func (s *Script) Otherwise(replies ...Reply) *Script {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.otherwise = replies
	return s
}

// Reply returns the scripted reply for req.
func (s *Script) Reply(req *api.ChatRequest) Reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.rules {
		r := &s.rules[i]
		if r.match(req) {
			reply := r.replies[min(r.used, len(r.replies)-1)]
			r.used++
			return reply
		}
	}
	if len(s.otherwise) == 0 {
		return Reply{}
	}
	reply := s.otherwise[0]
	if len(s.otherwise) > 1 {
		s.otherwise = s.otherwise[1:]
	}
	return reply
}

// Sequence returns an OnChat hook that answers replies in order and then
// repeats the last one.
func Sequence(replies ...Reply) func(req *api.ChatRequest) Reply {
	return new(Script).Otherwise(replies...).Reply
}
