package supervisor

import "testing"

// After "interfaces" an irregular participle ("shown", "seen", "found")
// says how the interfaces stand, as "-ed" does; it names none. An
// interface the evidence lacks, or an address on the wrong one, is still
// caught in the same shape.
func TestInterfacesShown(t *testing.T) {
	in := scenario(t, "server")
	for _, c := range []struct {
		answer string
		true   bool
	}{
		{"The interfaces shown are lo, eno1, eno2, docker0 and wg0.", true},
		{"Of the interfaces seen, only eno1 has an IPv4 address on the LAN.", true},
		{"The interfaces found are lo, eno1, eno2, docker0 and wg0.", true},
		{"The interfaces shown are lo, eno1, eno3, docker0 and wg0.", false},
		{"Of the interfaces seen, only eno2 has 10.20.30.41/24.", false},
	} {
		in.Answer = c.answer
		if r := Judge(in); r.Signals.AnswerGrounded != c.true {
			t.Errorf("%q: grounded %v, want %v: %+v", c.answer, r.Signals.AnswerGrounded, c.true, r.Grounding)
		}
	}
	evidence := "probe interfaces ip -brief addr\nbr0 UP 192.168.7.2/24\nveth3a1 UP\n"
	checkPairs(t, []pair{
		{"shown", evidence, "Two interfaces shown: br0 and veth3a1.", "Two interfaces shown: br0 and veth3a2."},
	})
}
