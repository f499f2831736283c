// Package session keeps a short, bounded conversation per REPL session so a
// follow-up question ("and the second one?") can be understood. One-shot
// requests have no session and are stateless. Sessions belong to the uid
// that opened them; another user naming the same id gets a different one.
package session

import (
	"sync"
	"time"

	"github.com/jjgarcianorway/anna-assistant/runecut"
)

// Bounds on what a store holds. Each user has an LRU of their own, so one
// user's many sessions never push out another's.
const (
	MaxTurns       = 4   // turns kept per session
	MaxSessions    = 64  // per user; least recently used beyond this are dropped
	MaxUsers       = 256 // users with sessions; the least recently active beyond are dropped
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

type history struct {
	turns []Turn
	used  time.Time
}

// user holds one uid's sessions.
type user struct {
	m    map[string]*history
	used time.Time
}

// Store holds sessions in memory only: a restart or `reset` forgets them.
type Store struct {
	mu    sync.Mutex
	users map[uint32]*user
	now   func() time.Time
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{users: make(map[uint32]*user), now: time.Now} }

// History returns the recent turns of a session, oldest first; nil for an
// empty id or an unknown or expired session.
func (s *Store) History(uid uint32, id string) []Turn {
	if id == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[uid]
	if !ok {
		return nil
	}
	h, ok := u.m[id]
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
	t.Question = runecut.Ellipsis(t.Question, MaxQuestionLen)
	t.Answer = runecut.Ellipsis(t.Answer, MaxAnswerLen)
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	u, ok := s.users[uid]
	if !ok {
		u = &user{m: make(map[string]*history)}
		s.users[uid] = u
	}
	h, ok := u.m[id]
	if !ok || now.Sub(h.used) > IdleExpiry {
		h = &history{}
		u.m[id] = h
	}
	h.turns = append(h.turns, t)
	if len(h.turns) > MaxTurns {
		h.turns = append([]Turn(nil), h.turns[len(h.turns)-MaxTurns:]...)
	}
	h.used, u.used = now, now
	u.evict(now)
	s.evictUsers(now)
}

// Reset forgets the sessions of uid.
func (s *Store) Reset(uid uint32) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.users, uid)
}

// ResetAll forgets every user's sessions.
func (s *Store) ResetAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.users)
}

// Len returns the number of sessions held, of all users.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, u := range s.users {
		n += len(u.m)
	}
	return n
}

func (u *user) evict(now time.Time) {
	evict(u.m, func(h *history) time.Time { return h.used }, MaxSessions, now)
}

func (s *Store) evictUsers(now time.Time) {
	evict(s.users, func(u *user) time.Time { return u.used }, MaxUsers, now)
}

// evict drops the entries of m idle for longer than IdleExpiry, then the
// least recently used ones until at most max are left.
func evict[K comparable, V any](m map[K]V, used func(V) time.Time, max int, now time.Time) {
	for k, v := range m {
		if now.Sub(used(v)) > IdleExpiry {
			delete(m, k)
		}
	}
	for len(m) > max {
		var oldest K
		var when time.Time
		for k, v := range m {
			if t := used(v); when.IsZero() || t.Before(when) {
				oldest, when = k, t
			}
		}
		delete(m, oldest)
	}
}
