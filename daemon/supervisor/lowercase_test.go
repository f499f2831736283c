package supervisor

import (
	"strings"
	"testing"
)

// TestOffsetsAfterShrinkingCase checks that the rules reading a lowercased
// answer by the claims' offsets survive text that strings.ToLower
// shortens: the kelvin sign (3 bytes) becomes "k" (1 byte), and the
// offsets ran past the end of the text (a panic in Check).
func TestOffsetsAfterShrinkingCase(t *testing.T) {
	ev := EvidenceText(scenario(t, "host10"))
	kelvins := strings.Repeat("\u212a", 40) + " is a unit. "
	for _, answer := range []string{
		kelvins + "/ is on the same disk as /boot. It sits on /dev/vda.",
		kelvins + "The python3 process writes to /var/log/python.log.",
		// "\u023a" grows from 2 bytes to 3: a marker found in the longer
		// text lies past the end of the sentence it is cut from.
		strings.Repeat("\u023a", 40) + " sshd failed because of python3, PID 812.",
		strings.Repeat("\u023a", 40) + " Port 22 is open, which is fine if you use ssh.",
	} {
		Check(answer, ev)
	}
}
