package cli

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// The bar fills the terminal but its last column, whatever the width of
// the phase's characters, and a step of unknown size gets no bar.
func TestSetupBarFitsTheWidth(t *testing.T) {
	for _, c := range []struct {
		phase         string
		percent, cols int
	}{
		{"pulling llama3.2:3b", 42, 80},
		{"pulling llama3.2:3b", 0, 40},
		{"pulling llama3.2:3b", 100, 120},
		{"pulling 模型模型模型模型模型模型模型模型模型模型模型模型", 50, 40},
	} {
		line := setupBar("⠋", c.phase, c.percent, c.cols)
		if w := runewidth.StringWidth(line); w != c.cols-1 {
			t.Errorf("%q at %d columns is %d wide: %q", c.phase, c.cols, w, line)
		}
		pct := strings.Repeat("=", (c.cols-1-runewidth.StringWidth(line[:strings.Index(line, " [")])-3)*c.percent/100)
		if !strings.Contains(line, " ["+pct) || !strings.HasSuffix(line, "]") {
			t.Errorf("bar of %d%% wrong: %q", c.percent, line)
		}
	}
	if line := setupBar("⠋", "verifying tiny", -1, 80); line != "⠋ verifying tiny" {
		t.Errorf("a step of unknown size drew %q", line)
	}
}

// pullingDaemon is annad managing Ollama with its model, "small", only in
// the fake's registry: annad pulls it at start, and the pull holds at a
// quarter until the returned gate is closed.
func pullingDaemon(t *testing.T) (*daemontest.Daemon, chan struct{}) {
	t.Helper()
	gate := make(chan struct{})
	o := ollamatest.New(t, ollamatest.WithRegistry(ollamatest.Model{Name: "small"}))
	o.OnChat(daemontest.Grounded)
	o.GatePulls(gate)
	t.Cleanup(func() {
		select {
		case <-gate:
		default:
			close(gate)
		}
	})
	d := daemontest.Start(t, daemontest.Options{Ollama: o, Service: true, Config: "[ollama]\nmanage = true\nmodel = \"small\"\n"})
	// Wait for the held pull to show in status; the deadline only guards
	// against a hang.
	c := d.Client(t)
	deadline := time.Now().Add(30 * time.Second)
	for {
		st, err := c.Status(context.Background())
		if err == nil && st.Setup != nil && st.Setup.Percent == 25 {
			return d, gate
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pull never reached a quarter: %+v, %v", st, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// notifyBuffer records writes and closes seen once it holds want.
type notifyBuffer struct {
	mu   sync.Mutex
	b    bytes.Buffer
	want string
	seen chan struct{}
}

func (n *notifyBuffer) Write(p []byte) (int, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	had := strings.Contains(n.b.String(), n.want)
	n.b.Write(p)
	if !had && strings.Contains(n.b.String(), n.want) {
		close(n.seen)
	}
	return len(p), nil
}

func (n *notifyBuffer) String() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.b.String()
}

// A request answered without the model while annad pulls it, on a pipe:
// annactl says on stderr what annad does, one line a step, without
// redraws, and once the model is ready asks again and prints its answer.
func TestRequestWaitsForPullPiped(t *testing.T) {
	d, gate := pullingDaemon(t)
	// status on a pipe stays one snapshot: scripts read it, nobody waits.
	code, sout, _ := runWith(t, IO{}, d.Socket, nil, "status")
	if code != ExitOK || !strings.Contains(sout, "  phase        pulling small (25%)\n") || strings.Contains(sout, "setup: ") {
		t.Fatalf("status on a pipe: exit %d\n%s", code, sout)
	}
	errs := &notifyBuffer{want: "setup: pulling small 25%\n", seen: make(chan struct{})}
	var out bytes.Buffer
	sys := IO{Out: &out, Err: errs, Getenv: func(k string) string {
		if k == rpc.SocketEnv {
			return d.Socket
		}
		return ""
	}}
	done := make(chan int, 1)
	go func() { done <- Run(context.Background(), strings.Fields(slowQuestion), sys) }()
	select {
	case <-errs.seen:
	case code := <-done:
		t.Fatalf("annactl ended (exit %d) without waiting for the pull; stderr %q, stdout %q", code, errs.String(), out.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("no progress line; stderr %q", errs.String())
	}
	close(gate)
	code = -1
	select {
	case code = <-done:
	case <-time.After(60 * time.Second):
		t.Fatalf("annactl did not finish after the pull; stderr %q", errs.String())
	}
	e := errs.String()
	if code != ExitOK || !strings.HasSuffix(e, "setup: ready: small answers\n") {
		t.Fatalf("exit %d, stderr %q", code, e)
	}
	if strings.ContainsAny(e, "\r\x1b") {
		t.Errorf("redraws or escapes on a pipe: %q", e)
	}
	for _, l := range strings.Split(strings.TrimSuffix(e, "\n"), "\n") {
		if !strings.HasPrefix(l, "setup: ") {
			t.Errorf("not a phase line: %q", l)
		}
	}
	if !strings.Contains(out.String(), "(small)\n") || strings.Contains(out.String(), "(no llm)") {
		t.Errorf("not the model's answer after the pull:\n%s", out.String())
	}
}

// slowQuestion is one the fast path does not know: only the model answers.
const slowQuestion = "why is memory usage high?"
