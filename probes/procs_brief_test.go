package probes

import (
	"context"
	"os"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
)

// The brief listings are the first BriefRows rows of the full ones, row
// for row and line for line, with the note saying how many were listed.
func TestBriefListingsAreTheTopOfTheFull(t *testing.T) {
	requirePages4K(t)
	env := hostFixtureCopy(t)
	if os.Geteuid() == 0 {
		fixtureOwners(t, env)
	}
	for _, c := range []struct {
		id          string
		full, brief Func
	}{{TopMemory, topMemory, topMemoryBrief}, {TopCPU, topCPU, topCPUBrief}} {
		full, err := c.full(context.Background(), env)
		if err != nil {
			t.Fatal(err)
		}
		short, err := c.brief(context.Background(), env)
		if err != nil {
			t.Fatal(err)
		}
		rows := full.Data.([]Process)
		if got := short.Data.([]Process); len(rows) != 6 || !reflect.DeepEqual(got, rows[:BriefRows]) {
			t.Errorf("%s: brief rows %v, want the first %d of %v", c.id, pidOrder(got), BriefRows, pidOrder(rows))
		}
		lines := strings.SplitAfter(full.Stdout, "\n")
		if want := strings.Join(lines[:1+BriefRows], ""); short.Stdout != want {
			t.Errorf("%s: brief stdout\n%s\nwant\n%s", c.id, short.Stdout, want)
		}
		if want := []string{"listed the 5 processes that use the most, of 6"}; !reflect.DeepEqual(short.Notes, want) {
			t.Errorf("%s: notes %q, want %q", c.id, short.Notes, want)
		}
	}
}

// Under WithBrief a probe with a brief form runs that, cached apart from
// its full form: neither serves the other's callers.
func TestWithBriefKeepsTheFormsApart(t *testing.T) {
	var fulls, briefs atomic.Int32
	clk := &fakeClock{}
	r := newRunner(nil, []Spec{{ID: "p", Run: countingProbe(&fulls), Brief: countingProbe(&briefs)}, {ID: "q", Run: countingProbe(new(atomic.Int32))}}, WithClock(clk.now))
	short := WithBrief(context.Background())
	for i, c := range []struct {
		ctx    context.Context
		id     string
		stdout string
		cached bool
	}{
		{short, "p", "call 1\n", false},
		{context.Background(), "p", "call 1\n", false},
		{short, "p", "call 1\n", true},
		{context.Background(), "p", "call 1\n", true},
		{short, "q", "call 1\n", false},
	} {
		res, err := r.Run(c.ctx, c.id)
		if err != nil || res.Stdout != c.stdout || res.Cached != c.cached {
			t.Fatalf("call %d: %+v, %v", i, res, err)
		}
	}
	if fulls.Load() != 1 || briefs.Load() != 1 {
		t.Fatalf("full form ran %d times, brief %d; want 1 each", fulls.Load(), briefs.Load())
	}
	clk.advance(2 * FreshAge)
	fresh := WithFresh(short, func(string) bool { return true })
	if res, _ := r.Run(fresh, "p"); res.Stdout != "call 2\n" || res.Cached || fulls.Load() != 1 {
		t.Fatalf("a fresh brief read: %+v, full form ran %d times", res, fulls.Load())
	}
}
