package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A reply of a word or two can still answer a short question: "nas-01"
// (the host name), "30845" (a PID), "sdc1". Garbled calls it too short;
// Judge keeps it when every token of it is a name the evidence holds as a
// whole token: one with a digit or a joining mark ("nas-01", "sdc1",
// "restic-backup.service"), or a process, device, interface, unit or
// journal identifier of the evidence ("restic", "vda"). A random token, a cut-off word ("restic-bac",
// "nas") or a plain word ("Yes.") stays too short; a label ("PID
// 30845") may stand before a name.

// terseLabels may stand before such a name: "PID 30845", "port 8200".
var terseLabels = lexicon.NewSet(`pid port host user device`)

// maxTerseTokens bounds the tokens of such a reply.
const maxTerseTokens = 3

// terseMemo is the last reply terseTokens read with an index, and its
// result: ix.text and ix.entities are settled before any rule reads them.
type terseMemo struct {
	reply  string
	tokens []string
}

// terseTokens returns the reply's tokens when it is such an answer, else
// nil; ix is the evidence's index Check built.
func terseTokens(reply string, ix *index) []string {
	if ix.terse != nil && ix.terse.reply == reply {
		return ix.terse.tokens
	}
	out := readTerse(reply, ix)
	ix.terse = &terseMemo{reply, out}
	return out
}

func readTerse(reply string, ix *index) []string {
	fields := strings.Fields(reply)
	if len(fields) == 0 || len(fields) > maxTerseTokens {
		return nil
	}
	var out []string
	for k, f := range fields {
		w := strings.ToLower(strings.Trim(f, " *`\"'.,;:!?"))
		if terseLabels[w] && k+1 < len(fields) {
			continue // "PID 30845": the label of the name after it
		}
		if len(w) < 3 || lexicon.IsStopword(w) || everydayWords[w] || !wholeToken(ix.text, w) {
			return nil
		}
		_, named := ix.entities[w]
		named = named || lexicon.IsBlockDevice(w) || lexicon.IsInterface(w) || lexicon.IsUnit(w)
		if !named && !strings.ContainsAny(w, "0123456789-_./:@") {
			return nil
		}
		out = append(out, strings.Trim(f, " *`\"'.,;:!?"))
	}
	return out
}

// wholeToken reports whether w occurs in text with no letter, digit or
// joined part ("-01", ".service") on either side.
func wholeToken(text, w string) bool {
	joins := func(i int) bool {
		return i < len(text) && (isAlnumByte(text[i]) || strings.IndexByte("-_./", text[i]) >= 0 && i+1 < len(text) && isAlnumByte(text[i+1]))
	}
	return indexBounded(text, w, 0, func(i, end int) bool {
		before := i == 0 || !isAlnumByte(text[i-1]) && strings.IndexByte("-_./", text[i-1]) < 0
		return before && !joins(end)
	}) >= 0
}

// terseFound grounds a claimless terse reply by its tokens ("nas-01").
func terseFound(answer string, ix *index) string {
	return strings.Join(terseTokens(answer, ix), " ")
}
