package server

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
)

// What a method defers with AfterReply runs only once its caller has the
// reply: here it waits for the test to read the reply, which it could not
// if it ran first.
func TestAfterReplyRunsOnceTheReplyIsWritten(t *testing.T) {
	read := make(chan struct{})
	ran := make(chan bool, 1)
	ts := startServer(t, func(o *Options) {
		o.Methods["stop"] = Method{Access: peer.AccessRead, Handle: func(ctx context.Context, _ json.RawMessage) (any, error) {
			ok := AfterReply(ctx, func() {
				select {
				case <-read:
					ran <- true
				case <-time.After(20 * time.Second):
					ran <- false
				}
			})
			return ok, nil
		}}
	})
	c := ts.dial(t)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"stop"}`)
	resp := c.recv()
	close(read)
	if resp.Error != nil || string(resp.Result) != "true" {
		t.Fatalf("reply %+v", resp)
	}
	if !<-ran {
		t.Fatal("the deferred function ran before the reply was written")
	}
	if AfterReply(context.Background(), func() {}) {
		t.Fatal("AfterReply accepted a context that is not a request's")
	}
}
