package session

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestHistoryIsBoundedAndPrivate(t *testing.T) {
	s := NewStore()
	for i := range MaxTurns + 3 {
		s.Append(1000, "abc", Turn{Question: fmt.Sprint("q", i), Answer: "a"})
	}
	h := s.History(1000, "abc")
	if len(h) != MaxTurns || h[0].Question != fmt.Sprint("q", 3) || h[len(h)-1].Question != fmt.Sprint("q", MaxTurns+2) {
		t.Fatalf("got %+v", h)
	}
	if s.History(1001, "abc") != nil {
		t.Fatal("another uid read the session")
	}
	if s.History(1000, "") != nil {
		s.Append(1000, "", Turn{Question: "x"})
		t.Fatal("one-shot requests must be stateless")
	}
}

func TestClipKeepsUTF8(t *testing.T) {
	s := NewStore()
	s.Append(1, "k", Turn{Question: strings.Repeat("안", 500), Answer: strings.Repeat("é", 1000)})
	h := s.History(1, "k")[0]
	if len(h.Question) > MaxQuestionLen+len("…") || !utf8.ValidString(h.Question) || !utf8.ValidString(h.Answer) {
		t.Fatalf("clipped badly: %d bytes", len(h.Question))
	}
}

func TestExpiryAndEviction(t *testing.T) {
	now := time.Unix(1000, 0)
	s := NewStore()
	s.now = func() time.Time { return now }
	s.Append(1, "old", Turn{Question: "q"})
	now = now.Add(IdleExpiry + time.Second)
	if s.History(1, "old") != nil {
		t.Fatal("expired session still answers")
	}
	for i := range MaxSessions + 5 {
		now = now.Add(time.Second)
		s.Append(1, fmt.Sprint(i), Turn{Question: "q"})
	}
	if s.Len() != MaxSessions {
		t.Fatalf("%d sessions held", s.Len())
	}
	if s.History(1, "0") != nil || s.History(1, fmt.Sprint(MaxSessions+4)) == nil {
		t.Fatal("eviction dropped the wrong session")
	}
	s.Reset(1)
	if s.Len() != 0 {
		t.Fatal("Reset kept sessions")
	}
}

// 257 sessions of one member used to push everyone else's history out of a
// global LRU, and one member's reset wiped every user's sessions.
func TestUsersAreIsolated(t *testing.T) {
	s := NewStore()
	s.Append(0, "root", Turn{Question: "root's"})
	s.Append(1001, "bob", Turn{Question: "bob's"})
	for i := range 4 * MaxSessions {
		s.Append(1000, fmt.Sprint(i), Turn{Question: "flood"})
	}
	if s.History(0, "root") == nil || s.History(1001, "bob") == nil {
		t.Fatal("one user's sessions evicted another's")
	}
	if s.Len() != MaxSessions+2 {
		t.Fatalf("%d sessions held", s.Len())
	}
	s.Reset(1000)
	if s.History(0, "root") == nil || s.History(1001, "bob") == nil || s.Len() != 2 {
		t.Fatal("a member's reset touched other users' sessions")
	}
	for uid := range uint32(MaxUsers + 10) {
		s.Append(5000+uid, "x", Turn{Question: "q"})
	}
	if len(s.users) != MaxUsers {
		t.Fatalf("%d users held", len(s.users))
	}
	s.ResetAll()
	if s.Len() != 0 {
		t.Fatal("ResetAll kept sessions")
	}
}
