package cli_test

import (
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// Requests the in-process annad answers, and one that runs system_logs,
// which daemontest.SlowJournal holds until the request is canceled.
const (
	quickQuestion = "how much memory do I have"
	slowQuestion  = "show me the recent warnings in the system logs"
)

var rule72 = strings.Repeat("─", 72)

func TestPTYOneShot(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	tm := spawn(t, testEnv(t, d.Socket), strings.Fields(quickQuestion)...)
	out := tm.expect("anna v" + version.String() + " (")
	// On a terminal the request is animated before the block appears.
	if !strings.Contains(out, "\x1b[J") {
		t.Errorf("no live status line before the answer: %q", out)
	}
	tm.expect(")\r\n" + rule72 + "\r\n")
	tm.expect("\x1b[1m[you]\x1b[0m\r\n" + quickQuestion + "\r\n\r\n")
	tm.expect("\x1b[1m[anna]\x1b[0m ")
	tm.expect(" specialist  reliability: \x1b[1;3")
	tm.expect("probes:")
	tm.expect(rule72 + "\r\n")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}

func TestPTYOneShotNoColor(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	tm := spawn(t, testEnv(t, d.Socket, "NO_COLOR=1"), strings.Fields(quickQuestion)...)
	tm.expect("anna v" + version.String() + " (")
	tm.expect("[you]\r\n" + quickQuestion + "\r\n\r\n[anna] ")
	out := tm.expect("probes:")
	if strings.Contains(out, "\x1b[1") || strings.Contains(out, "\x1b[2m") || strings.Contains(out, "\x1b[3") {
		t.Errorf("NO_COLOR set but the answer has SGR codes: %q", out)
	}
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}

func TestPTYStatus(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	tm := spawn(t, testEnv(t, d.Socket, "NO_COLOR=1"), "status")
	tm.expect("annad\r\n  version      " + version.String())
	tm.expect("  socket       ")
	tm.expect("hardware\r\n  cpu          ")
	tm.expect("model\r\n  name         ")
	tm.expect("ollama\r\n  url          ")
	tm.expect("probes\r\n  available    11\r\n")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}

func TestPTYOneShotCtrlC(t *testing.T) {
	j := daemontest.NewSlowJournal()
	d := daemontest.Start(t, daemontest.Options{Journal: j})
	tm := spawn(t, testEnv(t, d.Socket), strings.Fields(slowQuestion)...)
	j.WaitStarted(t)
	tm.expect("probe system_logs…") // the debug-mode stage trail
	tm.send("\x03")
	tm.expect("canceled\r\n")
	if code := tm.exitCode(); code != 130 {
		t.Errorf("exit %d, want 130", code)
	}
	j.AssertAbandoned(t, d.Client(t))
}

func TestPTYREPL(t *testing.T) {
	j := daemontest.NewSlowJournal()
	d := daemontest.Start(t, daemontest.Options{Journal: j})
	env := testEnv(t, d.Socket, "NO_COLOR=1")
	tm := spawn(t, env)
	tm.expect("anna v" + version.String())
	tm.expect("annactl " + version.String() + "\r\n")
	tm.expect("anna> ")

	tm.send(quickQuestion + "\r")
	tm.expect("[you]\r\n" + quickQuestion + "\r\n")
	tm.expect("probes:")
	tm.expect("anna> ")

	// Ctrl-C at the prompt only gives a new prompt.
	tm.waitPrompt()
	tm.send("\x03")
	tm.expect("anna> ")

	// Ctrl-C during a slow request cancels it and the REPL goes on.
	tm.send(slowQuestion + "\r")
	j.WaitStarted(t)
	tm.send("\x03")
	tm.expect("canceled\r\n")
	// A second press right after, between prompts or at the next one,
	// must not end the session.
	tm.send("\x03")
	tm.waitPrompt()
	j.AssertAbandoned(t, d.Client(t))

	// Up twice recalls the first question (the slow one is newest).
	tm.send("\x1b[A\x1b[A")
	tm.expect(quickQuestion)
	tm.send("\r")
	tm.expect("[you]\r\n" + quickQuestion + "\r\n")
	tm.expect("probes:")
	tm.expect("anna> ")
	tm.send("exit\r")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}

	// A new session starts with the saved history.
	tm = spawn(t, env)
	tm.expect("anna> ")
	tm.send("\x1b[A")
	tm.expect(quickQuestion)
	tm.send("\r")
	tm.expect("[you]\r\n" + quickQuestion + "\r\n")
	tm.expect("anna> ")
	tm.send("\x04")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("Ctrl-D: exit %d, want 0", code)
	}
}

func TestPTYREPLExitWords(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	for _, word := range []string{"exit", "quit", "bye", "q", ":q", ":wq", "EXIT", "  Quit  "} {
		tm := spawn(t, testEnv(t, d.Socket))
		tm.expect("anna> ")
		tm.send(word + "\r")
		if code := tm.exitCode(); code != 0 {
			t.Errorf("%q: exit %d, want 0", word, code)
		}
	}
}

// slowWriter is a fake model that writes the grounded answer in two
// pieces a second apart, so annactl shows it live before the final block.
func slowWriter(t *testing.T) *ollamatest.Server {
	s := ollamatest.New(t)
	s.OnChat(func(req *api.ChatRequest) ollamatest.Reply {
		r := daemontest.Grounded(req)
		if ollamatest.IsTicket()(req) { // the translator's ticket: no need to wait
			return r
		}
		// The first fact is whole in the first piece, so it shows at once.
		cut := strings.Index(r.Content, "}") + 1
		return ollamatest.Reply{Chunks: []string{r.Content[:cut], r.Content[cut:]}, DelayPerChunk: time.Second}
	})
	return s
}

func TestPTYLiveAnswer(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{Ollama: slowWriter(t)})
	tm := spawn(t, testEnv(t, d.Socket), "why", "is", "memory", "usage", "high?")
	// The first piece appears dimmed under the status line...
	tm.expect("\r\n\x1b[2m- ")
	// ...and is erased before the block, which holds the whole answer.
	out := tm.expect("anna v" + version.String())
	if !strings.HasSuffix(out, "\x1b[J") {
		t.Errorf("live area not erased before the answer: %q", out)
	}
	tm.expect("\r\n- ")
	tm.expect("probes:")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}

// A follow-up in the REPL is understood from the session: the daemon sends
// the previous question to the translator and the previous answer to the
// specialist, and the user gets an answer, not a clarification question.
func TestPTYREPLFollowUp(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	tm := spawn(t, testEnv(t, d.Socket, "NO_COLOR=1"))
	tm.expect("anna> ")
	tm.send("why is memory usage high?\r")
	tm.expect("[anna] system specialist")
	tm.expect("\r\n- ")
	tm.expect("anna> ")
	tm.send("and the second one?\r")
	tm.expect("[you]\r\nand the second one?\r\n")
	tm.expect("[anna] system specialist")
	tm.expect("probes: top_memory")
	tm.expect("anna> ")
	tm.send("\x04")
	if code := tm.exitCode(); code != 0 {
		t.Errorf("Ctrl-D: exit %d, want 0", code)
	}

	chats := d.Ollama.ChatRequests()
	if len(chats) != 4 {
		t.Fatalf("%d model calls, want 4 (two translators, two specialists)", len(chats))
	}
	tr, sp := chats[2], chats[3]
	if last := tr.Messages[len(tr.Messages)-1].Content; !strings.Contains(last, "Previous question (domain system): why is memory usage high?") {
		t.Fatalf("the follow-up's translator did not see the previous question: %q", last)
	}
	if !hasMessage(sp.Messages, "assistant", "- ") {
		t.Fatal("the follow-up's specialist did not see the previous answer")
	}
}

func hasMessage(msgs []api.Message, role, prefix string) bool {
	for _, m := range msgs {
		if m.Role == role && strings.HasPrefix(m.Content, prefix) {
			return true
		}
	}
	return false
}
