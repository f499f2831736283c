package supervisor

import (
	"strconv"
	"testing"
)

func TestAdviceReport(t *testing.T) {
	for _, c := range []struct{ item, want string }{
		{"Restart clamd, which crashed at 08:30 according to the journal.", "clamd crashed at 08:30 according to the journal."},
		{"Restart the replica db-01, which crashed at 04:10:52.", "the replica db-01 crashed at 04:10:52."},
		{"Check disk latency for etcd, whose apply requests now take over 6 seconds.", "disk latency for etcd apply requests now take over 6 seconds."},
		{"Add more swap, since the 2.0Gi swap is almost fully used", "the 2.0Gi swap is almost fully used"},
		{"Grow /var/vmail because it is 98% full.", "it is 98% full."},
		{"Find the largest mailboxes with du -sh /var/vmail/*.", ""},
		{"Consider enforcing smaller mailbox quotas in Dovecot.", ""},
		{"Restart, which is safe.", ""},
	} {
		if got := adviceReport(c.item); got != c.want {
			t.Errorf("adviceReport(%q) = %q, want %q", c.item, got, c.want)
		}
	}
}

// A claim slipped into a fact-form answer's advice is read as the report
// it is: the false one is missing, the true one found.
func TestAdviceClauseIsJudged(t *testing.T) {
	in := scenario(t, "host60")
	in.Sources = shownSources(t, in)
	for _, c := range []struct {
		advice   string
		grounded bool
	}{
		{"Check pgbouncer, which is listening on port 6432.", true},
		{"Restart pgbouncer, which is no longer listening on port 6432.", false},
	} {
		in.Answer = `{"facts": [{"line": 35, "subject": "2140", "field": "%CPU", "value": "9.5"}], "advice": [` + strconv.Quote(c.advice) + `], "missing": ""}`
		if r := JudgeFacts(in); r.Signals.AnswerGrounded != c.grounded {
			t.Errorf("%q: grounded %v, want %v (%+v)", c.advice, r.Signals.AnswerGrounded, c.grounded, r.Grounding)
		}
	}
}
