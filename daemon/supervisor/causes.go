package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A cause the answer gives for an event ("backup.service failed because
// of a permission error") is a claim about this machine like any figure:
// a model that sees "Failed with result 'exit-code'" and adds a reason
// has invented it. The words of a causal clause — after "because", "due
// to", "caused by", "triggered by", "owing to", "as a result of", "the
// reason is", "after the …" — that
// carry content must each occur in the evidence the sentence is about
// (see events.go), as a word or as a word sharing its stem ("timeout" and
// "timed out"). Grammar, generic words ("system", "uses", "much") and
// figures (checked as claims) are exempt.

// maxCauseWords bounds the words of one causal clause that are checked.
const maxCauseWords = 24

// causeStarts end the words that open a causal clause.
var causeStarts = map[string]string{"because": "", "after": "", "due": "to", "caused": "by", "owing": "to", "result": "of", "reason": "is",
	"triggered": "by", "failed": "with"}

// eventStarts after "after" make it name an event that led to another
// ("failed after the disk filled up"), not a time ("after 10:02").
var eventStarts = lexicon.NewSet(`the a an its it being`)

// orderVerbs after "after it" put the subject after its verb ("After it
// come kubelet at 11.6% and …"): the sentence tells what ranks next, not
// what happened after an event ("crashed after it ran out of memory").
var orderVerbs = lexicon.NewSet(`come comes came follow follows rank ranks`)

// genericWords say nothing specific about a machine: a clause made of
// them and evidence words adds no invented fact. A reflexive pronoun
// ("the host itself") is grammar.
var genericWords = lexicon.NewSet(`system systems machine computer thing things lot lots much many more less
	most very quite high higher low lower large larger small smaller big bigger uses using used usage
	runs running ran making make made takes taking took take needs need needed gets getting got keeps
	keeping some something someone anything everything nothing other another same such just only also
	still even already currently recently likely probably seems seem appears appear because cause
	found find finds encountered encountering reported reports hitting
	caused reason result there their which when where while what enough again every each since either neither
	itself themselves himself herself`)

// causeOf returns the content words of a sentence's causal clause and
// where that clause starts and ends in it; none when it has no causal
// clause or when a guess word of its own clause, before its marker or
// after it, makes it a guess ("It might have been caused by …", "…,
// probably because …", "because the certificate may have expired"). A
// modal elsewhere ("As you can see, …", "…, which may need
// attention") guesses nothing about the cause.
func causeOf(sentence string, ws []string) ([]string, int, int) {
	words := causeWords(ws)
	if words == nil {
		return nil, 0, 0
	}
	at, end := causeSpan(sentence)
	if placementCause(sentence[at:end]) {
		return nil, 0, 0 // a mount's placement, placements.go
	}
	if w, ok := cutCause(sentence, at, end); ok {
		words = w // causeclauses.go
	}
	before, clause := sentence[:at], sentence[at:end]
	for _, sep := range guessClauseEnds {
		if i := strings.LastIndex(before, sep); i >= 0 {
			before = before[i+len(sep):]
		}
		if i := strings.Index(clause, sep); i >= 0 {
			clause = clause[:i]
		}
	}
	if guessed(before) || guessed(clause) {
		return nil, 0, 0
	}
	return words, at, end
}

// guessClauseEnds end the clause a cause's guess word must stand in.
var guessClauseEnds = []string{", ", "; ", ": ", " — ", " – ", " - "}

// causeWords returns the content words of a sentence's causal clause, or
// nil when it has none.
func causeWords(ws []string) []string {
	for i, w := range ws {
		next, ok := causeStarts[w]
		if !ok || (next != "" && (i+1 >= len(ws) || ws[i+1] != next)) {
			continue
		}
		if w == "result" && (i == 0 || ws[i-1] != "a") || w == "reason" && (i == 0 || ws[i-1] != "the") ||
			w == "after" && (!eventStarts[at(ws, i+1)] || i == 0 && ranks(ws) || orderVerbs[at(ws, i+2)] || spanAfter(ws, i)) {
			continue
		}
		var out []string
		for k, c := range ws[i+1:] {
			if len(out) == maxCauseWords || guessWord(ws, i+1+k) {
				break // "…, which may need attention" asserts nothing
			}
			// "couldn't", "didn't": a negated auxiliary is grammar, cut
			// by plainWords into "couldn" and "t".
			negAux := strings.HasSuffix(c, "n") && at(ws, i+2+k) == "t"
			if len(c) >= 4 && !negAux && !functionWords[c] && !genericWords[c] && !lexicon.IsStopword(c) &&
				!strings.HasSuffix(c, "ly") && !strings.ContainsAny(c, "0123456789") {
				out = append(out, c)
			}
		}
		if w == "failed" {
			out = failureMessage(out) // failedwith.go
		}
		return out
	}
	return nil
}

// hasStem reports whether an evidence word begins with stem.
func (ix *index) hasStem(stem string) bool {
	ix.affix(stem, 1) // builds the sorted token list
	i, _ := slices.BinarySearch(ix.sorted, stem)
	return i < len(ix.sorted) && strings.HasPrefix(ix.sorted[i], stem)
}

// causeMarks open a causal clause in a lowercased sentence.
var causeMarks = []string{"because", "due to ", "caused by ", "triggered by ", "owing to ", "as a result of ", "the reason is ",
	"after the ", "after a ", "after an ", "after its ", "after it ", "after being ", "failed with "}

// causeSpan returns where a sentence's causal clause starts and ends: to
// the sentence's end, or to the first comma when the sentence opens with
// it ("Because of X, Y failed").
func causeSpan(sentence string) (int, int) {
	low := asciiLower(sentence)
	at := -1
	for _, m := range causeMarks {
		if i := strings.Index(low, m); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at < 0 {
		return 0, 0
	}
	end := len(sentence)
	if strings.TrimSpace(low[:at]) == "" {
		if i := strings.IndexByte(low[at:], ','); i >= 0 {
			end = at + i
		}
	}
	return at, end
}

// spanAfter reports an "after" that closes a span with "before" ("both
// before and after the restart", "before or after the upgrade"): it tells
// when something held, on either side of an event, not that the event
// caused it.
func spanAfter(ws []string, i int) bool {
	return i >= 2 && (ws[i-1] == "and" || ws[i-1] == "or") && ws[i-2] == "before"
}
