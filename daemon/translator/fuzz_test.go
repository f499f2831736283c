package translator

import (
	"slices"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// FuzzKeywords checks that any text gives a valid ticket that Validate
// leaves unchanged. Seeds: testdata/fuzz/FuzzKeywords and the routing table.
func FuzzKeywords(f *testing.F) {
	for _, r := range routes {
		f.Add(r.query)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tk := Keywords(text)
		if !slices.Contains(rpc.Domains, tk.Domain) {
			t.Fatalf("domain %q", tk.Domain)
		}
		if !slices.Contains([]string{rpc.IntentQuestion, rpc.IntentRequest, rpc.IntentInvestigate}, tk.Intent) {
			t.Fatalf("intent %q", tk.Intent)
		}
		for _, p := range tk.NeedsProbes {
			if !slices.Contains(probes.IDs, p) {
				t.Fatalf("probe %q not in the allowlist", p)
			}
		}
		if tk.Confidence < 0 || tk.Confidence > 1 || tk.Confidence != tk.Confidence {
			t.Fatalf("confidence %v", tk.Confidence)
		}
		if tk.ClarificationQuestion != nil && tk.Confidence > MaxClarifyConfidence {
			t.Fatalf("confident ticket asks back: %+v", tk)
		}
		if v := Validate(tk); !equalTickets(v, tk) {
			t.Fatalf("Validate changed %+v to %+v", tk, v)
		}
	})
}
