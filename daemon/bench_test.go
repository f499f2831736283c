package daemon_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
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
		if _, err := c.Request(ctx, rpc.RequestParams{Text: "why is memory usage high?"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRequestsInFlight is issue 7's load: 64 connections, each with 16
// requests pipelined, against a fake Ollama that takes 100 ms per chat. It
// reports the process's peak RSS (VmHWM: annad, the fake and the clients
// together, so an upper bound for annad), how many requests were answered
// and how many were told busy. Run it alone, once:
//
//	go test -run '^$' -bench RequestsInFlight -benchtime 1x ./daemon/
func BenchmarkRequestsInFlight(b *testing.B) {
	const conns, perConn = 64, 16
	fake := ollamatest.New(b)
	fake.OnChat(func(req *api.ChatRequest) ollamatest.Reply {
		r := daemontest.Grounded(req)
		r.Delay = 100 * time.Millisecond
		return r
	})
	d := daemontest.Start(b, daemontest.Options{Ollama: fake, Config: "[daemon]\nmax_connections = 64\n"})
	for b.Loop() {
		var answered, busy, other atomic.Int64
		var wg sync.WaitGroup
		start := time.Now()
		for range conns {
			c := rpc.NewClient(d.Socket)
			for range perConn {
				wg.Go(func() {
					ctx, cancel := context.WithTimeout(context.Background(), rpc.RequestTimeout)
					defer cancel()
					_, err := c.Request(ctx, rpc.RequestParams{Text: "why is memory usage high?"})
					switch rpc.KindOf(err) {
					case "":
						answered.Add(1)
					case rpc.KindBusy:
						busy.Add(1)
					default:
						other.Add(1)
					}
				})
			}
			defer c.Close()
		}
		wg.Wait()
		b.ReportMetric(float64(answered.Load()), "answered")
		b.ReportMetric(float64(busy.Load()), "busy")
		b.ReportMetric(float64(other.Load()), "failed")
		b.ReportMetric(time.Since(start).Seconds(), "wall-s")
	}
	b.ReportMetric(float64(peakRSS(b))/(1<<20), "peak-RSS-MiB")
}

// peakRSS reads the process's high-water resident set from procfs.
func peakRSS(b *testing.B) int64 {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Fatal(err)
	}
	for line := range strings.Lines(string(raw)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				b.Fatal(err)
			}
			return kb << 10
		}
	}
	b.Fatal("no VmHWM in /proc/self/status")
	return 0
}
