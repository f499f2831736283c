// Package rpctest drives annad's socket with many clients at once, for the
// load tests and benchmarks of the server and the daemon.
package rpctest

import (
	"context"
	"sync"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Outcome is what one client of a flood saw: how long its call took and
// how it ended.
type Outcome struct {
	Latency time.Duration
	Err     error
}

// Flood starts n clients at once, each making one call on a fresh
// connection with the real rpc.Client, as a one-shot annactl does, and
// returns what each saw. A minute per call guards against a hang.
func Flood(sock string, n int, call func(context.Context, *rpc.Client) error) []Outcome {
	out := make([]Outcome, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			c := rpc.NewClient(sock)
			defer c.Close()
			t0 := time.Now()
			err := call(ctx, c)
			out[i] = Outcome{Latency: time.Since(t0), Err: err}
		})
	}
	close(start)
	wg.Wait()
	return out
}
