package desk

import (
	"bytes"
	"log/slog"
	"strings"
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

// A panic on a desk goroutine becomes an internal error and a log line
// with the stack, never a crash of annad.
func TestPanicBecomesAnInternalError(t *testing.T) {
	var log bytes.Buffer
	d := New(Options{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	err := d.safely(StageSupervisor, &work{params: rpc.RequestParams{RequestID: "r1"}}, func() { panic("boom") })
	if rpc.KindOf(err) != rpc.KindInternal || !strings.HasPrefix(err.Error(), "cannot ") {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(log.String(), "boom") || !strings.Contains(log.String(), "request=r1") || !strings.Contains(log.String(), "desk_test.go") {
		t.Fatalf("log lacks the panic, request or stack: %s", log.String())
	}
	if err := d.safely(StageSupervisor, &work{}, func() {}); err != nil {
		t.Fatal(err)
	}
}
