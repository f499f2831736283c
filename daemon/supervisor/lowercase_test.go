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
	} {
		Check(answer, ev)
	}
}
