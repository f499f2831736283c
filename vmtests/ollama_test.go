package vmtests

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
)

// fakeOllama starts the fake Ollama on the host for the guest's annad:
// the translator gets a ticket for memory_info and the specialist gets
// answer (or hangs with Hang set).
func fakeOllama(t *testing.T, answer ollamatest.Reply) *ollamatest.Server {
	t.Helper()
	fake := ollamatest.New(t)
	ticket, _ := json.Marshal(map[string]any{"intent": "question", "domain": "system", "entities": []string{},
		"needs_probes": []string{"memory_info"}, "clarification_question": nil, "confidence": 90})
	fake.OnChat(new(ollamatest.Script).When(ollamatest.IsTicket(), ollamatest.Reply{Content: string(ticket)}).Otherwise(answer).Reply)
	return fake
}

// useOllama points the guest's annad at the fake server (user networking
// maps the host's loopback to 10.0.2.2) and restarts it.
func useOllama(s *shell, fake *ollamatest.Server) {
	s.t.Helper()
	port := fake.URL()[strings.LastIndex(fake.URL(), ":")+1:]
	s.must("mkdir -p /etc/anna && printf '[ollama]\\nurl = \"http://10.0.2.2:" + port + "\"\\nmodel = \"tiny\"\\n' >" + configPath)
	s.must("systemctl restart annad.service")
	waitSocket(s)
}

// answers counts the specialist calls (chats not for a ticket) among the
// fake's requests.
func answers(rs []ollamatest.Request) int {
	n := 0
	for _, r := range rs {
		if r.Chat != nil && !ollamatest.IsTicket()(r.Chat) {
			n++
		}
	}
	return n
}

// waitChat waits until the fake has received more than seen specialist
// calls, that is, until a new answer is being written.
func waitChat(t *testing.T, fake *ollamatest.Server, seen int, d time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	err := fake.WaitRequests(ctx, func(rs []ollamatest.Request) bool { return answers(rs) > seen })
	if err != nil {
		t.Fatalf("annad never asked the fake Ollama for an answer: %v", err)
	}
}

// TestCrashRestart is scenario 6: annad killed with SIGKILL while it
// waits for the model is restarted by systemd; the client in flight ends
// with an error instead of hanging, and the next request is answered.
func TestCrashRestart(t *testing.T) {
	fake := fakeOllama(t, ollamatest.Reply{Hang: true})
	s := bootInstalled(t, 8*time.Minute)
	useOllama(s, fake)
	s.must(as("alice", "(annactl why is my memory usage like this; echo \"exit=$?\") >/tmp/ask.out 2>&1 </dev/null & echo $! >/tmp/ask.pid"))
	waitChat(t, fake, 0, 2*time.Minute)
	before := annadPID(s)
	s.must("kill -9 " + before)
	s.must("while kill -0 $(cat /tmp/ask.pid) 2>/dev/null; do sleep 0.2; done")
	if out := s.must("cat /tmp/ask.out"); !regexp.MustCompile(`exit=[1-9]`).MatchString(out) {
		t.Fatalf("the request in flight when annad died ended with:\n%s\nwant a non-zero exit", out)
	}
	out := s.must(as("alice", "annactl how much RAM do I have"))
	if !strings.Contains(out, "of RAM in total") {
		t.Fatalf("after the restart annactl answered:\n%s", out)
	}
	if after := annadPID(s); after == before {
		t.Fatalf("annad's PID is still %s after kill -9", after)
	}
}

// TestAsk is scenario 2: a one-shot question and a REPL session as a
// member in a login shell, against the fake Ollama. The answer shows its
// probes and score; the REPL recalls a line with the up arrow, cancels an
// answer with Ctrl-C and ends with Ctrl-D.
func TestAsk(t *testing.T) {
	gate := make(chan struct{})
	fake := fakeOllama(t, ollamatest.Reply{Content: `{"facts": [{"line": 1, "subject": "memory_info", "field": "figures", "value": "shown above"}], "advice": [], "missing": ""}`, Gate: gate})
	close(gate) // the one-shot answer streams freely
	s := bootInstalled(t, 10*time.Minute)
	useOllama(s, fake)

	out := s.must(as("alice", "annactl why is my memory usage like this"))
	for _, want := range []string{"- memory_info figures: shown above", "reliability:", "probes:", "memory_info"} {
		if !strings.Contains(out, want) {
			t.Fatalf("the one-shot answer lacks %q:\n%s", want, out)
		}
	}

	// liner needs a terminal type it knows for history and Ctrl-C; su
	// gives alice a terminal of her own (--pty), as a login would, so
	// Ctrl-C reaches annactl instead of ending su's session.
	s.send("su --pty - alice -c 'TERM=vt100 annactl'\r")
	s.expectString("anna> ", step)
	s.send("how much ram do I have\r")
	s.expectString("of RAM in total", step)
	s.expectString("anna> ", step)
	s.send("\x1b[A\r") // the up arrow recalls the question
	s.expectString("of RAM in total", step)
	s.expectString("anna> ", step)

	hang := fakeHang(fake)
	defer close(hang)
	seen := answers(fake.Requests())
	s.send("why is my memory usage like this\r")
	waitChat(t, fake, seen, 2*time.Minute)
	s.send("\x03")
	s.expectString("canceled", step)
	s.expectString("anna> ", step)
	s.send("\x04")
	s.expect(promptRe, step)
}

// fakeHang makes the fake hold every later answer until the returned
// channel is closed, so Ctrl-C lands while the answer is being written.
func fakeHang(fake *ollamatest.Server) chan struct{} {
	gate := make(chan struct{})
	ticket, _ := json.Marshal(map[string]any{"intent": "question", "domain": "system", "entities": []string{},
		"needs_probes": []string{"memory_info"}, "clarification_question": nil, "confidence": 90})
	fake.OnChat(new(ollamatest.Script).When(ollamatest.IsTicket(), ollamatest.Reply{Content: string(ticket)}).
		Otherwise(ollamatest.Reply{Content: "never shown", Gate: gate}).Reply)
	return gate
}
