package supervisor

import "testing"

// TestHedgedCauses checks that only a hedge of the cause's own clause,
// before its marker, makes the cause a guess: a modal elsewhere in the
// sentence ("As you can see, …", "…, which may need attention") leaves
// an invented cause judged.
func TestHedgedCauses(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"a modal in an opening clause is no hedge", server,
			"As you can see, backup.service failed at 02:00:05 because rsync ran out of space.",
			"As you can see, backup.service failed at 02:00:05 because of an expired certificate."},
		{"a modal after the cause is no hedge", server,
			"backup.service failed at 02:00:05 because no space was left on the device, which may need attention.",
			"backup.service failed at 02:00:05 because of an expired certificate, which may need attention."},
		{"a hedge right before the marker is a guess", server,
			"backup.service failed at 02:00:05, probably because of an expired certificate.", ""},
		{"a guess word before the marker is a guess", server,
			"backup.service failed at 02:00:05; it looks like it was caused by an expired certificate.", ""},
		{"a hedge inside the causal clause is a guess", server,
			"backup.service failed at 02:00:05 because its certificate probably expired.", ""},
		{"an unknown cause is still a cause", server, "",
			"backup.service failed at 02:00:05 because of an unknown certificate error."},
		{"what can cause an event is a guess", server,
			"backup.service failed at 02:00:05. Such failures can be caused by expired certificates.", ""},
		{"a denied modal before the marker states a fact", server, "",
			"backup.service could not finish at 02:00:05 because of an expired certificate."},
	})
}
