package supervisor

import "testing"

// TestTerseAnswers checks that a reply of a word or two that names only
// what the evidence holds answers (a host name, a PID, a device), while a
// token the evidence lacks, a cut-off name or a plain word stays too short
// (unusable, score at most 20).
func TestTerseAnswers(t *testing.T) {
	in := scenario(t, "host33")
	for _, tc := range []struct {
		reply string
		ok    bool
	}{
		{"db-01", true}, {"381", true}, {"PID 381", true}, {"PID 999", false}, {"PID", false}, {"vda", true}, {"node", true},
		{"db-02", false}, {"db", false}, {"Yes.", false}, {"frobd", false}, {"serv", false}, {"{", false},
	} {
		in.Answer = tc.reply
		r := Judge(in)
		if got := r.Unusable == "" && r.Signals.AnswerGrounded; got != tc.ok {
			t.Errorf("%q: answers %v, want %v (%+v, unusable %q)", tc.reply, got, tc.ok, r.Grounding, r.Unusable)
		}
		if !tc.ok && (r.Score > 20 || r.Unusable == "") {
			t.Errorf("%q: score %d, unusable %q; want at most 20 with a reason", tc.reply, r.Score, r.Unusable)
		}
	}
}
