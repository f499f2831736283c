package desk

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/llmqueue"
	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/daemon/progress"
	"github.com/jjgarcianorway/anna-assistant/daemon/session"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/probes"
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

// busyQueue is a model queue of one slot, held by another request until
// the test ends.
func busyQueue(t *testing.T) *llmqueue.Queue {
	t.Helper()
	q := llmqueue.New(llmqueue.Options{Parallel: 1})
	holder, _ := q.Admit(1000)
	t.Cleanup(holder.Done)
	release, err := holder.Wait(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(release)
	return q
}

// The wait for the model counts against the request's total budget: a
// request whose budget runs out in the queue gets the spec's timeout
// response, and its progress said where it stood.
func TestBudgetRunsOutInTheQueue(t *testing.T) {
	q := busyQueue(t)
	d := New(Options{
		LLM: instantLLM{}, Probes: probes.NewRunner(&probes.Env{Layout: dirs.Host}), Sessions: session.NewStore(),
		Hardware: func() rpc.Hardware { return rpc.Hardware{} }, Version: "0.1.0",
		Budget: &Budget{Translator: time.Minute, Probes: time.Minute, Specialist: time.Minute, Supervisor: time.Minute, Total: 300 * time.Millisecond},
	})
	store := progress.NewStore()
	rec, _ := store.Begin("r", 0, true)
	place, _ := q.Admit(0)
	defer place.Done()
	a, err := d.Ask(context.Background(), place, rpc.RequestParams{Text: "what is using my memory?", RequestID: "r"}, rec)
	if err != nil || a.Evidence.LastError == nil || *a.Evidence.LastError != "timeout at translator" || a.ReliabilityScore > 20 {
		t.Fatalf("got %+v, %v; want the timeout response at translator", a, err)
	}
	rec.Done()
	p, _ := store.Get("r", 0, peer.Identity{UID: 0})
	queued := false
	for _, e := range p.Events {
		queued = queued || e.Kind == rpc.EventQueued && e.Position == 1
	}
	if !queued {
		t.Fatalf("progress never said the request was queued: %+v", p.Events)
	}
	if s := q.Stats(); s.Waiting != 0 || s.Running != 1 {
		t.Fatalf("the timed-out request is still queued: %+v", s)
	}
}
