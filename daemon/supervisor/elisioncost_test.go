package supervisor

import (
	"strings"
	"testing"
)

// TestElisionCost: a quotation with a word the evidence lacks is no
// shortened quotation of it, and costs no pass over the evidence's lines
// (no copy of them, no setup of the search).
func TestElisionCost(t *testing.T) {
	text := strings.Repeat("kernel: usb 1-1: new high-speed usb device number 2 using xhci_hcd\n", 2000)
	c := claim{key: "kernel: usb 1-1: new full-speed usb device number 2 using xhci_hcd", textual: true}
	allocs := testing.AllocsPerRun(20, func() {
		if hasTextElided(text, c) {
			t.Fatal("a quotation with a word the evidence lacks found")
		}
	})
	if words := len(plainWords(c.key)); allocs > float64(words+2) {
		t.Errorf("%v allocations for a %d-word quotation the evidence cannot hold", allocs, words)
	}
}
