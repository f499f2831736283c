package probes

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
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

// With many processes listed in no particular order, the brief top_cpu
// keeps the right stat lines while candidates enter and leave its top
// rows: its rows, built from the lines it ranked, are the full listing's.
func TestBriefTopCPUOverManyProcesses(t *testing.T) {
	requirePages4K(t)
	env := hostFixtureCopy(t)
	proc := env.Layout.Proc()
	line, err := os.ReadFile(filepath.Join(proc, "42", "stat"))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for pid := 1000; pid < 1040; pid++ {
		dir := filepath.Join(proc, strconv.Itoa(pid))
		if err := os.CopyFS(dir, os.DirFS(filepath.Join(proc, "42"))); err != nil {
			t.Fatal(err)
		}
		// utime is field 14: a CPU share from none to far above firefox's.
		f := strings.Fields(string(line))
		f[0], f[13] = strconv.Itoa(pid), strconv.Itoa(rng.IntN(60000))
		if err := os.WriteFile(filepath.Join(dir, "stat"), []byte(strings.Join(f, " ")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	full, err := topCPU(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	short, err := topCPUBrief(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	rows := full.Data.([]Process)
	if got := short.Data.([]Process); !reflect.DeepEqual(got, rows[:BriefRows]) {
		t.Errorf("brief rows %v, want the first %d of %v", pidOrder(got), BriefRows, pidOrder(rows))
	}
}
