// Package progress records what each request is doing so annactl can poll
// it every 250 ms: stage transitions (in debug mode), probe runs, the
// request's place in the queue for the model, and the answer's text as the
// model writes it. Only the caller who asked (or root) can read a request's
// events: they contain the question and the answer.
package progress

import (
	"sync"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Limits that keep a store's memory bounded whatever clients do.
const (
	// Keep is how many finished requests of one user stay readable, so one
	// user's flood of requests cannot push out another's.
	Keep = 16
	// KeepTotal bounds finished requests across all users.
	KeepTotal = 256
	// MaxEvents bounds one request's events; past it, token and queue
	// events are dropped (the final answer still carries the whole text)
	// while the closing events are always kept.
	MaxEvents = 4096
)

// key names a request: request ids are chosen by clients, so each uid has
// its own namespace and one user's ids are invisible to another.
type key struct {
	uid uint32
	id  string
}

// Store holds the events of recent requests.
type Store struct {
	mu     sync.Mutex
	byKey  map[key]*entry
	order  []key             // oldest first
	latest map[uint32]string // uid → that user's latest request
	now    func() time.Time
}

type entry struct {
	debug  bool
	done   bool
	events []rpc.Event
}

// NewStore returns an empty store.
func NewStore() *Store {
	return &Store{byKey: make(map[key]*entry), latest: make(map[uint32]string), now: time.Now}
}

// Begin registers request id for owner. It fails if owner already has a
// request with that id; another user's ids are neither usable nor
// revealed. debug selects whether stage events are recorded (spec: debug
// mode).
func (s *Store) Begin(id string, owner uint32, debug bool) (*Recorder, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := key{owner, id}
	if _, ok := s.byKey[k]; ok {
		return nil, rpc.Errorf(rpc.KindInvalidParams, "cannot start request %q: you already used that id", id).
			WithHint("use a fresh request_id, or leave it empty")
	}
	s.byKey[k] = &entry{debug: debug}
	s.order = append(s.order, k)
	s.latest[owner] = id
	s.evict()
	return &Recorder{s: s, k: k}, nil
}

// evict drops the oldest finished requests beyond Keep per user and
// KeepTotal in all. Requests still running are never dropped; their number
// is bounded by the desk's admission limit ([daemon] max_requests).
func (s *Store) evict() {
	finished := map[uint32]int{}
	total := 0
	for _, k := range s.order {
		if s.byKey[k].done {
			finished[k.uid]++
			total++
		}
	}
	kept := s.order[:0]
	for _, k := range s.order {
		e := s.byKey[k]
		if e.done && (finished[k.uid] > Keep || total > KeepTotal) {
			finished[k.uid]--
			total--
			s.drop(k)
			continue
		}
		kept = append(kept, k)
	}
	clear(s.order[len(kept):])
	s.order = kept
}

// drop forgets k; the caller removes it from s.order.
func (s *Store) drop(k key) {
	delete(s.byKey, k)
	if s.latest[k.uid] == k.id {
		delete(s.latest, k.uid)
	}
}

// Get returns the events of request id after sequence number since, or of
// the caller's latest request when id is empty. Root may also read another
// user's request by its id (the newest one of that id).
func (s *Store) Get(id string, since int, caller peer.Identity) (rpc.Progress, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id == "" {
		id = s.latest[caller.UID]
		if id == "" {
			return rpc.Progress{}, rpc.Errorf(rpc.KindNotFound, "cannot show progress: you have no recent request")
		}
	}
	e, ok := s.byKey[key{caller.UID, id}]
	if !ok && caller.IsRoot() {
		for i := len(s.order) - 1; i >= 0 && !ok; i-- {
			if s.order[i].id == id {
				e, ok = s.byKey[s.order[i]]
			}
		}
	}
	if !ok {
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

// Reset forgets the finished requests of uid, or of every user when all is
// set (learned data includes what was asked). Running requests stay.
func (s *Store) Reset(uid uint32, all bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.order[:0]
	for _, k := range s.order {
		if s.byKey[k].done && (all || k.uid == uid) {
			s.drop(k)
			continue
		}
		kept = append(kept, k)
	}
	clear(s.order[len(kept):])
	s.order = kept
}

func (s *Store) add(k key, ev rpc.Event, stage, closing bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.byKey[k]
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

func (s *Store) finish(k key) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.byKey[k]; ok {
		e.done = true
	}
	s.evict()
}

// Recorder appends events to one request. A nil *Recorder records nothing,
// so pipeline code can run without a store (benchmarks, tests).
type Recorder struct {
	s *Store
	k key
}

// Stage records a stage event (starting, probe_running, probe_complete,
// complete); it is kept only in debug mode.
func (r *Recorder) Stage(kind rpc.EventKind, stage, probe, message string) {
	if r == nil {
		return
	}
	r.s.add(r.k, rpc.Event{Kind: kind, Stage: stage, Probe: probe, Message: message}, true, false)
}

// Fail records a timeout or error event; these are kept in every mode
// because the user needs to know why an answer is weak.
func (r *Recorder) Fail(kind rpc.EventKind, stage, message string) {
	if r == nil {
		return
	}
	r.s.add(r.k, rpc.Event{Kind: kind, Stage: stage, Message: message}, false, true)
}

// Queued records the request's place in the queue for the model, or with
// position 0 that it has left it; kept in every mode because the user needs
// to know why nothing happens.
func (r *Recorder) Queued(stage string, position int, message string) {
	if r == nil {
		return
	}
	r.s.add(r.k, rpc.Event{Kind: rpc.EventQueued, Stage: stage, Position: position, Message: message}, false, false)
}

// Token records a chunk of the answer as the model writes it.
func (r *Recorder) Token(text string) {
	if r == nil || text == "" {
		return
	}
	r.s.add(r.k, rpc.Event{Kind: rpc.EventToken, Stage: "specialist", Text: text}, false, false)
}

// Done marks the request finished; later events are ignored.
func (r *Recorder) Done() {
	if r == nil {
		return
	}
	r.s.finish(r.k)
}
