// Package session keeps a short, bounded conversation per REPL session so a
// follow-up question ("and the second one?") can be understood. One-shot
// requests have no session and are stateless. Sessions belong to the uid
// that opened them; another user naming the same id gets a different one.
package session

import (
	"sync"
	"time"
	"unicode/utf8"
)

// Bounds on what a store holds.
const (
	MaxTurns       = 4   // turns kept per session
	MaxSessions    = 256 // least recently used beyond this are dropped
	MaxQuestionLen = 400 // bytes kept of each question
	MaxAnswerLen   = 800 // bytes kept of each answer
	IdleExpiry     = 30 * time.Minute
)

// Turn is one question and the answer Anna gave.
type Turn struct {
	Question string
	Answer   string
	Domain   string
}

type key struct {
	uid uint32
	id  string
}

type history struct {
	turns []Turn
	used  time.Time
}

// Store holds sessions in memory only: a restart or `reset` forgets them.
type Store struct {
	mu  sync.Mutex
	m   map[key]*history
	now func() time.Time
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{m: make(map[key]*history), now: time.Now} }

// History returns the recent turns of a session, oldest first; nil for an
// empty id or an unknown or expired session.
func (s *Store) History(uid uint32, id string) []Turn {
	if id == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	h, ok := s.m[key{uid, id}]
	if !ok || s.now().Sub(h.used) > IdleExpiry {
		return nil
	}
	return append([]Turn(nil), h.turns...)
}

// Append records a turn; it does nothing for an empty id.
func (s *Store) Append(uid uint32, id string, t Turn) {
	if id == "" {
		return
	}
	t.Question = clip(t.Question, MaxQuestionLen)
	t.Answer = clip(t.Answer, MaxAnswerLen)
	s.mu.Lock()
	defer s.mu.Unlock()
	k := key{uid, id}
	h, ok := s.m[k]
	if !ok || s.now().Sub(h.used) > IdleExpiry {
		h = &history{}
		s.m[k] = h
	}
	h.turns = append(h.turns, t)
	if len(h.turns) > MaxTurns {
		h.turns = append([]Turn(nil), h.turns[len(h.turns)-MaxTurns:]...)
	}
	h.used = s.now()
	s.evict()
}

// Reset forgets every session.
func (s *Store) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.m)
}

// Len returns the number of sessions held.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}

func (s *Store) evict() {
	now := s.now()
	for k, h := range s.m {
		if now.Sub(h.used) > IdleExpiry {
			delete(s.m, k)
		}
	}
	for len(s.m) > MaxSessions {
		var oldest key
		var when time.Time
		for k, h := range s.m {
			if when.IsZero() || h.used.Before(when) {
				oldest, when = k, h.used
			}
		}
		delete(s.m, oldest)
	}
}

// clip cuts s to at most n bytes on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
