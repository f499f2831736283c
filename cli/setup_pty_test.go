package cli_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// pulling starts annad managing Ollama with its model, "small", only in
// the fake's registry, and returns once annad's pull holds at a quarter;
// closing the gate lets it finish.
func pulling(t *testing.T) (*daemontest.Daemon, func()) {
	t.Helper()
	gate := make(chan struct{})
	o := ollamatest.New(t, ollamatest.WithRegistry(ollamatest.Model{Name: "small"}))
	o.OnChat(daemontest.Grounded)
	o.GatePulls(gate)
	var once sync.Once
	release := func() { once.Do(func() { close(gate) }) }
	t.Cleanup(release)
	d := daemontest.Start(t, daemontest.Options{Ollama: o, Service: true, Config: "[ollama]\nmanage = true\nmodel = \"small\"\n"})
	c := d.Client(t)
	deadline := time.Now().Add(30 * time.Second) // a hang guard only
	for {
		st, err := c.Status(context.Background())
		if err == nil && st.Setup != nil && st.Setup.Percent == 25 {
			return d, release
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pull never reached a quarter: %+v, %v", st, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// annactl status on a terminal while annad pulls the model: the status is
// printed, then a one-line bar redrawn in place follows the pull until the
// model is ready, and the bar is replaced by the outcome.
func TestPTYStatusFollowsPull(t *testing.T) {
	d, release := pulling(t)
	tm := spawn(t, testEnv(t, d.Socket, "NO_COLOR=1"), "status")
	tm.expect("setup\r\n  phase        pulling small (25%)\r\n")
	// The terminal is 100 columns: the bar line is 99 wide (spinner,
	// phase, percent, then 77 cells a quarter full), redrawn after a
	// carriage return and an erase.
	tm.expect("\r\x1b[K")
	tm.expect(" pulling small 25% [" + strings.Repeat("=", 19) + strings.Repeat(" ", 58) + "]\r\x1b[K")
	release()
	tm.expect("\r\x1b[Ksetup: ready: small answers\r\n")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}

// Ctrl-C ends the wait, not annad's pull: annactl exits 130 and the pull
// goes on.
func TestPTYStatusWaitCanceled(t *testing.T) {
	d, _ := pulling(t)
	tm := spawn(t, testEnv(t, d.Socket, "NO_COLOR=1"), "status")
	tm.expect(" pulling small 25% [")
	tm.send("\x03")
	tm.expect("canceled")
	if code := tm.exitCode(); code != 130 {
		t.Errorf("exit %d, want 130", code)
	}
	st, err := d.Client(t).Status(context.Background())
	if err != nil || st.Setup == nil || st.Setup.Phase != "pulling small" || st.Setup.Ready {
		t.Errorf("annad's setup after the cancel: %+v, %v", st.Setup, err)
	}
}

// A request on a terminal answered without the model while annad pulls
// it: the bar follows the pull, then the request is asked again and the
// model's answer shown.
func TestPTYRequestWaitsForPull(t *testing.T) {
	d, release := pulling(t)
	tm := spawn(t, testEnv(t, d.Socket, "NO_COLOR=1"), "why", "is", "memory", "usage", "high?")
	tm.expect(" pulling small 25% [")
	release()
	tm.expect("setup: ready: small answers\r\n")
	tm.expect("anna v" + version.String() + " (small)\r\n")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}
