package supervisor

import "testing"

// TestSwapUnusedFillers: "none of it is in use" says swap is unused as
// "none of it in use" does, with the words between the negation and "use"
// ("is", "currently", "actually being") read past the first four.
func TestSwapUnusedFillers(t *testing.T) {
	host24 := EvidenceText(scenario(t, "host24"))
	host28 := EvidenceText(scenario(t, "host28"))
	host33 := EvidenceText(scenario(t, "host33"))
	checkPairs(t, []pair{
		{"size and none of it is in use", host33,
			"Swap is 1.0Gi and none of it is in use.", ""},
		{"size and none of it is in use, used", host24,
			"Swap is 511Mi and 4.1Mi of it is in use.",
			"Swap is 511Mi and none of it is in use."},
		{"none of it is currently in use", host33,
			"Swap: 1.0Gi, none of it is currently in use.", ""},
		{"none of it is currently in use, used", host28,
			"Swap: 255Mi, 12Mi of it currently in use.",
			"Swap: 255Mi, none of it is currently in use."},
		{"none of it is actually being used", host33,
			"Swap is 1.0Gi and none of it is actually being used right now.", ""},
		{"none of it is actually being used, used", host24, "",
			"Swap is 511Mi and none of it is actually being used right now."},
		{"it of the sentence before", host33,
			"Swap is 1.0Gi; none of it is in use.", ""},
		{"it of the sentence before, used", host28,
			"Swap is 255Mi; 12Mi of it is in use.",
			"Swap is 255Mi; none of it is in use."},
		{"it is not being used after a total", host24,
			"Swap: 511Mi total. It is barely used: 4.1Mi.",
			"Swap: 511Mi total. It is not being used at all."},
		{"it after another subject", host24,
			"Swap is 511Mi and memory 23Gi. None of it is a concern.", ""},
		{"not a concern though some is used", host24,
			"Swap is not a concern since 4.1Mi of it is used.", ""},
	})
}
