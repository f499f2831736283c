package supervisor

import "strings"

// A count the journal rule checks ("The journal has 21 warning-or-worse
// entries", journalcounts.go) is judged by that rule alone: its figure is
// not also a plain number to find somewhere in the evidence, which a count
// of entries is not (the entries are shown, never counted).

// dropJournalCounted returns claims without the plain figures of the
// journal counts of their sentences.
func dropJournalCounted(ix *index, answer string, claims []claim) []claim {
	out := make([]claim, 0, len(claims))
	counts := map[int]string{} // sentence start: the count's figure, or ""
	for _, c := range claims {
		if c.kind != kindCount || c.advice {
			out = append(out, c)
			continue
		}
		at := c.facts.at
		figure, seen := counts[at.start]
		if !seen {
			if _, what, ok := journalCount(ix, answer[at.start:min(at.end, len(answer))]); ok {
				figure, _, _ = strings.Cut(what, " ")
			}
			counts[at.start] = figure
		}
		if figure == "" || figure != strings.ReplaceAll(c.key, ",", "") {
			out = append(out, c)
		}
	}
	return out
}
