package llmqueue

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// waitFor polls cond; the deadline only guards against a hang.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// positions records what report was told, per waiter.
type positions struct {
	mu  sync.Mutex
	got map[string][]int
}

func (p *positions) report(name string) func(int) {
	return func(n int) {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.got[name] = append(p.got[name], n)
	}
}

func (p *positions) last(name string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if g := p.got[name]; len(g) > 0 {
		return g[len(g)-1]
	}
	return 0
}

type held struct {
	release func()
	err     error
}

func admit(t *testing.T, q *Queue, uid uint32) *Ticket {
	t.Helper()
	tk, err := q.Admit(uid)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tk.Done)
	return tk
}

func TestParallelBoundAndPositions(t *testing.T) {
	q := New(Options{Parallel: 2})
	pos := &positions{got: map[string][]int{}}
	names := []string{"a", "b", "c", "d", "e"}
	results := map[string]chan held{}
	for _, n := range names {
		tk := admit(t, q, 0)
		ch := make(chan held, 1)
		results[n] = ch
		go func() {
			r, err := tk.Wait(context.Background(), pos.report(n))
			ch <- held{r, err}
		}()
		// Arrival order decides the queue among one uid's requests.
		waitFor(t, n+" arrives", func() bool { s := q.Stats(); return s.Running+s.Waiting == len(results) })
	}
	a, b := <-results["a"], <-results["b"]
	if a.err != nil || b.err != nil || q.Stats().Running != 2 || q.Stats().Waiting != 3 {
		t.Fatalf("first two should run, three wait: %+v", q.Stats())
	}
	if pos.last("a") != 0 || pos.last("c") != 1 || pos.last("d") != 2 || pos.last("e") != 3 {
		t.Fatalf("positions %v", pos.got)
	}
	a.release()
	a.release() // a second call must not free another slot
	c := <-results["c"]
	if q.Stats().Running != 2 {
		t.Fatalf("running %d after one release", q.Stats().Running)
	}
	waitFor(t, "d and e move up", func() bool { return pos.last("d") == 1 && pos.last("e") == 2 })
	b.release()
	c.release()
	(<-results["d"]).release()
	(<-results["e"]).release()
	if s := q.Stats(); s.Running != 0 || s.Waiting != 0 {
		t.Fatalf("stats after all released: %+v", s)
	}
	// e may be granted before it reads its last move; what it was told
	// must only go down.
	if e := pos.got["e"]; len(e) < 2 || e[0] != 3 || !slices.IsSortedFunc(e, func(a, b int) int { return b - a }) {
		t.Fatalf("e was told %v, want 3 2 [1]", e)
	}
}

// One uid's many requests take turns with other users' requests instead of
// all going first.
func TestFairAcrossUsers(t *testing.T) {
	q := New(Options{Parallel: 1})
	hold, err := admit(t, q, 7).Wait(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	pos := &positions{got: map[string][]int{}}
	done := map[string]chan held{}
	start := func(name string, uid uint32, ctx context.Context) {
		tk := admit(t, q, uid)
		ch := make(chan held, 1)
		done[name] = ch
		go func() {
			r, err := tk.Wait(ctx, pos.report(name))
			ch <- held{r, err}
		}()
		waitFor(t, name+" queued", func() bool { return q.Stats().Waiting == len(done) })
	}
	bg := context.Background()
	hangup, hangUp := context.WithCancel(bg)
	start("m1", 1000, bg)
	start("m2", 1000, hangup)
	start("m3", 1000, bg)
	start("root", 0, bg)
	waitFor(t, "positions settle", func() bool {
		return pos.last("m1") == 1 && pos.last("root") == 2 && pos.last("m2") == 3 && pos.last("m3") == 4
	})
	// A hang-up leaves the queue at once and the ones behind move up.
	hangUp()
	if r := <-done["m2"]; !errors.Is(r.err, context.Canceled) || r.release != nil {
		t.Fatalf("canceled waiter: %+v", r)
	}
	waitFor(t, "m3 moves up", func() bool { return pos.last("m3") == 3 })
	if q.Stats().Waiting != 3 {
		t.Fatalf("the canceled waiter is still queued: %+v", q.Stats())
	}
	var served []string
	hold()
	for _, n := range []string{"m1", "root", "m3"} {
		r := <-done[n]
		if r.err != nil {
			t.Fatal(r.err)
		}
		served = append(served, n)
		r.release()
	}
	if s := q.Stats(); s.Running != 0 || s.Waiting != 0 {
		t.Fatalf("%+v after %v", s, served)
	}
}

func TestAdmitLimits(t *testing.T) {
	q := New(Options{MaxRequests: 8, PerUser: 3}) // reserve: 1
	var tickets []*Ticket
	take := func(uid uint32) error {
		tk, err := q.Admit(uid)
		if err == nil {
			tickets = append(tickets, tk)
		}
		return err
	}
	for range 3 {
		if err := take(1000); err != nil {
			t.Fatal(err)
		}
	}
	err := take(1000)
	if rpc.KindOf(err) != rpc.KindBusy || !strings.Contains(err.Error(), "you already have 3 requests") {
		t.Fatalf("per-user share: %v", err)
	}
	for _, uid := range []uint32{1001, 1001, 1001, 1002} {
		if err := take(uid); err != nil {
			t.Fatal(err)
		}
	}
	// 7 of 8 places are taken by members; the last is root's reserve.
	if err := take(1003); rpc.KindOf(err) != rpc.KindBusy || !strings.Contains(err.Error(), "other users") {
		t.Fatalf("reserve: %v", err)
	}
	if err := take(0); err != nil {
		t.Fatalf("root could not use the reserve: %v", err)
	}
	err = take(0)
	if rpc.KindOf(err) != rpc.KindBusy || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("global limit: %v", err)
	}
	if e := err.(*rpc.Error); e.Hint() == "" {
		t.Fatal("busy without advice")
	}
	tickets[0].Done()
	tickets[0].Done() // twice must not free two places
	if err := take(1000); err != nil {
		t.Fatalf("a freed place was not reusable: %v", err)
	}
	if err := take(1000); rpc.KindOf(err) != rpc.KindBusy {
		t.Fatalf("Done freed more than one place: %v", err)
	}
	if q.Stats().Admitted != 8 {
		t.Fatalf("admitted %d", q.Stats().Admitted)
	}
}

// A slot granted just as the context ends is given back, not leaked.
func TestCancelRacingGrantKeepsSlots(t *testing.T) {
	q := New(Options{Parallel: 1})
	for range 200 {
		holder, _ := q.Admit(0)
		hold, err := holder.Wait(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		tk, _ := q.Admit(1)
		got := make(chan held, 1)
		go func() {
			r, err := tk.Wait(ctx, nil)
			got <- held{r, err}
		}()
		waitFor(t, "queued", func() bool { return q.Stats().Waiting == 1 })
		go cancel()
		hold()
		if r := <-got; r.err == nil {
			r.release()
		}
		tk.Done()
		holder.Done()
		if s := q.Stats(); s.Running != 0 || s.Waiting != 0 || s.Admitted != 0 {
			t.Fatalf("slot leaked: %+v", s)
		}
	}
}

// A user's turns go to their oldest request first: a request's second chat
// is not put behind the same user's newer requests.
func TestOlderRequestFirstWithinAUser(t *testing.T) {
	q := New(Options{Parallel: 1})
	hold, err := admit(t, q, 7).Wait(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	older, newer := admit(t, q, 1000), admit(t, q, 1000)
	pos := &positions{got: map[string][]int{}}
	got := make(chan string, 2)
	// The newer request asks first, as when the older one comes back for
	// its second chat.
	for _, c := range []struct {
		name string
		tk   *Ticket
	}{{"newer", newer}, {"older", older}} {
		name, tk := c.name, c.tk
		go func() {
			r, err := tk.Wait(context.Background(), pos.report(name))
			if err == nil {
				got <- name
				r()
			}
		}()
		waitFor(t, name+" queued", func() bool { return pos.last(name) > 0 })
	}
	waitFor(t, "older goes ahead", func() bool { return pos.last("older") == 1 && pos.last("newer") == 2 })
	hold()
	if first, second := <-got, <-got; first != "older" || second != "newer" {
		t.Fatalf("served %s then %s", first, second)
	}
}
