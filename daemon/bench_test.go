package daemon_test

import (
	"context"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// BenchmarkStatusRoundTrip measures one `status` call over the real socket
// on an open connection (what annactl's second call costs).
func BenchmarkStatusRoundTrip(b *testing.B) {
	d := daemontest.Start(b, daemontest.Options{})
	c := d.Client(b)
	ctx := context.Background()
	if _, err := c.Status(ctx); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Status(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStatusFreshConnection includes dial and SO_PEERCRED, as a
// one-shot `annactl status` pays them.
func BenchmarkStatusFreshConnection(b *testing.B) {
	d := daemontest.Start(b, daemontest.Options{})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		c := rpc.NewClient(d.Socket)
		if _, err := c.Status(ctx); err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
}

// BenchmarkRequestPipeline is the desk's own overhead with an instant fake
// model: translator call, probes (cached after the first run), specialist
// call, supervisor, over the socket.
func BenchmarkRequestPipeline(b *testing.B) {
	d := daemontest.Start(b, daemontest.Options{})
	c := d.Client(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Request(ctx, rpc.RequestParams{Text: "what is using my memory?"}); err != nil {
			b.Fatal(err)
		}
	}
}
