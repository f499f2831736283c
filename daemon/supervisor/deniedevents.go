package supervisor

import (
	"regexp"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// An event can be denied as well as reported: "The journal lines shown
// contain no out-of-memory or OOM killer events" is false where the
// kernel logged "Out of memory: Killed process 2874" (heldout94). A
// negated sentence asserts no event (eventsIn), so such a denial is read
// here: a clause that negates an event word, in a sentence about the
// evidence (the journal, the logs, the lines shown), is missing when the
// evidence records that event. A denial scoped to something that may not
// have had it is left unjudged: to an entity ("nginx did not crash"), to
// a time ("no OOM kill since the restart"), or to a condition.

// eventTopics make a sentence speak of the evidence.
var eventTopics = lexicon.NewSet(`journal journals log logs syslog logged dmesg evidence probes probe lines
	output entries records messages`)

// eventScopes bound a denial in time: it may hold though the evidence
// has the event before or after.
var eventScopes = lexicon.NewSet(`since after before until during today yesterday recent recently
	hour hours minute minutes boot reboot restart restarted last`)

// deniedEventTexts are the evidence texts that record each event word an
// answer may deny: the event itself, not a word that merely shares its
// stem (the kernel's "crashkernel=", a process's "oom_score_adj").
var deniedEventTexts = map[string][]string{
	"oom": oomTexts, "memory": oomTexts, "killed": {"killed", "sigkill"}, "kills": {"killed", "sigkill"},
	"crash": crashTexts, "crashed": crashTexts, "crashes": crashTexts, "crashing": crashTexts,
	"segfault": segvTexts, "segfaults": segvTexts, "segfaulted": segvTexts,
	"panic": {"kernel panic"}, "panics": {"kernel panic"}, "panicked": {"kernel panic"},
	"failed": failTexts, "failure": failTexts, "failures": failTexts,
}

// failTexts record a unit's failure in the journal. A failure word is an
// event only in a sentence about the journal (journalWords, probelists.go)
// and not before "unit": "no failed unit" is systemctl's present state,
// which the journal's failure of a unit restarted since does not
// contradict.
var (
	failTexts = []string{"failed to start", "failed with result"}
	failWords = lexicon.NewSet(`failed failure failures`)
)

var (
	oomTexts   = []string{"out of memory: kill", "oom-kill", "oom_kill", "the oom killer", "oomkilled"}
	segvTexts  = []string{"segfault at", "sigsegv", "segmentation fault", "status=11/segv"}
	crashTexts = append([]string{"crashed", "core-dump", "dumped core", "code=dumped"}, segvTexts...)
)

// denialBreaks end a clause of a lowercased sentence.
var denialBreaks = regexp.MustCompile(`[,;:]| but | so | although | though | while | whereas `)

// deniedEvents returns the event words a sentence denies of the evidence
// (see above), or nil.
func deniedEvents(sentence string) []string {
	low := asciiLower(sentence)
	ws := plainWords(low)
	topic := false
	for _, w := range ws {
		if eventScopes[w] {
			return nil
		}
		topic = topic || eventTopics[w]
	}
	if !topic {
		return nil
	}
	journal := anyOf(ws, journalWords)
	var out []string
	for _, clause := range denialBreaks.Split(low, -1) {
		cw := plainWords(clause)
		neg := -1
		for i, w := range cw {
			if conditionals[w] {
				break
			}
			if neg < 0 && (negations[w] || nothingWords[w] || w == "t" && i > 0) {
				neg = i // "t" is what plainWords leaves of "didn't"
			}
			if neg < 0 || deniedEventTexts[w] == nil {
				continue
			}
			if w == "memory" && (i < 2 || cw[i-1] != "of" || cw[i-2] != "out") {
				continue // only "out of memory" is the event
			}
			if failWords[w] && (!journal || at(cw, i+1) == "unit" || at(cw, i+1) == "units") {
				continue
			}
			out = append(out, w)
		}
	}
	return out
}

// checkDeniedEvents reports each event a sentence with no entity denies
// (deniedEvents) that the evidence records.
func checkDeniedEvents(ix *index, g *Grounding, facts []sentenceFacts, anchors map[int][]claim) {
	for k, f := range facts {
		if f.advice && !f.general || len(anchors[k]) > 0 {
			continue
		}
		for _, w := range deniedEvents(f.blank) {
			if containsAny(ix.text, deniedEventTexts[w]) {
				g.Missing = append(g.Missing, "no "+w+" (the evidence records one)")
				break
			}
		}
	}
}

// containsAny reports whether text contains one of subs.
func containsAny(text string, subs []string) bool {
	for _, s := range subs {
		if strings.Contains(text, s) {
			return true
		}
	}
	return false
}
