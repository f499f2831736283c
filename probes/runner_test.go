package probes

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// fakeClock is a clock that moves only when told to.
type fakeClock struct{ ns atomic.Int64 }

func (c *fakeClock) now() time.Time          { return time.Unix(0, c.ns.Load()) }
func (c *fakeClock) advance(d time.Duration) { c.ns.Add(int64(d)) }

// countingProbe returns a probe function that counts its calls and answers
// with the call number.
func countingProbe(calls *atomic.Int32) Func {
	return func(context.Context, *Env) (Output, error) {
		n := calls.Add(1)
		return Output{Stdout: fmt.Sprintf("call %d\n", n), Data: n}, nil
	}
}

func testRunner(specs ...Spec) *Runner {
	return newRunner(nil, specs)
}

func TestRunUnknownProbe(t *testing.T) {
	r := testRunner(Spec{ID: "a", Run: countingProbe(new(atomic.Int32))}, Spec{ID: TopMemory, Run: countingProbe(new(atomic.Int32))})
	_, err := r.Run(context.Background(), "rm -rf /")
	var e *rpc.Error
	if !errors.As(err, &e) || e.Kind() != rpc.KindProbeUnknown {
		t.Fatalf("err = %#v, want kind %s", err, rpc.KindProbeUnknown)
	}
	if e.Message != `cannot run probe "rm -rf /": not in the allowlist` {
		t.Errorf("message = %q", e.Message)
	}
	// Allowlist order first, then the others.
	if e.Hint() != "use one of: top_memory, a" {
		t.Errorf("hint = %q", e.Hint())
	}
}

func TestNewRunnerCoversHostProbes(t *testing.T) {
	r := NewRunner(hostFixture(t))
	for _, id := range []string{TopMemory, TopCPU, CPUInfo, MemoryInfo, DiskUsage, BlockDevices} {
		spec, ok := r.specs[id]
		if !ok || spec.Command == "" || spec.Source == "" {
			t.Errorf("%s: spec %+v", id, spec)
		}
	}
	res, err := r.Run(context.Background(), MemoryInfo)
	if err != nil || !res.OK() || res.Command != "free -h" || res.Source != "procfs" || res.Probe != MemoryInfo {
		t.Fatalf("memory_info on the fixture: %+v, %v", res, err)
	}
	if _, ok := res.Data.(Memory); !ok {
		t.Errorf("data is %T, want Memory", res.Data)
	}
}

func TestRunFailureIsAResultAndNotCached(t *testing.T) {
	var calls atomic.Int32
	r := testRunner(Spec{ID: "x", Command: "x", Source: "test", Run: func(context.Context, *Env) (Output, error) {
		calls.Add(1)
		return Output{}, errors.New("cannot read /proc/x: no such file")
	}})
	for range 2 {
		res, err := r.Run(context.Background(), "x")
		if err != nil || res.ExitCode != ExitFailed || res.Stderr != "cannot read /proc/x: no such file" || res.Stdout != "" || res.Cached {
			t.Fatalf("res = %+v, err = %v", res, err)
		}
	}
	if calls.Load() != 2 {
		t.Errorf("failing probe ran %d times, want 2 (failures are not cached)", calls.Load())
	}
}

func TestRunTimeout(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	r := testRunner(
		Spec{ID: "polite", Run: func(ctx context.Context, _ *Env) (Output, error) {
			<-ctx.Done()
			return Output{}, ctx.Err()
		}},
		// A function that ignores its context still cannot hold the caller.
		Spec{ID: "rude", Run: func(context.Context, *Env) (Output, error) {
			<-block
			return Output{Stdout: "late"}, nil
		}},
	)
	r.perProbe = 20 * time.Millisecond
	for _, id := range []string{"polite", "rude"} {
		res, err := r.Run(context.Background(), id)
		if err != nil || res.ExitCode != ExitTimeout || res.Stderr != "timed out after 20ms" || res.Stdout != "" {
			t.Errorf("%s: res = %+v, err = %v", id, res, err)
		}
	}
}

func TestRunCacheTTL(t *testing.T) {
	var calls atomic.Int32
	clk := &fakeClock{}
	r := newRunner(nil, []Spec{{ID: "x", Run: countingProbe(&calls)}}, WithClock(clk.now))
	run := func() rpc.ProbeResult {
		t.Helper()
		res, err := r.Run(context.Background(), "x")
		if err != nil || !res.OK() {
			t.Fatalf("res = %+v, err = %v", res, err)
		}
		return res
	}
	if res := run(); res.Cached || res.Stdout != "call 1\n" {
		t.Fatalf("first run: %+v", res)
	}
	clk.advance(CacheTTL - time.Second)
	if res := run(); !res.Cached || res.Stdout != "call 1\n" {
		t.Fatalf("within the TTL: %+v", res)
	}
	clk.advance(2 * time.Second)
	if res := run(); res.Cached || res.Stdout != "call 2\n" {
		t.Fatalf("after the TTL: %+v", res)
	}
	if calls.Load() != 2 {
		t.Errorf("ran %d times, want 2", calls.Load())
	}
}

func TestRunSingleFlight(t *testing.T) {
	var calls atomic.Int32
	started, release := make(chan struct{}), make(chan struct{})
	r := testRunner(Spec{ID: "slow", Run: func(context.Context, *Env) (Output, error) {
		calls.Add(1)
		close(started)
		<-release
		return Output{Stdout: "done\n"}, nil
	}})
	var wg sync.WaitGroup
	results := make([]rpc.ProbeResult, 8)
	wg.Go(func() { results[0], _ = r.Run(context.Background(), "slow") })
	<-started
	for i := 1; i < len(results); i++ {
		wg.Go(func() { results[i], _ = r.Run(context.Background(), "slow") })
	}
	close(release)
	wg.Wait()
	if calls.Load() != 1 {
		t.Fatalf("ran %d times for %d concurrent callers, want 1", calls.Load(), len(results))
	}
	for i, res := range results {
		if !res.OK() || res.Stdout != "done\n" {
			t.Errorf("caller %d: %+v", i, res)
		}
	}
}

func TestRunCallerGivesUp(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	r := testRunner(Spec{ID: "slow", Run: func(context.Context, *Env) (Output, error) {
		<-release
		return Output{}, nil
	}})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := r.Run(ctx, "slow")
	if err != nil || res.ExitCode != ExitFailed || !strings.Contains(res.Stderr, "canceled") {
		t.Errorf("canceled caller: %+v, %v", res, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	res, err = r.Run(ctx, "slow")
	if err != nil || res.ExitCode != ExitTimeout || !strings.HasPrefix(res.Stderr, "timed out after ") {
		t.Errorf("caller past its deadline: %+v, %v", res, err)
	}
}

func TestRunTruncatesStdoutAtALine(t *testing.T) {
	var full strings.Builder
	for i := 0; full.Len() <= MaxStdoutBytes+100; i++ {
		fmt.Fprintf(&full, "line %06d of the output\n", i)
	}
	r := testRunner(Spec{ID: "big", Run: func(context.Context, *Env) (Output, error) {
		return Output{Stdout: full.String(), Data: []int{1, 2, 3}}, nil
	}})
	res, _ := r.Run(context.Background(), "big")
	if !res.OK() || !res.Truncated || len(res.Stdout) > MaxStdoutBytes || !strings.HasSuffix(res.Stdout, " output\n") ||
		!strings.HasPrefix(full.String(), res.Stdout) || len(res.Stdout) < MaxStdoutBytes-30-jsonLen(res.Stdout)+len(res.Stdout) ||
		res.Stderr != "stdout cut at a line to the 24 KiB bound" {
		t.Fatalf("truncated=%v len=%d tail=%q", res.Truncated, len(res.Stdout), res.Stdout[max(0, len(res.Stdout)-30):])
	}
	if !slices.Equal(res.Data.([]int), []int{1, 2, 3}) {
		t.Errorf("data was changed: %v", res.Data)
	}
	if s, cut := capStdout("héllo", 2); s != "h" || !cut {
		t.Errorf("one long line is cut at a rune boundary: %q %v", s, cut)
	}
}

func TestRunRecoversPanics(t *testing.T) {
	var calls atomic.Int32
	r := testRunner(
		Spec{ID: "boom", Run: func(context.Context, *Env) (Output, error) { panic("index out of range [3]") }},
		Spec{ID: "fine", Run: countingProbe(&calls)},
	)
	res, err := r.Run(context.Background(), "boom")
	if err != nil || res.ExitCode != ExitFailed || res.Stderr != "cannot run probe boom: internal error: index out of range [3]" {
		t.Fatalf("res = %+v, err = %v", res, err)
	}
	if res, _ := r.Run(context.Background(), "fine"); !res.OK() {
		t.Errorf("the runner broke after a panic: %+v", res)
	}
}

func TestRunManyOrderAndEvents(t *testing.T) {
	release := make(chan struct{})
	r := testRunner(
		// a finishes last, so the order of results cannot come from timing.
		Spec{ID: "a", Run: func(context.Context, *Env) (Output, error) { <-release; return Output{Stdout: "a"}, nil }},
		Spec{ID: "b", Run: func(context.Context, *Env) (Output, error) { return Output{Stdout: "b"}, nil }},
		Spec{ID: "c", Run: func(context.Context, *Env) (Output, error) { return Output{}, errors.New("cannot c") }},
	)
	var mu sync.Mutex
	var events []ProbeEvent
	done := 0
	results := r.RunMany(context.Background(), []string{"b", "a", "b", "nope", "c"}, func(ev ProbeEvent) {
		mu.Lock()
		defer mu.Unlock()
		events = append(events, ev)
		if ev.Kind == rpc.EventProbeComplete {
			if done++; done == 3 {
				close(release) // b, nope and c are complete: now let a finish
			}
		}
	})
	var got []string
	for _, res := range results {
		got = append(got, res.Probe+"="+res.Stdout+res.Stderr)
	}
	want := []string{"b=b", "a=a", `nope=cannot run probe "nope": not in the allowlist`, "c=cannot c"}
	if !slices.Equal(got, want) {
		t.Fatalf("results %q, want %q", got, want)
	}
	if results[2].ExitCode != ExitFailed || results[3].ExitCode != ExitFailed {
		t.Errorf("exit codes %d %d, want %d", results[2].ExitCode, results[3].ExitCode, ExitFailed)
	}
	if len(events) != 8 {
		t.Fatalf("%d events, want 8: %+v", len(events), events)
	}
	running := map[string]bool{}
	for _, ev := range events {
		switch ev.Kind {
		case rpc.EventProbeRunning:
			running[ev.Probe] = true
		case rpc.EventProbeComplete:
			if !running[ev.Probe] || ev.Result == nil || ev.Result.Probe != ev.Probe {
				t.Errorf("complete event out of order or without result: %+v", ev)
			}
		}
	}
	if events[len(events)-1].Probe != "a" {
		t.Errorf("last event is for %q, want a", events[len(events)-1].Probe)
	}
}

func TestRunManyTotalTimeout(t *testing.T) {
	r := testRunner(
		Spec{ID: "stuck", Run: func(ctx context.Context, _ *Env) (Output, error) { <-ctx.Done(); return Output{}, ctx.Err() }},
		Spec{ID: "quick", Run: func(context.Context, *Env) (Output, error) { return Output{Stdout: "ok"}, nil }},
	)
	r.total = 30 * time.Millisecond // below the per-probe timeout
	results := r.RunMany(context.Background(), []string{"stuck", "quick"}, nil)
	if results[0].ExitCode != ExitTimeout || results[0].Stderr != "timed out: the 30ms budget for all probes ran out" {
		t.Errorf("stuck: %+v", results[0])
	}
	if !results[1].OK() || results[1].Stdout != "ok" {
		t.Errorf("quick: %+v", results[1])
	}
}

func TestRunnerConcurrentUse(t *testing.T) {
	var calls atomic.Int32
	r := testRunner(Spec{ID: "x", Run: countingProbe(&calls)}, Spec{ID: "y", Run: countingProbe(&calls)})
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for _, res := range r.RunMany(context.Background(), []string{"x", "y"}, func(ProbeEvent) {}) {
				if !res.OK() {
					t.Errorf("%+v", res)
				}
			}
		})
	}
	wg.Wait()
	if n := calls.Load(); n != 2 {
		t.Errorf("ran %d times, want 2: the rest come from the cache or share a flight", n)
	}
}
