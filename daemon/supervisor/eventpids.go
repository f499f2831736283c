package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A PID said to have been killed, to have crashed or exited ("the OOM
// killer killed the billing Java process, PID 29962") is the PID the
// log line of that event names: a record must show the PID as a PID and
// the event. A live process's PID beside a logged kill ("Killed process
// 3187 (java)") is the wrong process even though the name and time match.
// Only a PID in the event verb's own clause is judged: "java (PID 3187)
// was killed and restarted as PID 29962" says nothing killed 29962.

// pidEvents are the verbs that tell what happened to a process, by the
// evidence stems any of which records it.
var pidEvents = map[string][]string{
	"killed": {"kill"}, "crashed": {"crash", "segfault", "core", "dumped", "sigsegv", "signal"},
	"segfaulted": {"segfault", "segmentation", "sigsegv"}, "died": {"kill", "exit", "crash", "signal", "segfault", "dumped"},
	"exited": {"exit"}, "terminated": {"terminat", "kill", "signal", "exit"}, "aborted": {"abort", "sigabrt"},
}

// eventBreaks part a PID from an event verb: another clause, or another
// life of the process ("restarted as", "now runs as", "the new one").
var eventBreaks = []string{";", ", and ", ", but ", " but ", " while ", " whereas ", ", which ", " then ", " now ", " since ",
	"restart", "respawn", "replac", " new ", " again", " later", " after ", " before ", " came back", " come back",
	" currently", " running", " is ", " are ", " uses ", " using ", "\n", " — ", " - ", ": "}

// undoneWords make a sentence say what did not or may happen.
var undoneWords = lexicon.NewSet(`can cannot should will won would could might may if unless whether when`)

// undone reports a sentence that says what did not or may happen: a
// negation ("not", "couldn't") or an undoneWords word.
func undone(ws []string) bool {
	for i, w := range ws {
		if negations[w] || undoneWords[w] || w == "t" && i > 0 && strings.HasSuffix(ws[i-1], "n") {
			return true
		}
	}
	return false
}

// checkEventPIDs reports each PID an event verb of its clause is said of
// whose records hold no such event.
func checkEventPIDs(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim) {
	for _, c := range claims {
		if c.kind != kindPID || c.advice || c.general || c.sent >= len(facts) {
			continue
		}
		start, end := facts[c.sent].at.start, facts[c.sent].at.end
		if c.off < start || c.off > end {
			continue
		}
		verb := eventOf(asciiLower(answer[start:end]), c.off-start)
		if verb == "" {
			continue
		}
		recs := ix.anchorRecords(c)
		if len(recs) == 0 {
			continue // the PID itself is missing
		}
		if !slices.ContainsFunc(recs, func(id int32) bool { return hasAnyStem(ix.recs[id].text, pidEvents[verb]) }) {
			g.Missing = append(g.Missing, c.text+" (not "+verb+")")
		}
	}
}

// eventOf returns the event verb of sentence s whose clause holds the
// offset at, or "": none in a negated or conditional sentence.
func eventOf(s string, at int) string {
	if ws := plainWords(s); undone(ws) || anyOf(ws, nothingWords) {
		return ""
	}
	for i := 0; i < len(s); i++ {
		if !isLetterByte(s[i]) || i > 0 && isLetterByte(s[i-1]) {
			continue // not the start of a word
		}
		j := i + 1
		for j < len(s) && isLetterByte(s[j]) {
			j++
		}
		w := s[i:j]
		if pidEvents[w] == nil {
			continue
		}
		between := s[min(i, at):max(j, at)]
		if !slices.ContainsFunc(eventBreaks, func(b string) bool { return strings.Contains(between, b) }) {
			return w
		}
	}
	return ""
}

// isLetterByte reports a lowercase ASCII letter: s is lowered by
// asciiLower, which keeps every other byte, so offsets into it hold.
func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' }

// hasAnyStem reports whether text has a word starting with one of stems.
func hasAnyStem(text string, stems []string) bool {
	return slices.ContainsFunc(stems, func(s string) bool { return wordStart(text, s) })
}
