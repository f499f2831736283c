package supervisor

import (
	"regexp"
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "The log says max_wal_size was increased", where the only line about
// it is PostgreSQL's 'HINT: Consider increasing the configuration
// parameter "max_wal_size"': a log's advice is no report that it was
// followed. An answer that says an act was done (increased, dropped,
// closed, rolled back) or that what a line warns to avoid happened ("has
// hit transaction ID wraparound" where the hint says "to avoid
// wraparound problems") is false when the act's words, with its object
// after them, are only in advising lines (a HINT, "Consider …", "You
// might need to …") and in no line that reports anything. A sentence
// that keeps the act advice ("should be increased", "suggests it be
// dropped") asserts none.

// advisedActs gives, for each act an answer says was done, the stems an
// advising line words it with: "increased" is done what "Consider
// increasing" advises; "hit" happened what "to avoid" warns of.
var advisedActs = map[string][]string{
	"increased": {"increas", "rais"}, "raised": {"increas", "rais"},
	"dropped": {"drop", "remov", "delet"}, "removed": {"drop", "remov", "delet"}, "deleted": {"drop", "remov", "delet"},
	"closed": {"clos"}, "committed": {"commit"}, "rolled": {"roll"},
	"hit": {"avoid", "prevent"}, "reached": {"avoid", "prevent"}, "suffered": {"avoid", "prevent"},
}

var (
	// adviceLineRe reads a line that advises rather than reports.
	adviceLineRe = regexp.MustCompile(`\bhint:|\bconsider\b|\byou (?:might|may|should|can|could|need)\b|\bshould\b|\brecommend|\bplease\b`)
	// actWordRe reads the words of an answer or a line, identifiers whole
	// ("max_wal_size").
	actWordRe = regexp.MustCompile(`[a-z0-9_]+`)
	// actClauseEndRe ends the clause an act's object is in.
	actClauseEndRe = regexp.MustCompile(`[.;:!?\n(]|, | and | but | following | as | so | which `)
)

// actKeeps before an act word keep it advice, a denial or a wish:
// "should be increased", "suggested it be dropped", "not closed".
var actKeeps = lexicon.NewSet(`be to should must might may could would can need needs not never no if unless
	suggest suggests suggested consider considering recommend recommends recommended hint hints advise advises advised avoid`)

// actAuxiliaries open a passive act ("max_wal_size was increased"); the
// adverbs may stand between ("was then increased"). "has dropped" is
// active: its object follows.
var (
	actAuxiliaries = lexicon.NewSet(`was were been is are got`)
	actAdverbs     = lexicon.NewSet(`then now already also just since finally`)
	// actFillers are no object of an act.
	actFillers = lexicon.NewSet(`the a an its their his her this that these those all any some his log line says said
	reports reported shows showed output then now already also just since finally`)
)

// checkAdvisedActs reports each act the answer says was done that the
// evidence only advises.
func checkAdvisedActs(ix *index, g *Grounding, answer string) {
	low := asciiLower(answer)
	if !slices.ContainsFunc(actWordRe.FindAllString(low, -1), func(w string) bool { return advisedActs[w] != nil }) {
		return
	}
	ids, ok, _ := ix.journalEntries()
	if !ok || len(ids) == 0 {
		return
	}
	var advice, reports []string
	for _, id := range ids {
		_, msg := journalParts(ix.recs[id].text)
		msg = asciiLower(msg)
		if adviceLineRe.MatchString(msg) {
			advice = append(advice, msg)
		} else {
			reports = append(reports, msg)
		}
	}
	if len(advice) == 0 {
		return
	}
	// Each line's words, read once for every act word of the answer.
	var adviceWords, reportWords [][]string
	for _, m := range actWordRe.FindAllStringIndex(low, -1) {
		act := low[m[0]:m[1]]
		stems := advisedActs[act]
		if stems == nil {
			continue
		}
		before := actWordRe.FindAllString(clauseBefore(low[:m[0]]), -1)
		if slices.ContainsFunc(before[max(0, len(before)-3):], func(w string) bool { return actKeeps[w] }) {
			continue
		}
		after := low[m[1]:]
		if act == "rolled" {
			if !strings.HasPrefix(after, " back") {
				continue
			}
			after = after[len(" back"):]
		}
		objects := actObjects(before, after)
		if len(objects) == 0 {
			continue
		}
		// A report naming the act's object as fully as the advice does
		// ("dropped replication slot old" for "drop stale replication
		// slots") says it happened.
		if adviceWords == nil {
			adviceWords, reportWords = lineWords(advice), lineWords(reports)
		}
		advised := 0
		for _, ws := range adviceWords {
			advised = max(advised, actAfterStem(ws, stems, objects))
		}
		if advised > 0 && !slices.ContainsFunc(reportWords, func(ws []string) bool { return actAfterStem(ws, stems, objects) >= advised }) {
			g.Missing = append(g.Missing, act+" "+strings.Join(objects, " ")+" (only advised: no line says it happened)")
		}
	}
}

// clauseBefore returns the clause s ends in.
func clauseBefore(s string) string {
	if locs := actClauseEndRe.FindAllStringIndex(s, -1); len(locs) > 0 {
		return s[locs[len(locs)-1][1]:]
	}
	return s
}

// actObjects returns the content words an act is done to: the words
// before its auxiliary for a passive act, else those after it in its
// clause.
func actObjects(before []string, after string) []string {
	n := len(before)
	for n > 0 && actAdverbs[before[n-1]] {
		n--
	}
	var ws []string
	if n > 0 && actAuxiliaries[before[n-1]] {
		ws = before[max(0, n-4) : n-1]
	} else {
		if loc := actClauseEndRe.FindStringIndex(after); loc != nil {
			after = after[:loc[0]]
		}
		ws = actWordRe.FindAllString(after, -1)
		ws = ws[:min(len(ws), 6)]
	}
	var out []string
	for _, w := range ws {
		if len(w) >= 3 && !actFillers[w] && !functionWords[w] {
			out = append(out, w)
		}
	}
	return out
}

// lineWords returns the words of each line.
func lineWords(lines []string) [][]string {
	out := make([][]string, len(lines))
	for i, t := range lines {
		out[i] = actWordRe.FindAllString(t, -1)
	}
	return out
}

// actAfterStem counts the words of objects (or their plurals) that a
// line's words ws have after a word opening with one of stems.
func actAfterStem(ws []string, stems, objects []string) int {
	best := 0
	for i, w := range ws {
		if !slices.ContainsFunc(stems, func(s string) bool { return strings.HasPrefix(w, s) }) {
			continue
		}
		n := 0
		for _, o := range objects {
			if slices.ContainsFunc(ws[i+1:], func(v string) bool { return v == o || v == o+"s" || o == v+"s" }) {
				n++
			}
		}
		best = max(best, n)
	}
	return best
}
