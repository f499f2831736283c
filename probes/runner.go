package probes

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Runner runs allowlisted probes under the spec's deadlines, keeps
// successful results for CacheTTL, and shares one execution between
// concurrent callers of the same probe. It is safe for concurrent use.
//
// A probe function runs in its own goroutine under a context that the
// caller cannot cancel: the execution may be shared with other callers and
// its result is worth caching, so only PerProbeTimeout ends it. A caller
// whose own context ends first stops waiting and gets a failed result at
// once; the execution finishes (or times out) in the background.
type Runner struct {
	env      *Env
	specs    map[string]Spec
	allowed  []string // probe IDs for the hint of probe_unknown, allowlist order
	now      func() time.Time
	perProbe time.Duration
	total    time.Duration

	mu      sync.Mutex
	cache   map[string]cacheEntry
	flights map[string]*flight
}

// cacheEntry is a successful result and when it was produced.
type cacheEntry struct {
	res rpc.ProbeResult
	at  time.Time
}

// flight is one execution of a probe that any number of callers wait on.
type flight struct {
	done    chan struct{} // closed once res is set
	res     rpc.ProbeResult
	started time.Time // by r.now, before the probe began to read
}

// Option configures a Runner.
type Option func(*Runner)

// WithClock makes the runner age cache entries by now instead of
// time.Now, so tests can step over CacheTTL without sleeping. Timing of
// probe executions (TimingMS) always uses the real clock.
func WithClock(now func() time.Time) Option {
	return func(r *Runner) { r.now = now }
}

// ProbeEvent reports one step of RunMany: a probe started or finished.
type ProbeEvent struct {
	// Kind is rpc.EventProbeRunning when the probe starts and
	// rpc.EventProbeComplete when its result is ready.
	Kind rpc.EventKind
	// Probe is the probe ID.
	Probe string
	// Result is set on rpc.EventProbeComplete and nil before.
	Result *rpc.ProbeResult
}

// budgetExceeded is the cause RunMany gives its context, so a probe still
// waited on when the budget runs out says which deadline it missed.
type budgetExceeded time.Duration

func (b budgetExceeded) Error() string {
	return fmt.Sprintf("the %v budget for all probes ran out", time.Duration(b))
}

// NewRunner returns a runner over the whole allowlist, reading from env. A
// nil env means the running host: dirs.Host, no systemd connection (so
// failed_services fails saying so), and the journal files under
// dirs.Host.
func NewRunner(env *Env, opts ...Option) *Runner {
	specs := make([]Spec, 0, len(IDs))
	for _, id := range IDs {
		if s, ok := Lookup(id); ok {
			specs = append(specs, s)
		}
	}
	return newRunner(env, specs, opts...)
}

// newRunner builds a runner over the given specs; tests use it to run
// probe functions of their own without touching the registry.
func newRunner(env *Env, specs []Spec, opts ...Option) *Runner {
	if env == nil {
		env = &Env{Layout: dirs.Host}
	}
	r := &Runner{
		env:      env,
		specs:    make(map[string]Spec, len(specs)),
		now:      time.Now,
		perProbe: PerProbeTimeout,
		total:    TotalTimeout,
		cache:    make(map[string]cacheEntry),
		flights:  make(map[string]*flight),
	}
	for _, s := range specs {
		r.specs[s.ID] = s
	}
	for _, id := range IDs {
		if _, ok := r.specs[id]; ok {
			r.allowed = append(r.allowed, id)
		}
	}
	for _, s := range specs {
		if !slices.Contains(r.allowed, s.ID) {
			r.allowed = append(r.allowed, s.ID)
		}
	}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Run runs one probe. An ID outside the allowlist is refused with an
// *rpc.Error of kind rpc.KindProbeUnknown whose hint lists the allowed IDs.
// Any other call returns a result and a nil error; the probe's own failure
// is in the result, never faked over:
//
//   - success: ExitCode ExitOK, Stdout rendered like Command (cut at a line
//     boundary to MaxStdoutBytes), Data the typed rows (cut to
//     MaxDataBytes); when a bound left anything out, Truncated is set and
//     Stderr says what;
//   - failure or panic: ExitCode ExitFailed, Stderr the reason;
//   - no answer within PerProbeTimeout: ExitCode ExitTimeout, Stderr
//     "timed out after 4s";
//   - ctx ended before the result: ExitTimeout for a deadline, ExitFailed
//     for a cancellation, with Stderr saying which.
//
// A successful result younger than CacheTTL is returned again with Cached
// set (TimingMS is that of the original run). Failures are not cached: they
// are cheap to retry, and a source that comes back (a restarted bus) must
// be seen at once. Concurrent calls for the same ID share one execution.
// Callers must treat Data as read-only: cached results share it.
func (r *Runner) Run(ctx context.Context, id string) (rpc.ProbeResult, error) {
	spec, ok := r.specs[id]
	if !ok {
		return rpc.ProbeResult{}, r.unknown(id)
	}
	return r.run(ctx, spec), nil
}

// RunMany runs the probes in ids in parallel, each under PerProbeTimeout and
// all under TotalTimeout (or ctx, when it ends first), and returns one
// result per distinct ID in the order of first appearance. Duplicates are
// collapsed. An ID outside the allowlist is not an error here (callers
// validate IDs earlier): it yields a failed result (ExitFailed) whose
// Stderr says it is not allowed, so the evidence still shows what was asked.
//
// observe, when not nil, is called with rpc.EventProbeRunning before each
// probe starts and rpc.EventProbeComplete once its result is ready. Calls
// come from several goroutines but never overlap (RunMany serializes them),
// each probe's running event precedes its complete event, and no call
// happens after RunMany returns. observe should return quickly: probes wait
// for it.
func (r *Runner) RunMany(ctx context.Context, ids []string, observe func(ev ProbeEvent)) []rpc.ProbeResult {
	ctx, cancel := context.WithTimeoutCause(ctx, r.total, budgetExceeded(r.total))
	defer cancel()
	var uniq []string
	for _, id := range ids {
		if !slices.Contains(uniq, id) {
			uniq = append(uniq, id)
		}
	}
	var omu sync.Mutex
	emit := func(ev ProbeEvent) {
		if observe == nil {
			return
		}
		omu.Lock()
		defer omu.Unlock()
		observe(ev)
	}
	results := make([]rpc.ProbeResult, len(uniq))
	var wg sync.WaitGroup
	for i, id := range uniq {
		wg.Go(func() {
			emit(ProbeEvent{Kind: rpc.EventProbeRunning, Probe: id})
			res, err := r.Run(ctx, id)
			if err != nil {
				res = rpc.ProbeResult{Probe: id, ExitCode: ExitFailed, Stderr: err.Error()}
			}
			results[i] = res
			emit(ProbeEvent{Kind: rpc.EventProbeComplete, Probe: id, Result: &res})
		})
	}
	wg.Wait()
	return results
}

func (r *Runner) unknown(id string) *rpc.Error {
	return rpc.Errorf(rpc.KindProbeUnknown, "cannot run probe %q: not in the allowlist", id).
		WithHint("use one of: " + strings.Join(r.allowed, ", "))
}

// run answers from the cache, joins the execution in flight, or starts one.
// Under WithFresh, a result or an execution older than FreshAge is not
// reused. Under WithBrief, a probe with a brief form runs that instead,
// cached and shared apart from its full form.
func (r *Runner) run(ctx context.Context, spec Spec) rpc.ProbeResult {
	start := time.Now()
	limit := maxAge(ctx, spec.ID)
	key := spec.ID
	if spec.Brief != nil && brief(ctx) {
		key, spec.Run = spec.ID+briefKey, spec.Brief
	}
	r.mu.Lock()
	now := r.now()
	if c, ok := r.cache[key]; ok {
		age := now.Sub(c.at)
		if age >= 0 && age < limit {
			r.mu.Unlock()
			res := c.res
			res.Cached = true
			return res
		}
		if age < 0 || age >= CacheTTL {
			delete(r.cache, key)
		}
	}
	f, ok := r.flights[key]
	if !ok || now.Sub(f.started) > limit {
		// A flight too old for this caller keeps running for those who
		// joined it; this one replaces it for newcomers.
		f = &flight{done: make(chan struct{}), started: now}
		r.flights[key] = f
		go r.fly(context.WithoutCancel(ctx), key, spec, f)
	}
	r.mu.Unlock()

	select {
	case <-f.done:
		return f.res
	case <-ctx.Done():
	}
	// The result may have landed at the same moment; prefer it.
	select {
	case <-f.done:
		return f.res
	default:
	}
	res := rpc.ProbeResult{Probe: spec.ID, Command: spec.Command, Source: spec.Source,
		TimingMS: time.Since(start).Milliseconds()}
	cause := context.Cause(ctx)
	switch {
	case errors.As(cause, new(budgetExceeded)):
		res.ExitCode, res.Stderr = ExitTimeout, "timed out: "+cause.Error()
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		res.ExitCode, res.Stderr = ExitTimeout, fmt.Sprintf("timed out after %v: the caller's deadline passed", time.Since(start).Round(time.Millisecond))
	default:
		res.ExitCode, res.Stderr = ExitFailed, "canceled before the probe finished"
	}
	return res
}

// fly executes spec once for every caller waiting on f, then caches a
// success under key and retires the flight.
func (r *Runner) fly(ctx context.Context, key string, spec Spec, f *flight) {
	res := r.execute(ctx, spec)
	r.mu.Lock()
	if r.flights[key] == f {
		delete(r.flights, key)
	}
	// A result's age counts from when its execution began, and a newer
	// result in the cache is never replaced by an older one.
	if c, ok := r.cache[key]; res.ExitCode == ExitOK && (!ok || !c.at.After(f.started)) {
		r.cache[key] = cacheEntry{res: res, at: f.started}
	}
	f.res = res
	close(f.done)
	r.mu.Unlock()
}

// outcome is what a probe function returned, or the panic it raised.
type outcome struct {
	out Output
	err error
}

// execute runs the probe function under PerProbeTimeout. The function runs
// in its own goroutine so that one ignoring its context still cannot hold
// the caller past the deadline, and a panic becomes a failed result instead
// of killing the daemon.
func (r *Runner) execute(parent context.Context, spec Spec) rpc.ProbeResult {
	ctx, cancel := context.WithTimeout(parent, r.perProbe)
	defer cancel()
	start := time.Now()
	res := rpc.ProbeResult{Probe: spec.ID, Command: spec.Command, Source: spec.Source}
	ch := make(chan outcome, 1)
	go func() {
		defer recovered("run probe "+spec.ID, func(err error) { ch <- outcome{err: err} })
		out, err := spec.Run(ctx, r.env)
		ch <- outcome{out: out, err: err}
	}()
	var o outcome
	select {
	case o = <-ch:
	case <-ctx.Done():
		o.err = ctx.Err()
	}
	res.TimingMS = time.Since(start).Milliseconds()
	switch {
	case o.err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded):
		res.ExitCode, res.Stderr = ExitTimeout, fmt.Sprintf("timed out after %v", r.perProbe)
	case o.err != nil:
		res.ExitCode, res.Stderr = ExitFailed, boundStderr(o.err.Error())
	default:
		res.ExitCode = ExitOK
		var notes []string
		var cut bool
		if res.Stdout, cut = capStdout(o.out.Stdout, MaxStdoutBytes); cut {
			notes = append(notes, fmt.Sprintf("stdout cut at a line to the %d KiB bound", MaxStdoutBytes>>10))
		}
		var note string
		if res.Data, note = fitData(o.out.Data, MaxDataBytes); note != "" {
			notes = append(notes, note)
		}
		for _, n := range o.out.Notes {
			notes = append(notes, Sanitize(n, MaxStderrBytes/4))
		}
		res.Truncated = len(notes) > 0
		res.Stderr = boundStderr(strings.Join(notes, "\n"))
	}
	return res
}

// boundStderr sanitizes a reason or the notes of a result (errors quote
// paths and names) and bounds them to MaxStderrBytes of JSON.
func boundStderr(s string) string {
	s, _ = sanitize(s, MaxStderrBytes, true)
	s, _ = cutEncoded(s, MaxStderrBytes, false)
	return s
}
