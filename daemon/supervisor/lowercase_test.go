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

// TestMarkerOffsetsAfterGrowingCase checks that causeSpan and youClause
// return offsets into the sentence they were given when it holds letters
// strings.ToLower lengthens ("\u023a", 2 bytes to 3) or an invalid byte
// (1 byte to U+FFFD's 3): the marker must start where they say.
func TestMarkerOffsetsAfterGrowingCase(t *testing.T) {
	for _, head := range []string{strings.Repeat("\u023a", 40), strings.Repeat("\xeb", 40)} {
		cause := head + " sshd failed because of python3, PID 812."
		if at, _ := causeSpan(cause); !strings.HasPrefix(cause[min(at, len(cause)):], "because") {
			t.Errorf("causeSpan(%q) starts at %d, not at \"because\"", cause, at)
		}
		you := head + " Port 22 is open, which is fine if you use ssh."
		if at := youClause(you); at < 0 || !strings.HasPrefix(you[min(at, len(you)):], " if you ") {
			t.Errorf("youClause(%q) = %d, not at \" if you \"", you, at)
		}
	}
	// segmentOf cuts at " and "/" or " found in the same way.
	answer := strings.Repeat("\xeb", 12) + " PIDs and 42"
	off := strings.Index(answer, "42")
	if seg, _ := segmentOf(answer, 0, off); seg > off || !strings.HasPrefix(answer[seg:], "42") {
		t.Errorf("segmentOf(%q) = %d, want %d", answer, seg, off)
	}
}
