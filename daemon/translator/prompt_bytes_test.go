package translator

import (
	"context"
	"slices"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/specialist"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/hardware"
	"github.com/jjgarcianorway/anna-assistant/probes"
)

// promptBytes builds, for every routing query, the translator prompt and
// the specialist prompt over this host's real probe output, and returns
// their sizes.
func promptBytes(t testing.TB) (translatorBytes, specialistBytes []int) {
	ctx := context.Background()
	hw, err := hardware.Take(ctx, dirs.Host)
	if err != nil {
		t.Fatal(err)
	}
	runner := probes.NewRunner(&probes.Env{Layout: dirs.Host})
	for _, r := range routes {
		n := 0
		for _, m := range Messages(r.query, nil) {
			n += len(m.Content)
		}
		translatorBytes = append(translatorBytes, n)
		tk := Keywords(r.query)
		p, err := specialist.Build(specialist.Brief{
			Domain: tk.Domain, Question: r.query, Ticket: tk, Hardware: hw, Version: "0.1.0",
			Probes: runner.RunMany(ctx, tk.NeedsProbes, nil),
		})
		if err != nil {
			t.Fatal(err)
		}
		specialistBytes = append(specialistBytes, p.Bytes)
	}
	return translatorBytes, specialistBytes
}

// No LLM request over the routing table exceeds the prompt budget, with
// this machine's real probe output.
func TestPromptBudgetOverRoutingTable(t *testing.T) {
	tr, sp := promptBytes(t)
	for i := range routes {
		if tr[i] > specialist.MaxPromptBytes || sp[i] > specialist.MaxPromptBytes {
			t.Errorf("%q: translator %d bytes, specialist %d bytes", routes[i].query, tr[i], sp[i])
		}
	}
}

// BenchmarkPromptBytes reports prompt sizes over the routing table (the
// time per op is irrelevant; the metrics are the point).
func BenchmarkPromptBytes(b *testing.B) {
	var tr, sp []int
	for b.Loop() {
		tr, sp = promptBytes(b)
	}
	report := func(name string, v []int) {
		v = slices.Clone(v)
		slices.Sort(v)
		b.ReportMetric(float64(v[len(v)/2]), name+"-median-bytes")
		b.ReportMetric(float64(v[len(v)-1]), name+"-max-bytes")
	}
	report("translator", tr)
	report("specialist", sp)
	b.ReportMetric(float64(len(routes)), "queries")
}
