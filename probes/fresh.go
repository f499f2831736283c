package probes

import (
	"context"
	"time"
)

// FreshAge is how old a result a fresh read accepts: the service desk's
// fast path quotes memory, CPU and process figures read for the question,
// so it takes a cached result or joins an execution only when it is at
// most this old.
const FreshAge = time.Second

// freshKey carries the predicate of WithFresh in a context.
type freshKey struct{}

// WithFresh returns a context under which Run and RunMany serve the probes
// that fresh reports true for from a result at most FreshAge old instead of
// CacheTTL: from the cache when its entry is that young, by joining an
// execution that began at most FreshAge ago, or else by a new execution.
// Other probes keep the 30 s cache. The fresh result is cached as usual, so
// it serves later callers too. A context value rather than a parameter,
// because it travels through RunMany to each Run without changing the
// signature every caller and test double implements.
func WithFresh(ctx context.Context, fresh func(id string) bool) context.Context {
	return context.WithValue(ctx, freshKey{}, fresh)
}

// maxAge is the age up to which a result of id may be reused under ctx.
func maxAge(ctx context.Context, id string) time.Duration {
	if fresh, ok := ctx.Value(freshKey{}).(func(string) bool); ok && fresh != nil && fresh(id) {
		return FreshAge
	}
	return CacheTTL
}

// briefCtx marks a context made by WithBrief.
type briefCtx struct{}

// briefKey tells a brief result from a full one in the runner's cache and
// flights.
const briefKey = "#brief"

// WithBrief returns a context under which Run and RunMany serve the probes
// that have a brief form (Spec.Brief: top_memory and top_cpu) with it: the
// first BriefRows rows, read at a fraction of the cost of the whole
// listing. Brief results are cached and shared apart from full ones, so a
// caller without WithBrief (the LLM path) never gets one. WithFresh
// applies to them as to full results.
func WithBrief(ctx context.Context) context.Context {
	return context.WithValue(ctx, briefCtx{}, true)
}

// brief reports whether ctx was made by WithBrief.
func brief(ctx context.Context) bool {
	on, _ := ctx.Value(briefCtx{}).(bool)
	return on
}
