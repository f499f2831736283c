// Package llmqueue bounds the work annad takes on for `request`. Ollama
// answers one chat (or a few) at a time, and every streamed call costs the
// ollama/api client an 8 MB scan buffer, so annad runs at most Parallel
// chats at once and makes the rest wait in a queue whose length is itself
// bounded: a request is admitted (Admit) before it holds anything, up to
// MaxRequests at once, queued and running together; past that, and past a
// per-user share, it is told "busy" at once.
//
// The queue is fair between users and kind to deadlines. Each waiting chat
// gives its user a virtual turn: one past the turn last served, or past
// that user's latest waiting turn if that is later (start-time fair
// queuing). Slots go by turn, so a user with a dozen chats queued takes
// every other slot at most, not all of them, and a newcomer waits behind at
// most one chat per other user. A user's turns go to their requests oldest
// first, and equal turns to the oldest request: every request has the same
// budget, so finishing a request half done (its second chat) before
// starting a newer one lets fewer run out of time.
package llmqueue

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Defaults of Options.
const (
	DefaultParallel    = 1
	DefaultMaxRequests = 64
	DefaultPerUser     = 16
)

// Options configure a Queue. Zero values take the defaults.
type Options struct {
	// Parallel bounds chats in flight to Ollama.
	Parallel int
	// MaxRequests bounds requests admitted at once, queued or running.
	MaxRequests int
	// PerUser bounds the requests one unprivileged uid may have admitted.
	PerUser int
	// Privileged reports uids that have no per-user share and may use the
	// reserve (MaxRequests/8, at least 1) that others cannot fill. Nil
	// means uid 0 only.
	Privileged func(uid uint32) bool
}

// Queue admits requests and hands out chat slots. It is safe for
// concurrent use.
type Queue struct {
	o       Options
	reserve int

	mu       sync.Mutex
	admitted int            // requests holding a Ticket
	others   int            // of which by unprivileged uids
	byUID    map[uint32]int // admitted requests per uid
	seq      uint64
	running  int
	waiting  []*waiter
	turn     uint64              // the turn last served
	turns    map[uint32][]uint64 // each user's waiting turns, ascending
}

type waiter struct {
	uid   uint32
	seq   uint64
	pos   int           // 1-based place in the queue; 0 once granted
	ready chan struct{} // closed when granted
	moved chan struct{} // signaled when pos changes
}

// New returns a queue for o.
func New(o Options) *Queue {
	if o.Parallel <= 0 {
		o.Parallel = DefaultParallel
	}
	if o.MaxRequests <= 0 {
		o.MaxRequests = DefaultMaxRequests
	}
	if o.PerUser <= 0 {
		o.PerUser = DefaultPerUser
	}
	o.PerUser = min(o.PerUser, o.MaxRequests)
	if o.Privileged == nil {
		o.Privileged = func(uid uint32) bool { return uid == 0 }
	}
	return &Queue{o: o, reserve: max(1, o.MaxRequests/8), byUID: make(map[uint32]int), turns: make(map[uint32][]uint64)}
}

// Parallel returns the number of chats that may run at once.
func (q *Queue) Parallel() int { return q.o.Parallel }

// Ticket is one admitted request. Done must be called when it ends.
type Ticket struct {
	q    *Queue
	uid  uint32
	seq  uint64
	once sync.Once
}

// Admit takes a place for a request of uid, or fails with a busy error
// that says whose limit was reached and what to do.
func (q *Queue) Admit(uid uint32) (*Ticket, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	privileged := q.o.Privileged(uid)
	switch {
	case q.admitted >= q.o.MaxRequests:
		return nil, rpc.Errorf(rpc.KindBusy, "cannot take the request: annad is already working on %d requests, its limit", q.admitted).
			WithHint("try again in a minute; an administrator can raise [daemon] max_requests in /etc/anna/config.toml")
	case !privileged && q.byUID[uid] >= q.o.PerUser:
		return nil, rpc.Errorf(rpc.KindBusy, "cannot take the request: you already have %d requests in progress, the limit per user", q.byUID[uid]).
			WithHint("wait for them to finish or cancel them, then ask again")
	case !privileged && q.others >= q.o.MaxRequests-q.reserve:
		return nil, rpc.Errorf(rpc.KindBusy, "cannot take the request: annad is busy with %d requests from other users", q.admitted).
			WithHint("try again in a minute")
	}
	q.admitted++
	if !privileged {
		q.others++
	}
	q.byUID[uid]++
	q.seq++
	return &Ticket{q: q, uid: uid, seq: q.seq}, nil
}

// UID returns the uid the ticket was admitted for.
func (t *Ticket) UID() uint32 { return t.uid }

// Done gives the ticket's place back. Calling it again does nothing.
func (t *Ticket) Done() {
	t.once.Do(func() {
		q := t.q
		q.mu.Lock()
		defer q.mu.Unlock()
		q.admitted--
		if !q.o.Privileged(t.uid) {
			q.others--
		}
		if q.byUID[t.uid]--; q.byUID[t.uid] == 0 {
			delete(q.byUID, t.uid)
		}
	})
}

// Wait blocks until the ticket may run one chat, and returns the function
// that frees the slot when the chat is over. While it waits, report sees
// the ticket's place in the queue (1 is next) each time it changes; report
// is not called when a slot is free at once. When ctx ends first — the
// request's budget is spent or its client hung up — the ticket leaves the
// queue at once and Wait returns ctx's error.
func (t *Ticket) Wait(ctx context.Context, report func(position int)) (release func(), err error) {
	q := t.q
	w := &waiter{uid: t.uid, seq: t.seq, ready: make(chan struct{}), moved: make(chan struct{}, 1)}
	q.mu.Lock()
	turn := q.turn
	if ts := q.turns[t.uid]; len(ts) > 0 {
		turn = max(turn, ts[len(ts)-1])
	}
	q.turns[t.uid] = append(q.turns[t.uid], turn+1)
	q.waiting = append(q.waiting, w)
	q.dispatch()
	q.mu.Unlock()

	reported := 0
	for {
		select {
		case <-w.ready:
			return q.releaser(), nil
		case <-w.moved:
			q.mu.Lock()
			pos := w.pos
			q.mu.Unlock()
			if pos != reported && pos > 0 && report != nil {
				report(pos)
				reported = pos
			}
		case <-ctx.Done():
			q.mu.Lock()
			granted := !slices.Contains(q.waiting, w)
			if !granted {
				// The user's last turn goes, so their other chats keep
				// their places and everyone behind moves up.
				q.waiting = slices.DeleteFunc(q.waiting, func(x *waiter) bool { return x == w })
				q.dropTurn(w.uid, len(q.turns[w.uid])-1)
				q.dispatch()
			}
			q.mu.Unlock()
			if granted {
				// The slot came as the context ended; it is not used.
				q.releaser()()
			}
			return nil, ctx.Err()
		}
	}
}

func (q *Queue) releaser() func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			q.mu.Lock()
			defer q.mu.Unlock()
			q.running--
			q.dispatch()
		})
	}
}

// dispatch grants free slots in fair order and tells the waiters left
// where they now stand. q.mu must be held.
func (q *Queue) dispatch() {
	order := q.order()
	for len(order) > 0 && q.running < q.o.Parallel {
		w := order[0]
		order = order[1:]
		q.waiting = slices.DeleteFunc(q.waiting, func(x *waiter) bool { return x == w })
		q.running++
		w.pos = 0
		close(w.ready)
		// The first of a user's waiters in order holds their first turn.
		q.turn = max(q.turn, q.turns[w.uid][0])
		q.dropTurn(w.uid, 0)
	}
	for i, w := range order {
		if w.pos != i+1 {
			w.pos = i + 1
			select {
			case w.moved <- struct{}{}:
			default:
			}
		}
	}
}

func (q *Queue) dropTurn(uid uint32, i int) {
	q.turns[uid] = slices.Delete(q.turns[uid], i, i+1)
	if len(q.turns[uid]) == 0 {
		delete(q.turns, uid)
	}
}

// order sorts the waiters by turn, then by the age of their request, after
// handing each user's turns to their requests oldest first.
func (q *Queue) order() []*waiter {
	type placed struct {
		w    *waiter
		turn uint64
	}
	byAge := slices.Clone(q.waiting)
	slices.SortFunc(byAge, func(a, b *waiter) int { return cmp.Compare(a.seq, b.seq) })
	next := make(map[uint32]int, len(q.turns))
	ps := make([]placed, len(byAge))
	for i, w := range byAge {
		ps[i] = placed{w, q.turns[w.uid][next[w.uid]]}
		next[w.uid]++
	}
	slices.SortStableFunc(ps, func(a, b placed) int { return cmp.Compare(a.turn, b.turn) })
	out := make([]*waiter, len(ps))
	for i, p := range ps {
		out[i] = p.w
	}
	return out
}

// Stats is a snapshot of the queue, for tests and logs.
type Stats struct {
	Admitted, Running, Waiting int
}

// Stats returns the queue's current counts.
func (q *Queue) Stats() Stats {
	q.mu.Lock()
	defer q.mu.Unlock()
	return Stats{Admitted: q.admitted, Running: q.running, Waiting: len(q.waiting)}
}
