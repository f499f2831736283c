package cli_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
)

// annactl status on a terminal while annad pulls the model: the status is
// printed, then a one-line bar redrawn in place follows the pull until the
// model is ready, and the bar is replaced by the outcome.
func TestPTYStatusFollowsPull(t *testing.T) {
	gate := make(chan struct{})
	o := ollamatest.New(t, ollamatest.WithRegistry(ollamatest.Model{Name: "small"}))
	o.OnChat(daemontest.Grounded)
	o.GatePulls(gate)
	released := false
	t.Cleanup(func() {
		if !released {
			close(gate)
		}
	})
	d := daemontest.Start(t, daemontest.Options{Ollama: o, Config: "[ollama]\nmanage = true\nmodel = \"small\"\n"})
	c := d.Client(t)
	deadline := time.Now().Add(30 * time.Second) // a hang guard only
	for {
		st, err := c.Status(context.Background())
		if err == nil && st.Setup != nil && st.Setup.Percent == 25 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pull never reached a quarter: %+v, %v", st, err)
		}
		time.Sleep(20 * time.Millisecond)
	}

	tm := spawn(t, testEnv(t, d.Socket, "NO_COLOR=1"), "status")
	tm.expect("setup\r\n  phase        pulling small (25%)\r\n")
	// The terminal is 100 columns: the bar line is 99 wide (spinner,
	// phase, percent, then 77 cells a quarter full), redrawn after a
	// carriage return and an erase.
	tm.expect("\r\x1b[K")
	tm.expect(" pulling small 25% [" + strings.Repeat("=", 19) + strings.Repeat(" ", 58) + "]\r\x1b[K")
	released = true
	close(gate)
	tm.expect("\r\x1b[Ksetup: ready: small answers\r\n")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}
