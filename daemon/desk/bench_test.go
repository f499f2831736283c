package desk

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

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
	if len(ch.Format) > 0 {
		return llm.Reply{Content: translator.Encode(translator.Keywords("what is using my memory?"))}, nil
	}
	answer := "From top_memory: the first row shows the largest process."
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
