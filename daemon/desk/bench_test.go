package desk

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/daemon/brain"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm"
	"github.com/jjgarcianorway/anna-assistant/daemon/llmqueue"
	"github.com/jjgarcianorway/anna-assistant/daemon/session"
	"github.com/jjgarcianorway/anna-assistant/daemon/translator"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// instantLLM answers at once, in process: what remains of a request's time
// is the desk's own work (parsing, probes from cache, prompt, supervisor).
type instantLLM struct{}

func (instantLLM) Model() string { return "instant" }

func (instantLLM) Chat(_ context.Context, ch llm.Chat, onChunk func(string)) (llm.Reply, error) {
	if !bytes.Contains(ch.Format, []byte(`"facts"`)) {
		return llm.Reply{Content: translator.Encode(translator.Keywords("what is using my memory?"))}, nil
	}
	answer := `{"facts": [{"line": 2, "subject": "root", "field": "PID", "value": "1"}], "advice": [], "missing": ""}`
	if onChunk != nil {
		for _, w := range strings.SplitAfter(answer, " ") {
			onChunk(w)
		}
	}
	return llm.Reply{Content: answer}, nil
}

// BenchmarkPipelineOverhead runs the whole desk with an instant model on
// this host's real probes (cached after the first request, as within the
// spec's 30 s TTL) and reports the median and 99th percentile.
func BenchmarkPipelineOverhead(b *testing.B) {
	d := New(Options{
		LLM: instantLLM{}, Probes: probes.NewRunner(&probes.Env{Layout: dirs.Host}), Sessions: session.NewStore(),
		Hardware: func() rpc.Hardware {
			return rpc.Hardware{CPUModel: "test", Cores: 2, Threads: 2, RAMTotalBytes: 8 << 30}
		},
		Version: "0.1.0",
	})
	ctx := context.Background()
	q := llmqueue.New(llmqueue.Options{})
	var took []time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		place, err := q.Admit(0)
		if err != nil {
			b.Fatal(err)
		}
		a, err := d.Ask(ctx, place, rpc.RequestParams{Text: "what is using my memory?", RequestID: "b"}, nil)
		place.Done()
		if err != nil || a.ReliabilityScore == 0 {
			b.Fatalf("%v %+v", err, a)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
}

// fastQuestions ask for every fact the brain answers, one question per
// intent.
var fastQuestions = []string{
	"how much ram do I have", "how much memory is available", "what cpu do I have", "how many cores do I have",
	"how much disk space is free", "which process uses the most memory", "which process uses the most cpu",
	"what is my ip address", "what is my default gateway", "what ports are open", "is anything listening on port 22",
	"failed services", "what gpu do I have", "are you ok?", "enable debug mode", "turn debug off",
	"is debug mode on?", "what version are you",
}

// BenchmarkFastPath is one fast-path request through the desk on this
// host's real probes, for every intent, and reports the median and 99th
// percentile, and the process's CPU time per request (cpu-ms/op, the
// figure least distorted by other load on the machine). The fresh probes (memory, processes, ports, failed units)
// really run every time; disk usage, addresses and routes may come from
// the 30 s cache, as in annad. failed_services fails here (no systemd
// connection): its answer says so.
func BenchmarkFastPath(b *testing.B) {
	for _, text := range fastQuestions {
		in, ok := brain.Match(text)
		if !ok {
			b.Fatalf("%q is not a fast-path question", text)
		}
		b.Run(in.String(), func(b *testing.B) {
			var now atomic.Int64
			now.Store(time.Now().UnixNano())
			// The clock moves past FreshAge before each request, so the
			// fresh probes really run every time.
			r := probes.NewRunner(&probes.Env{Layout: dirs.Host}, probes.WithClock(func() time.Time { return time.Unix(0, now.Load()) }))
			m := &countingLLM{}
			d := fastDesk(r, m)
			q := llmqueue.New(llmqueue.Options{})
			var took []time.Duration
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				now.Add(int64(2 * probes.FreshAge))
				start := time.Now()
				a := askFast(b, d, q, text)
				took = append(took, time.Since(start))
				if a.Origin != rpc.OriginBrain {
					b.Fatalf("%q took the LLM path", text)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
			if m.n.Load() != 0 {
				b.Fatal("the fast path called the LLM")
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}

// cpuTime is the CPU time this process has used so far.
func cpuTime() time.Duration {
	var ru unix.Rusage
	_ = unix.Getrusage(unix.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
