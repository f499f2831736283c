package desk

import (
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// The spec's timeout table, and a total that leaves the client time to
// receive the answer before its own 45 s deadline.
func TestSpecBudget(t *testing.T) {
	b := SpecBudget
	if b.Translator != 8*time.Second || b.Probes != 10*time.Second || b.Specialist != 12*time.Second || b.Supervisor != 8*time.Second {
		t.Fatalf("budget %+v differs from the spec's table", b)
	}
	if b.Translator+b.Probes+b.Specialist+b.Supervisor > b.Total || b.Total >= rpc.RequestTimeout {
		t.Fatalf("total %v must hold every stage and stay below the RPC timeout %v", b.Total, rpc.RequestTimeout)
	}
}
