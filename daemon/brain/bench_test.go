package brain

import (
	"slices"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/probes"
)

// benchQuestions are typical fast-path questions, answered in turn.
var benchQuestions = []string{
	"how much ram do I have", "which process uses the most memory", "what is my ip address",
	"is anything listening on port 22", "how much free disk space do I have", "what cpu do I have",
}

// BenchmarkMatch measures the matcher alone over typical questions.
func BenchmarkMatch(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, ok := Match(benchQuestions[i%len(benchQuestions)]); !ok {
			b.Fatal("no match")
		}
	}
}

// BenchmarkMatchReject measures a question that goes to the LLM: the
// cost every other request pays for the fast path.
func BenchmarkMatchReject(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := Match("why does firefox use so much memory when I open many tabs"); ok {
			b.Fatal("matched")
		}
	}
}

// BenchmarkMatchCompose measures Match and Compose together from probe
// results already read (the probes' own cost is in probes' benchmarks),
// and reports the median and 99th percentile of single answers.
func BenchmarkMatchCompose(b *testing.B) {
	host := hostResults(b, probes.MemoryInfo, probes.TopMemory, probes.TopCPU)
	in := Input{Results: append(host, diskResult, addrResult, routeResult, portResult, failedResult),
		Hardware: fixtureHardware, Version: "0.1.0"}
	var took []time.Duration
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		it, ok := Match(benchQuestions[i%len(benchQuestions)])
		if !ok {
			b.Fatal("no match")
		}
		if Compose(it, in).Text == "" {
			b.Fatal("empty answer")
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "p50-ns")
	b.ReportMetric(float64(took[len(took)*99/100].Nanoseconds()), "p99-ns")
}
