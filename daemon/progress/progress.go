// Package progress records what each request is doing so annactl can poll
// it every 250 ms: stage transitions (in debug mode), probe runs, and the
// answer's text as the model writes it. Only the caller who asked (or root)
// can read a request's events: they contain the question and the answer.
package progress

import (
	"sync"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Limits that keep a store's memory bounded whatever clients do.
const (
	// Keep is how many finished requests stay readable.
	Keep = 64
	// MaxEvents bounds one request's events; past it, token events are
	// dropped (the final answer still carries the whole text) while the
	// closing events are always kept.
	MaxEvents = 4096
)

// Store holds the events of recent requests.
type Store struct {
	mu     sync.Mutex
	byID   map[string]*entry
	order  []string          // oldest first
	latest map[uint32]string // uid → that user's latest request
	now    func() time.Time
}

type entry struct {
	owner  uint32
	debug  bool
	done   bool
	events []rpc.Event
}

// NewStore returns an empty store.
func NewStore() *Store {
	return &Store{byID: make(map[string]*entry), latest: make(map[uint32]string), now: time.Now}
}

// Begin registers request id for owner. It fails if id is in use, so a
// client cannot attach to someone else's request by guessing its id.
// debug selects whether stage events are recorded (spec: debug mode).
func (s *Store) Begin(id string, owner uint32, debug bool) (*Recorder, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.byID[id]; ok {
		return nil, rpc.Errorf(rpc.KindInvalidParams, "cannot start request %q: the id is already in use", id).
			WithHint("use a fresh request_id, or leave it empty")
	}
	s.byID[id] = &entry{owner: owner, debug: debug}
	s.order = append(s.order, id)
	s.latest[owner] = id
	s.evict()
	return &Recorder{s: s, id: id}, nil
}

// evict drops the oldest finished requests beyond Keep. Requests still
// running are never dropped; their number is bounded by the server's
// connection and in-flight limits.
func (s *Store) evict() {
	for i := 0; len(s.order) > Keep && i < len(s.order); {
		id := s.order[i]
		if e := s.byID[id]; e != nil && !e.done {
			i++
			continue
		}
		delete(s.byID, id)
		s.order = append(s.order[:i], s.order[i+1:]...)
		for uid, latest := range s.latest {
			if latest == id {
				delete(s.latest, uid)
			}
		}
	}
}

// Get returns the events of request id after sequence number since, or of
// the caller's latest request when id is empty.
func (s *Store) Get(id string, since int, caller peer.Identity) (rpc.Progress, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id == "" {
		id = s.latest[caller.UID]
		if id == "" {
			return rpc.Progress{}, rpc.Errorf(rpc.KindNotFound, "cannot show progress: you have no recent request")
		}
	}
	e, ok := s.byID[id]
	if !ok || (e.owner != caller.UID && !caller.IsRoot()) {
		// The same answer for "not yours" and "unknown" leaks nothing.
		return rpc.Progress{}, rpc.Errorf(rpc.KindNotFound, "cannot show progress of %q: no such request", id)
	}
	since = max(since, 0)
	var out []rpc.Event
	for _, ev := range e.events {
		if ev.Seq > since {
			out = append(out, ev)
		}
	}
	next := since
	if n := len(e.events); n > 0 {
		next = max(next, e.events[n-1].Seq)
	}
	return rpc.Progress{RequestID: id, Done: e.done, Events: out, Next: next}, nil
}

// Reset forgets every finished request (learned data includes what was
// asked).
func (s *Store) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.order[:0]
	for _, id := range s.order {
		if e := s.byID[id]; e != nil && !e.done {
			kept = append(kept, id)
			continue
		}
		delete(s.byID, id)
	}
	s.order = kept
	for uid, id := range s.latest {
		if _, ok := s.byID[id]; !ok {
			delete(s.latest, uid)
		}
	}
}

func (s *Store) add(id string, ev rpc.Event, stage, closing bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.byID[id]
	if !ok || e.done || (stage && !e.debug) {
		return
	}
	if len(e.events) >= MaxEvents && !closing {
		return
	}
	ev.Seq = len(e.events) + 1
	ev.At = s.now()
	e.events = append(e.events, ev)
}

func (s *Store) finish(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.byID[id]; ok {
		e.done = true
	}
	s.evict()
}

// Recorder appends events to one request. A nil *Recorder records nothing,
// so pipeline code can run without a store (benchmarks, tests).
type Recorder struct {
	s  *Store
	id string
}

// Stage records a stage event (starting, probe_running, probe_complete,
// complete); it is kept only in debug mode.
func (r *Recorder) Stage(kind rpc.EventKind, stage, probe, message string) {
	if r == nil {
		return
	}
	r.s.add(r.id, rpc.Event{Kind: kind, Stage: stage, Probe: probe, Message: message}, true, false)
}

// Fail records a timeout or error event; these are kept in every mode
// because the user needs to know why an answer is weak.
func (r *Recorder) Fail(kind rpc.EventKind, stage, message string) {
	if r == nil {
		return
	}
	r.s.add(r.id, rpc.Event{Kind: kind, Stage: stage, Message: message}, false, true)
}

// Token records a chunk of the answer as the model writes it.
func (r *Recorder) Token(text string) {
	if r == nil || text == "" {
		return
	}
	r.s.add(r.id, rpc.Event{Kind: rpc.EventToken, Stage: "specialist", Text: text}, false, false)
}

// Done marks the request finished; later events are ignored.
func (r *Recorder) Done() {
	if r == nil {
		return
	}
	r.s.finish(r.id)
}
