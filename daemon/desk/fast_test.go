package desk

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/brain"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm"
	"github.com/jjgarcianorway/anna-assistant/daemon/llmqueue"
	"github.com/jjgarcianorway/anna-assistant/daemon/session"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// memSelf keeps the debug mode in memory.
type memSelf struct {
	mu sync.Mutex
	on bool
}

func (s *memSelf) Health() brain.HealthState { return brain.HealthState{PID: 1, OllamaReachable: true} }
func (s *memSelf) DebugMode() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.on
}
func (s *memSelf) SetDebugMode(on bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.on = on
	return nil
}

// countingLLM counts chats; the fast path must make none.
type countingLLM struct {
	instantLLM
	n atomic.Int32
}

func fastDesk(r ProbeRunner, m LLM) *Desk {
	return New(Options{
		LLM: m, Probes: r, Sessions: session.NewStore(), Self: &memSelf{},
		Hardware: func() rpc.Hardware { return rpc.Hardware{CPUModel: "test", Cores: 2, Threads: 4} },
		Version:  "0.1.0",
	})
}

func askFast(t testing.TB, d *Desk, q *llmqueue.Queue, text string) *rpc.Answer {
	t.Helper()
	place, err := q.Admit(0)
	if err != nil {
		t.Fatal(err)
	}
	defer place.Done()
	a, err := d.Ask(context.Background(), place, rpc.RequestParams{Text: text, RequestID: "f"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// The fast path reads memory and process figures for the question, not
// from the 30 s cache, while slower-moving figures may come from it; and it
// answers with the model's only slot taken, since it never waits for it.
func TestFastPathReadsFresh(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Now().UnixNano())
	r := probes.NewRunner(&probes.Env{Layout: dirs.Host}, probes.WithClock(func() time.Time { return time.Unix(0, now.Load()) }))
	d := fastDesk(r, &countingLLM{})
	q := busyQueue(t)

	for _, text := range []string{"how much ram do I have", "how much disk space is free"} {
		if a := askFast(t, d, q, text); a.Origin != rpc.OriginBrain || a.Evidence.ProbesExecuted[0].Cached {
			t.Fatalf("%q: first answer %+v", text, a)
		}
	}
	now.Add(int64(2 * probes.FreshAge))
	if a := askFast(t, d, q, "how much ram do I have"); a.Evidence.ProbesExecuted[0].Cached {
		t.Fatalf("memory figures %v old were reused", 2*probes.FreshAge)
	}
	if a := askFast(t, d, q, "how much disk space is free"); !a.Evidence.ProbesExecuted[0].Cached {
		t.Fatal("disk usage, which may come from the cache, was read again")
	}
}

func (m *countingLLM) Chat(ctx context.Context, ch llm.Chat, onChunk func(string)) (llm.Reply, error) {
	m.n.Add(1)
	return m.instantLLM.Chat(ctx, ch, onChunk)
}
