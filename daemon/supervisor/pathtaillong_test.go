package supervisor

import (
	"strings"
	"testing"
)

// TestPathTailLongToken: a token of many segments holds no API path's
// tail. How long the search takes is BenchmarkPathTailLongToken's to
// measure (a 120 KB token took seconds when each hit walked back to the
// token's start; maxAPIPrefix bounds that walk), not a unit test's.
func TestPathTailLongToken(t *testing.T) {
	ix := newIndex("path " + strings.Repeat("/x", 60000) + "\n")
	if ix.hasPathTail("/x") {
		t.Error(`"/x" found as the tail of an API path`)
	}
}

func BenchmarkPathTailLongToken(b *testing.B) {
	ix := newIndex("path " + strings.Repeat("/x", 60000) + "\n")
	for b.Loop() {
		ix.hasPathTail("/x")
	}
}
