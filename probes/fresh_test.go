package probes

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// A fresh read takes a cached result only while it is at most FreshAge old;
// other probes keep the 30 s cache under the same context, and the fresh
// result serves later callers.
func TestWithFreshBypassesTheCache(t *testing.T) {
	var xs, ys atomic.Int32
	clk := &fakeClock{}
	r := newRunner(nil, []Spec{{ID: "x", Run: countingProbe(&xs)}, {ID: "y", Run: countingProbe(&ys)}}, WithClock(clk.now))
	fresh := WithFresh(context.Background(), func(id string) bool { return id == "x" })
	get := func(ctx context.Context, id string) string {
		t.Helper()
		res, err := r.Run(ctx, id)
		if err != nil || !res.OK() {
			t.Fatalf("%s: res = %+v, err = %v", id, res, err)
		}
		return res.Stdout
	}
	get(context.Background(), "x")
	get(context.Background(), "y")
	clk.advance(FreshAge / 2)
	if got := get(fresh, "x"); got != "call 1\n" {
		t.Fatalf("a result %v old was not reused: %q", FreshAge/2, got)
	}
	clk.advance(FreshAge)
	if got := get(fresh, "x"); got != "call 2\n" {
		t.Fatalf("a result %v old was reused by a fresh read: %q", FreshAge*3/2, got)
	}
	if got := get(fresh, "y"); got != "call 1\n" {
		t.Fatalf("a probe not asked fresh lost the cache: %q", got)
	}
	if got := get(context.Background(), "x"); got != "call 2\n" {
		t.Fatalf("the fresh result does not serve later callers: %q", got)
	}
	results := r.RunMany(WithFresh(context.Background(), func(string) bool { return true }), []string{"x", "y"}, nil)
	if results[0].Stdout != "call 2\n" || results[1].Stdout != "call 2\n" {
		t.Fatalf("RunMany under WithFresh: %q, %q", results[0].Stdout, results[1].Stdout)
	}
}

// A fresh read does not join an execution that began more than FreshAge
// ago: it starts its own, and the old one still answers those who joined it.
func TestWithFreshSkipsAnOldFlight(t *testing.T) {
	var calls atomic.Int32
	clk := &fakeClock{}
	started, release := make(chan struct{}, 2), make(chan struct{})
	r := newRunner(nil, []Spec{{ID: "slow", Run: func(context.Context, *Env) (Output, error) {
		n := calls.Add(1)
		started <- struct{}{}
		if n == 1 {
			<-release
		}
		return Output{Stdout: map[int32]string{1: "old\n", 2: "new\n"}[n]}, nil
	}}}, WithClock(clk.now))
	old := make(chan string, 1)
	go func() {
		res, _ := r.Run(context.Background(), "slow")
		old <- res.Stdout
	}()
	<-started
	clk.advance(2 * FreshAge)
	res, err := r.Run(WithFresh(context.Background(), func(string) bool { return true }), "slow")
	if err != nil || res.Stdout != "new\n" || res.Cached {
		t.Fatalf("fresh read joined an old execution: %+v, %v", res, err)
	}
	close(release)
	select {
	case got := <-old:
		if got != "old\n" {
			t.Fatalf("the old execution's caller got %q", got)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the old execution's caller was never answered")
	}
	// The older result must not replace the newer one in the cache.
	if res, _ := r.Run(context.Background(), "slow"); res.Stdout != "new\n" || !res.Cached {
		t.Fatalf("cache after both: %+v", res)
	}
}
