package cli_test

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// A fast-path answer on a terminal: the header names the brain, not a
// model, and the answer quotes the probe it read.
func TestPTYBrainAnswer(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	tm := spawn(t, testEnv(t, d.Socket, "NO_COLOR=1"), "how", "much", "ram", "do", "I", "have")
	tm.expect("anna v" + version.String() + " (brain)\r\n")
	tm.expect("[anna] system specialist  reliability: ")
	tm.expect("GiB")
	tm.expect("probes: memory_info\r\n")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	if n := len(d.Ollama.ChatRequests()); n != 0 {
		t.Errorf("%d LLM calls for a fast-path answer", n)
	}
}

// Without Ollama, a question the fast path does not know gets the honest
// answer: no model in the header, the cause and its fix, the probes' first
// rows, a low score and the cause as the last error; status says degraded.
func TestPTYAnswerWithoutTheModel(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{Config: "[ollama]\nurl = \"http://127.0.0.1:1\"\n"})
	tm := spawn(t, testEnv(t, d.Socket, "NO_COLOR=1"), "why", "is", "memory", "usage", "high?")
	tm.expect("anna v" + version.String() + " (no llm)\r\n")
	tm.expect("reliability: 0%\r\n")
	tm.expect("I cannot explain this without my model: cannot reach Ollama at http://127.0.0.1:1")
	tm.expect("systemctl start ollama")
	tm.expect("top_memory (ps aux --sort=-%mem):")
	out := tm.expect("'annactl status' shows what is missing.")
	if !strings.Contains(out, "USER") {
		t.Errorf("the probe rows are missing: %q", out)
	}
	tm.expect("last error: translator: cannot reach Ollama at http://127.0.0.1:1")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}

	st := spawn(t, testEnv(t, d.Socket, "NO_COLOR=1"), "status")
	st.expect("annad\r\n  health       degraded: no LLM: answers limited to facts")
	if code := st.exitCode(); code != 0 {
		t.Errorf("status: exit %d, want 0", code)
	}
}
