package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// "Swap is 2.0Gi and not being used at all", "swap is untouched", "swap
// isn't in use", "Swap: 2.0Gi, none of it in use": a sentence saying swap
// is unused holds only when free's Swap row (or the typed swap_used_bytes) shows nothing used. Not "no
// swap" (an absence, relations.go), nor "barely used", nor in advice, a
// question or a condition ("if swap is not used, …").

var (
	swapUnusedWords = lexicon.NewSet(`unused untouched`)
	swapUseWords    = lexicon.NewSet(`used use touched`)
	// swapSubjects end the words read after "swap": another subject.
	swapSubjects = lexicon.NewSet(`memory ram disk cpu while whereas but though although`)
	swapConds    = lexicon.NewSet(`if when unless once until whether`)
	// swapTurns followed by one of swapTurnHeads go on about swap itself:
	// "Swap (255Mi) is there but nothing of it is used", "… but it isn't
	// used".
	swapTurns     = lexicon.NewSet(`but though although yet`)
	swapTurnHeads = lexicon.NewSet(`nothing none it not never zero`)
	swapDegrees   = lexicon.NewSet(`much heavily significantly a enough`)
	// swapNearly before "unused" says nearly so: "basically untouched"
	// holds of 188Ki used of 2.0Gi, not of half of it.
	swapNearly = lexicon.NewSet(`basically virtually practically essentially almost nearly largely mostly effectively`)
)

// nearlyUnused is the share of swap in use that "nearly unused" allows.
const nearlyUnused = 0.01

// swapSpan is how many words after "swap" may say it is unused.
const swapSpan = 8

// swapUseReach is how far after a negation its "used" or "use" may come:
// any four words ("not being used"), then only swapUseFillers, for
// "none of it is currently in use" is as plain as "none of it in use".
const swapUseReach = 8

// swapUseFillers are the words that may stand between "none of it" and
// "in use" past the first four.
var swapUseFillers = lexicon.NewSet(`of it that this is was are being been currently actually presently even
	right now in at all any the swap space yet`)

// saysSwapUnused reports a sentence's words saying swap is not used;
// hedged is set when a word before "unused" only says nearly so
// ("basically untouched").
func saysSwapUnused(ws []string) (said, hedged bool) {
	for i, w := range ws {
		if w != "swap" || anyOf(ws[:i], swapConds) || at(ws, i-1) == "no" {
			continue
		}
		for k := i + 1; k < len(ws) && k <= i+swapSpan; k++ {
			switch {
			case swapSubjects[ws[k]] && !(swapTurns[ws[k]] && swapTurnHeads[at(ws, k+1)]):
				return false, false
			case swapUnusedWords[ws[k]]:
				return true, swapNearly[at(ws, k-1)]
			case ws[k] == "not" || ws[k] == "isn" || ws[k] == "never" ||
				ws[k] == "none" || ws[k] == "nothing" || ws[k] == "zero":
				// "not used", "not being used", "not in use", "isn't used",
				// "none of it in use", "nothing used"
				for j := k + 1; j < len(ws) && j <= k+swapUseReach; j++ {
					if swapFullWords[ws[j]] { // "not full: 580Ki used" (swapstates.go)
						break
					}
					if swapUseWords[ws[j]] {
						return !swapDegrees[at(ws, j+1)], false // "not used much" allows some use
					}
					if j >= k+4 && !swapUseFillers[ws[j]] {
						break
					}
				}
			}
		}
	}
	return false, false
}

// checkSwapUse reports a sentence saying swap is unused or all of it free
// (see above): both claim free shows none used.
func checkSwapUse(ix *index, g *Grounding, ws []string) {
	said, hedged := saysSwapUnused(ws)
	if !said && !saysSwapAllFree(ws) {
		return
	}
	switch s := ix.swap(); { // swaprow.go
	case s.used < 0:
	case s.used > 0 && !(hedged && s.total > 0 && s.used <= s.total*nearlyUnused):
		g.Missing = append(g.Missing, "swap unused")
	default:
		g.Found = append(g.Found, "swap unused")
	}
}
