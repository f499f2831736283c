package server

import (
	"context"
	"sync"
)

type afterKey struct{}

// afterReply holds what a method asked to run once its reply is written.
type afterReply struct {
	mu  sync.Mutex
	fns []func()
}

// AfterReply arranges for f to run once the reply to the request whose
// context is ctx has been written (or could not be), so a method can act
// after its caller has the answer: uninstall stops annad that way. It
// reports false when ctx is not a request's.
func AfterReply(ctx context.Context, f func()) bool {
	a, ok := ctx.Value(afterKey{}).(*afterReply)
	if !ok {
		return false
	}
	a.mu.Lock()
	a.fns = append(a.fns, f)
	a.mu.Unlock()
	return true
}

func (a *afterReply) run() {
	a.mu.Lock()
	fns := a.fns
	a.fns = nil
	a.mu.Unlock()
	for _, f := range fns {
		f()
	}
}
