package supervisor

import (
	"regexp"
	"strconv"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A count of failing units said of the journal ("the journal does show
// one service failing", "the logs show two failed units") is the
// journal's: the units with a failure line ("x.service: Failed with
// result …", "… entered failed state"), each once; it needs no systemctl
// --failed list, and that list's count does not judge it. A count said
// of nothing is systemctl's (probecites.go, compare.go).

var (
	journalSources = lexicon.NewSet(`journal journalctl logs log syslog`)
	unitFailedLine = regexp.MustCompile(`([\w@.:-]+\.(?:service|timer|socket|mount|path|scope|target|automount|swap)):? (?:failed with result|entered failed state)`)
)

// failedByJournal reports a sentence that gives its failed-unit count as
// the journal's: a journal word before the count's noun.
func failedByJournal(ws []string) bool {
	for i, w := range ws {
		if journalSources[w] {
			for _, v := range ws[i+1:] {
				if failedNouns[v] {
					return true
				}
			}
		}
	}
	return false
}

// journalFailedUnits counts the units the journal shows failing; ok is
// false without a readable journal.
func (ix *index) journalFailedUnits() (n int, ok bool) {
	ids, ok, unread := ix.journalEntries()
	if !ok || unread {
		return 0, false
	}
	seen := map[string]bool{}
	for _, id := range ids {
		for _, m := range unitFailedLine.FindAllStringSubmatch(ix.recs[id].text, 2) {
			seen[m[1]] = true
		}
	}
	return len(seen), true
}

// checkJournalFailed reports a failed-unit count said of the journal; it
// reports whether the sentence was one.
func checkJournalFailed(ix *index, g *Grounding, f sentenceFacts, ws []string) bool {
	if !f.counted || !failedByJournal(ws) {
		return false
	}
	if n, ok := ix.journalFailedUnits(); ok {
		report(g, n == f.failed, strconv.Itoa(f.failed)+" failed units (journal)")
	}
	return true
}
