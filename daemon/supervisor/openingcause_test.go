package supervisor

import "testing"

// "Because X, Y": the cause X and the effect Y it explains are both
// checked; a reflexive pronoun in them ("the host itself") is grammar.
func TestOpeningCause(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"a reflexive pronoun is grammar", server,
			"Because no space was left on the device, backup.service itself failed at 02:00:05.",
			"Because the certificate expired, backup.service itself failed at 02:00:05."},
		{"the effect of an opening cause is checked", server, "",
			"Because no space was left on the device, backup.service got stuck at 02:00:05."},
	})
}
