package supervisor

import "testing"

// TestRulesSkipAnswersTheyCannotJudge: a rule that every answer reaches
// reads the evidence only when the answer says what it judges (a date
// labelled an expiry, a device): an answer without costs no scan of the
// lines; one with is still judged. The race detector's instrumentation
// allocates in regexp matching, so the counts are asserted without it.
func TestRulesSkipAnswersTheyCannotJudge(t *testing.T) {
	ix := newIndex(EvidenceText(scenario(t, "host54")))
	for _, answer := range []string{"Memory use is normal and the journal shows no new errors.",
		"The certificate was renewed on 2026-11-24."} { // a date, no expiry
		claims, facts := extractAll(answer, ix.entities, ix.verbatim)
		if n := testing.AllocsPerRun(5, func() { checkExpiryDates(ix, &Grounding{}, answer, facts) }); n > 2 && !underRace {
			t.Errorf("checkExpiryDates(%q) allocates %v times", answer, n)
		}
		if n := testing.AllocsPerRun(5, func() { checkDeviceTypes(ix, &Grounding{}, answer, claims) }); n > 0 && !underRace {
			t.Errorf("checkDeviceTypes(%q) allocates %v times", answer, n)
		}
	}
	// The same shapes that do say it are still judged (expirydates_test,
	// devicetypes_test hold the pairs): a wrong date labelled an expiry.
	answer := "The kubelet's client certificate already expired on 2026-11-24."
	var g Grounding
	_, facts := extractAll(answer, ix.entities, ix.verbatim)
	checkExpiryDates(ix, &g, answer, facts)
	if len(g.Missing) == 0 {
		t.Errorf("%q: the rotation deadline's date passed as the expiry", answer)
	}
}
