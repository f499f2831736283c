package daemon_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// gated starts a daemon whose fake model holds every chat until the test
// opens the gate, and answers it as Grounded does then.
func gated(t *testing.T, config string) (*daemontest.Daemon, func()) {
	fake := ollamatest.New(t)
	gate := make(chan struct{})
	var once sync.Once
	open := func() { once.Do(func() { close(gate) }) }
	t.Cleanup(open) // before the fake closes: cleanups run last first
	fake.OnChat(func(req *api.ChatRequest) ollamatest.Reply {
		<-gate
		return daemontest.Grounded(req)
	})
	return daemontest.Start(t, daemontest.Options{Ollama: fake, Config: config}), open
}

// call is one request running in the background.
type call struct {
	id     string
	client *rpc.Client
	done   chan error
}

func start(t *testing.T, c *rpc.Client, id, text string) *call {
	t.Helper()
	k := &call{id: id, client: c, done: make(chan error, 1)}
	go func() {
		_, err := c.Request(ctx(t), rpc.RequestParams{Text: text, RequestID: id})
		k.done <- err
	}()
	return k
}

// position is the queue position the request was last told, -1 before any
// queued event, 0 once it left the queue.
func position(t *testing.T, k *call) int {
	p, err := k.client.Progress(ctx(t), rpc.ProgressParams{RequestID: k.id})
	if rpc.KindOf(err) == rpc.KindNotFound {
		return -1 // not begun yet
	}
	if err != nil {
		t.Fatal(err)
	}
	pos := -1
	for _, e := range p.Events {
		if e.Kind == rpc.EventQueued {
			pos = e.Position
			if pos > 0 && e.Message != fmt.Sprintf("queued, position %d", pos) {
				t.Fatalf("queued event %+v", e)
			}
		}
	}
	return pos
}

// until polls cond; the deadline only guards against a hang.
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

func TestQueueBoundsChatsInFlight(t *testing.T) {
	d, open := gated(t, "[ollama]\nparallel = 2\n")
	var calls []*call
	for i := range 6 {
		calls = append(calls, start(t, d.Client(t), fmt.Sprint("r", i), "why is memory usage high?"))
	}
	until(t, "two chats run and four requests wait", func() bool {
		queued := map[int]bool{}
		for _, k := range calls {
			if p := position(t, k); p > 0 {
				queued[p] = true
			}
		}
		return d.Ollama.ChatsInFlight() == 2 && len(queued) == 4 && queued[1] && queued[4]
	})
	open()
	for _, k := range calls {
		if err := <-k.done; err != nil {
			t.Fatalf("%s: %v", k.id, err)
		}
	}
	if n := d.Ollama.MaxConcurrentChats(); n != 2 {
		t.Fatalf("%d chats ran at once at the fake Ollama, want parallel = 2", n)
	}
	// Whoever waited was told when it left the queue and what budget was left.
	told := 0
	for _, k := range calls {
		p, _ := k.client.Progress(ctx(t), rpc.ProgressParams{RequestID: k.id})
		for _, e := range p.Events {
			if e.Kind == rpc.EventQueued && e.Position == 0 && strings.Contains(e.Message, "budget left") {
				told++
				break
			}
		}
	}
	if told < 4 {
		t.Fatalf("%d requests were told they left the queue, want at least 4", told)
	}
}

func TestBusyBeyondTheCap(t *testing.T) {
	d, open := gated(t, "[daemon]\nmax_requests = 3\n")
	var calls []*call
	for i := range 3 {
		calls = append(calls, start(t, d.Client(t), fmt.Sprint("r", i), "why is memory usage high?"))
	}
	until(t, "one request runs and two wait", func() bool {
		queued := 0
		for _, k := range calls {
			if position(t, k) > 0 {
				queued++
			}
		}
		return queued == 2 && d.Ollama.ChatsInFlight() == 1
	})
	_, err := d.Client(t).Request(ctx(t), rpc.RequestParams{Text: "why is memory usage high?", RequestID: "r3"})
	e, ok := err.(*rpc.Error)
	if !ok || e.Kind() != rpc.KindBusy || !strings.Contains(e.Message, "already working on 3 requests") || !strings.Contains(e.Hint(), "max_requests") {
		t.Fatalf("fourth request: %#v", err)
	}
	// A refused request holds nothing, not even a progress record.
	if _, err := d.Client(t).Progress(ctx(t), rpc.ProgressParams{RequestID: "r3"}); rpc.KindOf(err) != rpc.KindNotFound {
		t.Fatalf("progress of a refused request: %v", err)
	}
	open()
	for _, k := range calls {
		if err := <-k.done; err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Client(t).Request(ctx(t), rpc.RequestParams{Text: "why is memory usage high?"}); err != nil {
		t.Fatalf("places were not given back: %v", err)
	}
}

// One member cannot fill the queue or keep root waiting behind all of
// their requests.
func TestPerUserShareAndFairQueue(t *testing.T) {
	d, open := gated(t, "[daemon]\nmax_requests = 8\nmax_requests_per_user = 3\n")
	member := d.ClientAs(t, 1000)
	var calls []*call
	for i := range 3 {
		calls = append(calls, start(t, member, fmt.Sprint("m", i), "why is memory usage high?"))
		// In order, so the queue's order is known.
		until(t, "member request admitted", func() bool { return i == 0 && d.Ollama.ChatsInFlight() == 1 || position(t, calls[i]) > 0 })
	}
	_, err := member.Request(ctx(t), rpc.RequestParams{Text: "why is memory usage high?"})
	if rpc.KindOf(err) != rpc.KindBusy || !strings.Contains(err.Error(), "you already have 3 requests") {
		t.Fatalf("fourth member request: %v", err)
	}
	root := start(t, d.Client(t), "root", "why is memory usage high?")
	until(t, "root queued", func() bool { return position(t, root) > 0 })
	if p, m2 := position(t, root), position(t, calls[2]); p != 2 || m2 != 3 {
		t.Fatalf("root is at %d and the member's third request at %d; want 2 and 3", p, m2)
	}
	open()
	for _, k := range append(calls, root) {
		if err := <-k.done; err != nil {
			t.Fatal(err)
		}
	}
}

func TestHangUpLeavesTheQueue(t *testing.T) {
	d, open := gated(t, "")
	first := start(t, d.Client(t), "first", "why is memory usage high?")
	until(t, "first runs", func() bool { return d.Ollama.ChatsInFlight() == 1 })
	gone := start(t, rpc.NewClient(d.Socket), "gone", "is my swap in use?")
	until(t, "gone queued", func() bool { return position(t, gone) == 1 })
	last := start(t, d.Client(t), "last", "why is memory usage high?")
	until(t, "last queued", func() bool { return position(t, last) == 2 })
	gone.client.Close()
	until(t, "last moves up", func() bool { return position(t, last) == 1 })
	if err := <-gone.done; rpc.KindOf(err) != rpc.KindConnectionLost {
		t.Fatalf("the hung-up call: %v", err)
	}
	open()
	for _, k := range []*call{first, last} {
		if err := <-k.done; err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range d.Ollama.ChatRequests() {
		if strings.Contains(c.Messages[len(c.Messages)-1].Content, "swap") {
			t.Fatal("a request whose client hung up while queued still reached the model")
		}
	}
}
