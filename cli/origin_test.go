package cli

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// The header names the brain for a fast-path answer, the model for the LLM
// path, and "no llm" when none answered.
func TestRenderNamesTheOrigin(t *testing.T) {
	for _, c := range []struct {
		a    rpc.Answer
		want string
	}{
		{rpc.Answer{Version: "0.1.0", Origin: rpc.OriginBrain, Answer: "You have 15.5 GiB of RAM."}, "anna v0.1.0 (brain)\n"},
		{rpc.Answer{Version: "0.1.0", Origin: rpc.OriginLLM, Model: "qwen2.5:3b", Answer: "x"}, "anna v0.1.0 (qwen2.5:3b)\n"},
		{rpc.Answer{Version: "0.1.0", Model: "qwen2.5:3b", Answer: "x"}, "anna v0.1.0 (qwen2.5:3b)\n"},
		{rpc.Answer{Version: "0.1.0", Origin: rpc.OriginLLM, Answer: "I cannot explain this without my model"}, "anna v0.1.0 (no llm)\n"},
	} {
		var b strings.Builder
		if err := renderAnswer(&b, "q", &c.a, 0, style{}); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(b.String(), c.want) {
			t.Errorf("origin %q model %q: header %q, want %q", c.a.Origin, c.a.Model, strings.SplitN(b.String(), "\n", 2)[0], c.want)
		}
	}
}

// A request waiting for the model shows its place, which is replaced as it
// moves and removed when it leaves the queue.
func TestLiveShowsTheQueue(t *testing.T) {
	lv, b, _ := newTestLive(80, 24)
	lv.add([]rpc.Event{{Kind: rpc.EventStarting, Stage: "translator"}, {Kind: rpc.EventQueued, Stage: "translator", Position: 3}})
	lv.draw()
	if !strings.Contains(b.String(), "translator… waiting for the model: position 3…") {
		t.Fatalf("status line %q", b.String())
	}
	lv.add([]rpc.Event{{Kind: rpc.EventQueued, Stage: "translator", Position: 2}})
	if got := strings.Join(lv.trail, " "); got != "translator… waiting for the model: position 2…" {
		t.Fatalf("trail %q", got)
	}
	lv.add([]rpc.Event{{Kind: rpc.EventQueued, Stage: "translator", Message: "left the queue after 2s"}, {Kind: rpc.EventStarting, Stage: "probes"}})
	if got := strings.Join(lv.trail, " "); got != "translator… probes…" {
		t.Fatalf("trail after leaving the queue %q", got)
	}
}

// Status says plainly when Anna works without her LLM.
func TestStatusShowsDegraded(t *testing.T) {
	var b strings.Builder
	if err := renderStatus(&b, &rpc.Status{Degraded: rpc.DegradedNoLLM}, style{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "health       degraded: no LLM: answers limited to facts") {
		t.Fatalf("status:\n%s", b.String())
	}
	b.Reset()
	_ = renderStatus(&b, &rpc.Status{}, style{})
	if strings.Contains(b.String(), "degraded") {
		t.Fatalf("a healthy status says degraded:\n%s", b.String())
	}
}

// A busy daemon's message and advice both reach the user.
func TestBusyPrintsMessageAndAdvice(t *testing.T) {
	err := rpc.Errorf(rpc.KindBusy, "cannot take the request: you already have 16 requests in progress, the limit per user").
		WithHint("wait for them to finish or cancel them, then ask again")
	var b strings.Builder
	adv := advise(err, "the request", rpc.RequestTimeout)
	printAdvice(&b, adv, style{})
	want := "annactl: cannot take the request: you already have 16 requests in progress, the limit per user\nwait for them to finish or cancel them, then ask again\n"
	if b.String() != want || adv.code != ExitFailed {
		t.Fatalf("printed %q (exit %d), want %q", b.String(), adv.code, want)
	}
}
