package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Relations between a sentence's parts that no single claim carries:
//
//   - "A and B use X and Y respectively": the i-th figure is the i-th
//     entity's.
//   - "The biggest memory user is gnome-shell": the first process named
//     must be the first row of the probe sorted by that measure (ps
//     --sort=-%mem for memory, -%cpu for CPU).
//   - "the journal is empty", "no failed units": true only when the
//     journal probe printed no entries, or systemctl listed 0 units; "no
//     further no-space errors after that" only of the entries after its
//     time (boundedabsence.go).

// sentenceFacts are what extract reads from a whole sentence.
type sentenceFacts struct {
	sentence     // its place in the answer (sentence.go)
	respectively bool
	// top is the probe whose first row the sentence's first process must
	// be, or "".
	top string
	// rank is the row the "second busiest" must be (0 for the first).
	rank int
	// absent is the probe whose output the sentence says is empty, or "".
	absent string
	// cmp is the direction of a comparison ("more … than": 1, "less …
	// than": -1) and than the offset of its "than" in the answer; measure
	// is the ps column compared or ranked by (see compare.go).
	cmp, than int
	measure   string
	// topN is the N of "the N busiest processes", or 0.
	topN int
	// failed is the count of "2 units have failed" when counted is set.
	failed  int
	counted bool
	// listenN is the count of "only two ports are bound to 127.0.0.1"
	// when listenAddr, the address, is set (see compare.go).
	listenN    int
	listenAddr string
	// listeners is "only two services are listening" (see listeners.go).
	listeners listenCount
	// sum is set in a sentence that adds figures up (see bounds.go).
	sum bool
	// cause are the content words of a causal clause (see causes.go).
	cause []string
	// events are the event words it asserts (see events.go).
	events []string
	// causeAt and causeEnd bound its causal clause in the answer (offsets
	// in the sentence until extractAll shifts them), or are both 0;
	// orderEnd ends an opening "After X," clause (orders.go).
	causeAt, causeEnd, orderEnd int
	// inst is the count of "N <name> processes" (see instances.go).
	inst instCount
	// head is the sentence heading this one ("firefox:" above "  pid:
	// 4242"), or -1 (see headings).
	head int
}

// superlatives rank a process; memoryWords and cpuWords say by what.
var (
	superlatives = lexicon.NewSet(`biggest largest heaviest hungriest greediest busiest most highest`)
	memoryWords  = lexicon.NewSet(`memory ram mem rss resident`)
	cpuWords     = lexicon.NewSet(`cpu processor cycles busiest`)
	nothingWords = lexicon.NewSet(`no zero without none nothing`)
	logNouns     = lexicon.NewSet(`entries errors warnings error warning messages problems issues events`)
	logTopics    = lexicon.NewSet(`journal log logs syslog logged`)
	rankedGroups = lexicon.NewSet(`processes programs users consumers ones apps applications tasks services`)
)

// readSentence returns the facts of one sentence.
func readSentence(sentence string) sentenceFacts {
	ws := plainWords(sentence)
	f := sentenceFacts{sum: anyOf(ws, sumWords) || strings.Contains(sentence, " + ") || addsUp.MatchString(sentence), events: eventsIn(ws)}
	f.cause, f.causeAt, f.causeEnd = causeOf(sentence, ws)
	f.inst = instancesIn(sentence)
	f.listeners = listenCountIn(sentence)
	for i, w := range ws {
		switch {
		case w == "respectively":
			f.respectively = true
		case (superlatives[w] || w == "top" && topRanks(ws, i)) && f.top == "" && f.topN == 0:
			if n := countOf(at(ws, i-1)); n > 1 && rankedGroups[at(ws, i+1)] {
				f.topN, f.measure = n, measureCol(ws, i, topColumn(w))
			} else {
				f.top, f.rank = rankedBy(ws, i), ordinals[at(ws, i-1)]
				if setsAside(ws) || qualified(ws, i) {
					f.top = "" // "the most CPU besides qemu": not the first row
				}
			}
		case comparatives[w] != 0 && f.cmp == 0 && comparison(ws, i) != 0:
			f.cmp, f.than = comparison(ws, i), thanOffset(sentence)
			if f.measure == "" {
				f.measure = measureCol(ws, i, "")
			}
		case multiples[w] != 0 && f.cmp == 0 && multiple(ws, i) != 0:
			f.cmp, f.than = multiple(ws, i), asOffset(sentence, w)
			if f.measure == "" {
				f.measure = measureCol(ws, i, "")
			}
		case listenNouns[w] && f.listenAddr == "" && countOf(at(ws, i-1)) >= 0 && !allDigits(at(ws, i-2)) && anyOf(ws, listenWords):
			f.listenN, f.listenAddr = countOf(at(ws, i-1)), addressIn(sentence)
		case failedNouns[w] && !f.counted && failedCount(ws, i) > 0:
			f.failed, f.counted = failedCount(ws, i), true
		case failedNouns[w] && failedCount(ws, i) == 0:
			f.absent = "failed_services" // "0 failed units" is "no failed units"
		case nothingWords[w] && !unprobed(ws, i) && !unknowing(ws, i):
			f.absent = absentProbe(ws, i+evidenceLead(ws, i), f.absent)
		case w == "empty" && anyOf(ws, logTopics):
			f.absent = "system_logs"
		case w == "swap" && swapDenied(ws, i):
			f.absent = "swap"
		}
	}
	return f
}

// at returns ws[i], or "" out of range.
func at(ws []string, i int) string {
	if i < 0 || i >= len(ws) {
		return ""
	}
	return ws[i]
}

// topColumn is what a superlative ranks by when no measure word says.
func topColumn(w string) string {
	if w == "busiest" {
		return "%cpu"
	}
	return "%mem"
}

// thanOffset returns the offset of the word "than" in a sentence.
func thanOffset(sentence string) int {
	low := strings.ToLower(sentence)
	for i := 0; ; {
		j := strings.Index(low[i:], "than")
		if j < 0 {
			return len(sentence)
		}
		j += i
		if (j == 0 || !isAlnumByte(low[j-1])) && (j+4 == len(low) || !isAlnumByte(low[j+4])) {
			return j
		}
		i = j + 4
	}
}

// rankedBy returns the probe a superlative at ws[i] ranks by: CPU for
// "busiest" or a CPU word, memory for a memory word, the nearest after
// it when both occur; memory for "biggest" and the like alone.
func rankedBy(ws []string, i int) string {
	for k := i + 1; k < len(ws) && k <= i+2; k++ {
		if rankedGroups[ws[k]] {
			return "" // "the two busiest processes": a set, not the first
		}
	}
	if ws[i] == "busiest" {
		return "top_cpu"
	}
	for _, w := range ws[i+1:] {
		switch {
		case memoryWords[w]:
			return "top_memory"
		case cpuWords[w]:
			return "top_cpu"
		}
	}
	for _, w := range ws[:i] {
		switch {
		case memoryWords[w]:
			return "top_memory"
		case cpuWords[w]:
			return "top_cpu"
		}
	}
	if ws[i] == "most" || ws[i] == "highest" || ws[i] == "top" {
		return ""
	}
	return "top_memory"
}

// absentProbe reads "no errors", "no failed units", "nothing failed",
// "no swap" after the word at ws[i].
func absentProbe(ws []string, i int, prev string) string {
	for k := i + 1; k < len(ws) && k <= i+3; k++ {
		switch {
		case ws[k] == "failed" || ws[k] == "failing":
			return "failed_services"
		case logNouns[ws[k]] || (logTopics[ws[k]] && ws[i] == "nothing"):
			return "system_logs"
		case ws[k] == "swap" && ws[i] != "nothing":
			return "swap"
		}
	}
	return prev
}

// qualified reports a superlative that ranks among one program's
// processes ("the busiest compile process"), not all of ps's rows.
func qualified(ws []string, i int) bool {
	q := at(ws, i+1)
	return kindWords[at(ws, i+2)] && q != "" && !kindWords[q] && !memoryWords[q] && !cpuWords[q] && fieldWords[q] == ""
}

// swapDenied reads "swap is not configured", "swap is disabled" after
// "swap" at ws[i]: no swap at all, not swap left unused ("swap is not in
// use" says nothing of its size).
func swapDenied(ws []string, i int) bool {
	for k := i + 1; k < len(ws) && k <= i+3; k++ {
		switch {
		case swapAbsentWords[ws[k]]:
			return true
		case (ws[k] == "not" || ws[k] == "isn't") && k+1 < len(ws) && swapSetupWords[ws[k+1]]:
			return true
		}
	}
	return false
}

var (
	swapAbsentWords = lexicon.NewSet(`disabled absent unconfigured missing`)
	swapSetupWords  = lexicon.NewSet(`configured enabled present set setup active`)
)

func anyOf(ws []string, set lexicon.Set) bool {
	for _, w := range ws {
		if set[w] {
			return true
		}
	}
	return false
}

// respective pairs the figures of a "respectively" sentence with its
// entities in order, when there are as many of each (and those of a
// sentence listing PIDs and then figures with its PIDs, see
// pairedPIDs); it returns the
// entity of each paired figure by the figure's offset.
func respective(answer string, claims []claim, anchors map[int][]claim) map[int]*claim {
	out := map[int]*claim{}
	bySent := map[int][]claim{}
	for _, c := range claims {
		if attributed(c) && c.class == classNone {
			bySent[c.sent] = append(bySent[c.sent], c)
		}
	}
	for s, figs := range bySent {
		as := anchors[s]
		if !figs[0].facts.respectively {
			as, figs = pairedPIDs(answer, as, figs) // pidtails.go
		} else if len(as) != len(figs) {
			// "kdamond.0 (PID 77) and rcu_preempt (PID 15) use 0.6% and
			// 0.2% respectively": the names pair, their PIDs annotate them.
			as = named(as)
		}
		if len(as) != len(figs) {
			continue
		}
		for i := range figs {
			out[figs[i].off] = &as[i]
		}
	}
	return out
}

// named returns the anchors that are not PIDs.
func named(as []claim) []claim {
	var out []claim
	for _, a := range as {
		if a.class != classPID {
			out = append(out, a)
		}
	}
	return out
}

// parallelPIDs returns the PIDs of a sentence that lists as many PIDs as
// figures of one kind, all figures after all PIDs ("PIDs 22627 and
// 22692, at 20.7% and 25.0% CPU"): the two lists pair in order, as with
// "respectively". It returns nil for any other sentence.
func parallelPIDs(as, figs []claim) []claim {
	var pids []claim
	for _, a := range as {
		if a.class == classPID {
			pids = append(pids, a)
		}
	}
	if len(figs) < 2 || len(pids) != len(figs) || figs[0].off < pids[len(pids)-1].off {
		return nil
	}
	for _, f := range figs {
		if f.kind != figs[0].kind {
			return nil
		}
	}
	return pids
}

// ordinals before a superlative rank below the first: "the second
// busiest".
var ordinals = map[string]int{"second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "fifth": 4, "5th": 4}

// topRecord returns the first record of the rank-th distinct PID of a
// probe's table (its typed rows repeat the PIDs in the same order), or
// -1.
func (ix *index) topRecord(probe string, rank int) int32 {
	seen := map[float64]bool{}
	for id, r := range ix.recs {
		if r.probe != probe {
			continue
		}
		for _, v := range r.values {
			if v.col == "pid" && !seen[v.iv.lo] {
				seen[v.iv.lo] = true
				if len(seen) == rank+1 {
					return int32(id)
				}
			}
		}
	}
	return -1
}

// ranked checks a superlative sentence: its first process or PID must
// hold the probe's first row. It reports the claim that fails, or nil.
func ranked(ix *index, anchors []claim, probe string, rank int) *claim {
	rows := ix.columnValues(rankColumns[probe], probe)
	top := ix.sortedTop(probe, rank, rows) // figureranks.go
	if top < 0 {
		return ix.rankedByColumn(anchors, probe, rank, rows)
	}
	for i := range anchors {
		a := &anchors[i]
		if (a.class != classProcess && a.class != classPID) || a.positional || a.soft {
			continue // "the fuzzing run is using most of the CPU" describes
		}
		for _, id := range ix.anchorRecords(*a) {
			if id == top {
				return nil
			}
		}
		return a
	}
	return nil
}

// absentFound reports whether a probe's output is empty: the journal said
// "-- No entries --", or systemctl listed 0 units. ok is false when the
// probe did not run.
func (ix *index) absentFound(probe string) (empty, ok bool) {
	if probe == "swap" {
		return ix.noSwap()
	}
	for _, r := range ix.recs {
		if r.probe != probe {
			continue
		}
		ok = true
		if strings.Contains(r.text, "no entries") || strings.HasPrefix(r.text, "0 loaded units") {
			return true, true
		}
	}
	return false, ok
}

// relate reports what the sentences' relations say: a superlative whose
// process is not the probe's first row, and an empty journal or failed
// list that the probe contradicts (or confirms). With anchors nil it
// reports only the latter, for answers without claims.
func relate(ix *index, g *Grounding, facts []sentenceFacts, anchors map[int][]claim) {
	for k, f := range facts {
		if f.top != "" && anchors != nil {
			if a := ranked(ix, afterOrder(anchors[k], f.orderEnd), f.top, f.rank); a != nil {
				g.Missing = append(g.Missing, a.text+" (not "+placeWords[f.rank]+" in "+f.top+")")
			}
		}
		if f.absent == "" {
			continue
		}
		if ix.unseenAbsence(f) {
			g.Found = append(g.Found, "no evidence in "+f.absent) // unseen.go
			continue
		}
		if empty, ok, what := ix.absentIn(facts, k); ok { // boundedabsence.go
			report(g, empty, what)
		}
	}
}
