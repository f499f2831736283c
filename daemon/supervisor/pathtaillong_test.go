package supervisor

import (
	"strings"
	"testing"
	"time"
)

// TestPathTailLongToken: a path tail is looked for in linear time; a long
// token of many segments does not make each hit walk back to its start.
func TestPathTailLongToken(t *testing.T) {
	ix := newIndex("path " + strings.Repeat("/x", 60000) + "\n")
	done := make(chan bool)
	go func() { done <- ix.hasPathTail("/x") }()
	select {
	case found := <-done:
		if found {
			t.Error(`"/x" found as the tail of an API path`)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("hasPathTail took over 3s on a 120 KB token")
	}
}
