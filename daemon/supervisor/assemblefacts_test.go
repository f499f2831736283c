package supervisor

import (
	"strconv"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Assemble renders a fact-form reply for the user, and replaces one that
// is no answer (not the form, cut off, garbled) with UnusableAnswer, the
// reason going to last_error.
func TestAssembleFactForm(t *testing.T) {
	in := scenario(t, "host60")
	in.Sources = sources.Number(in.Results)
	in.FactForm = true
	for _, c := range []struct {
		reply, answer, lastError string
		incomplete               bool
	}{
		{`{"facts": [{"line": 2, "subject": "1958", "field": "%CPU", "value": "24.9"}], "advice": ["Look at the reporting query."], "missing": ""}`,
			"- 1958 %CPU: 24.9\n\n- Look at the reporting query.", "", false},
		{`{"facts": [{"line": 2, "subject": "1958"`, UnusableAnswer, "cannot read the reply as the fact form", false},
		{`{"facts": [], "advice": [], "missing": "\u001b[2J\u001b[2J\u001b[2J"}`, UnusableAnswer, "control characters", false},
		{`{"facts": [{"line": 2, "subject": "1958", "field": "%CPU", "value": "24.9"}], "advice": [], "missing": ""}`, UnusableAnswer, "cut off", true},
	} {
		in.Answer, in.Incomplete = c.reply, c.incomplete
		a, r := Assemble(in)
		if a.Answer != c.answer {
			t.Errorf("%.40q: answer %q, want %q", c.reply, a.Answer, c.answer)
		}
		switch {
		case c.lastError == "" && a.Evidence.LastError != nil:
			t.Errorf("%.40q: last_error %q", c.reply, *a.Evidence.LastError)
		case c.lastError != "" && (a.Evidence.LastError == nil || !strings.Contains(*a.Evidence.LastError, c.lastError) || r.Score > 20):
			t.Errorf("%.40q: last_error %v, score %d; want %q and at most 20", c.reply, a.Evidence.LastError, r.Score, c.lastError)
		}
	}
}

// The missing-data text names what the evidence lacks, so its names the
// evidence does not have cost nothing; what the evidence contradicts
// still does (round 97–100).
func TestMissingTextNamesWhatIsAbsent(t *testing.T) {
	in := scenario(t, "host71")
	in.Sources = shownSources(t, in)
	const fact = `{"line": 106, "subject": "Swap:", "field": "total", "value": "0B"}`
	for _, c := range []struct {
		missing  string
		grounded bool
	}{
		{"The probes do not include interface traffic counters or iostat output for ens3.", true},
		{"The probes do not cover WordPress plugin versions.", true},
		{"The journal does not show any failed service.", false},
	} {
		in.Answer = `{"facts": [` + fact + `], "advice": [], "missing": ` + strconv.Quote(c.missing) + `}`
		if r := JudgeFacts(in); r.Signals.AnswerGrounded != c.grounded {
			t.Errorf("%q: grounded %v, want %v (%+v)", c.missing, r.Signals.AnswerGrounded, c.grounded, r.Grounding)
		}
	}
}

// The evidence lists the shown lines true facts rest on: a fact found on
// a neighbour of the line it names cites the neighbour, a false fact and
// an unshown line cite nothing, and long lines are cut.
func TestCitedLinesOfFacts(t *testing.T) {
	long := strings.Repeat("é", 300)
	in := Input{FactForm: true, Sources: []sources.Line{
		{N: 2, Probe: "system_logs", Text: "Nov 25 08:00:01 host sshd[612]: Failed password for root " + long},
		{N: 3, Probe: "system_logs", Text: "Nov 25 08:00:02 host cron[700]: session opened"},
	}}
	in.Answer = `{"facts": [{"line": 3, "subject": "sshd[612]", "field": "message", "value": "Failed password for root"},` +
		`{"line": 3, "subject": "cron[700]", "field": "message", "value": "session closed"},` +
		`{"line": 9, "subject": "x", "field": "y", "value": "z"},` +
		`{"line": 2, "subject": "sshd[612]", "field": "user", "value": "root"}], "advice": [], "missing": ""}`
	a, _ := Assemble(in)
	got := a.Evidence.CitedLines
	if len(got) != 1 || got[0].N != 2 || len(got[0].Text) > rpc.MaxCitedLineBytes || !strings.HasSuffix(got[0].Text, "é…") {
		t.Fatalf("cited %+v, want line 2 alone, cut", got)
	}
	in.Answer = "not json"
	if a, _ := Assemble(in); a.Evidence.CitedLines == nil || len(a.Evidence.CitedLines) != 0 {
		t.Fatalf("a reply outside the form cited %#v", a.Evidence.CitedLines)
	}
}
