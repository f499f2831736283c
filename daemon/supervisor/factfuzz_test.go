package supervisor

import (
	"slices"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
)

// FuzzJudgeFacts feeds arbitrary replies to JudgeFacts with a capture's
// numbered lines as Sources: a model's JSON is text a local user can
// steer through probe output, so any reply, in the form or not, must not
// panic, must give the same review twice and must score at most 20 when
// unusable. Run it after changing factform.go or package facts: go test
// -run '^$' -fuzz FuzzJudgeFacts -fuzztime 60s -fuzzminimizetime 5s.
func FuzzJudgeFacts(f *testing.F) {
	in := scenario(f, "host51")
	in.Sources = sources.Number(in.Results)
	f.Add(`{"facts": [{"line": 2, "subject": "suricata", "field": "%CPU", "value": "92.9"}, {"line": 0, "subject": "", "field": "count", "count": "Failed", "value": "3"}], "advice": ["Check suricata's rules."], "missing": ""}`)
	f.Add(`{"facts": [{"line": 99999, "subject": "x", "field": "", "value": "y"}, {"line": -1, "subject": "", "field": "", "value": ""}], "advice": [""], "missing": "\u001b[2J"}`)
	f.Add(`{"facts": [{"line": 101, "subject": "tun0", "field": "state", "value": "NO-CARRIER"}], "advice": [], "missing": "", "summary": "tun0 is down."}`)
	f.Add(`{"facts": [`)
	f.Fuzz(func(t *testing.T, reply string) {
		if len(reply) > 8<<10 {
			reply = reply[:8<<10]
		}
		in := in
		in.Answer = reply
		r, again := JudgeFacts(in), JudgeFacts(in)
		if r.Score != again.Score || !slices.Equal(r.Grounding.Missing, again.Grounding.Missing) || !slices.Equal(r.Grounding.Found, again.Grounding.Found) {
			t.Fatalf("not deterministic: %+v then %+v", r, again)
		}
		if r.Unusable != "" && r.Score > 20 {
			t.Fatalf("unusable (%s) but scored %d", r.Unusable, r.Score)
		}
		if r.Unusable == "" && r.Signals.AnswerGrounded != r.Grounding.Grounded() {
			t.Fatalf("answer_grounded %v but grounding %+v", r.Signals.AnswerGrounded, r.Grounding)
		}
	})
}
