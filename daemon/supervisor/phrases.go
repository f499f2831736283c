package supervisor

import "strings"

// An answer with no figure or name can still quote the machine: "the
// journal has no entries" (journalctl printed "-- No entries --"), "there
// is no connection to the systemd system bus" (the probe's error). When an
// answer makes no other claim, such a quote grounds it: a whole evidence
// line of two to four words, or phraseRun words in a row of one line of
// which at least two are not function words. Instructions found in the
// evidence never count (see injection.go): repeating them is Echoed.

// phraseRun is how many words in a row make a quoted phrase.
const phraseRun = 3

// phrases returns the first phrase the answer shares with the evidence,
// or "".
func phrases(answer, evidence string) string {
	aw := plainWords(answer)
	if len(aw) < 2 {
		return ""
	}
	joined := " " + strings.Join(aw, " ") + " "
	grams := map[[phraseRun]string]bool{}
	for i := 0; i+phraseRun <= len(aw); i++ {
		var g [phraseRun]string
		copy(g[:], aw[i:i+phraseRun])
		grams[g] = true
	}
	for _, line := range strings.Split(evidence, "\n") {
		lw := plainWords(line)
		if len(lw) >= 2 && len(lw) <= 4 {
			if p := strings.Join(lw, " "); strings.Contains(joined, " "+p+" ") {
				return p
			}
		}
		if instructionStart(lw) >= 0 {
			continue
		}
		for i := 0; i+phraseRun <= len(lw); i++ {
			var g [phraseRun]string
			copy(g[:], lw[i:i+phraseRun])
			if grams[g] && contentWords(g[:]) >= 2 {
				return strings.Join(g[:], " ")
			}
		}
	}
	return ""
}
