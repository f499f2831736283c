package supervisor

import (
	"slices"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Relations between figures and between entities:
//
//   - "A uses more memory than B", "X (654,320 KiB) is larger than Y
//     (1,153,024 KiB)": the two figures compared must stand in that order;
//     without figures, A's and B's ps rows must (largest %MEM or %CPU of
//     each, by the measure the sentence names). Figures after "than B"
//     ("than B (7.4% vs 2.9%)") are A's and B's in turn.
//   - "the two busiest processes are A and B": each must hold one of the
//     N largest values of that column among the processes the evidence
//     lists.
//   - "2 units have failed": the count must be systemctl's.

// comparatives give the direction of a comparison word before "than".
var comparatives = map[string]int{"more": 1, "larger": 1, "bigger": 1, "higher": 1, "greater": 1,
	"heavier": 1, "less": -1, "smaller": -1, "lower": -1, "fewer": -1, "lighter": -1}

// countWords are the small counts written as words.
var countWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "nine": 9, "ten": 10, "both": 2, "single": 1}

// failedNouns are what systemctl --failed counts.
var failedNouns = lexicon.NewSet(`unit units service services`)

// failedWords make a count before a failedNoun a failed count.
var failedWords = lexicon.NewSet(`failed failing`)

// listenNouns are what "only two … listen on 127.0.0.1" counts, and
// listenWords say the sentence is about listening sockets.
var (
	listenNouns = lexicon.NewSet(`port ports service services process processes program programs daemons sockets`)
	listenWords = lexicon.NewSet(`listen listens listening bound bind binds`)
)

// addressIn returns the first IPv4 address of a sentence, or "".
func addressIn(sentence string) string {
	for _, f := range strings.Fields(sentence) {
		if f = strings.Trim(f, ",;:()[]`'\"."); lexicon.IsIPv4(f) {
			return f
		}
	}
	return ""
}

// listening returns how many ss rows listen on an address, and whether ss
// ran.
func (ix *index) listening(addr string) (int, bool) {
	n, ok := 0, false
	for _, r := range ix.recs {
		if r.probe != "listening_ports" {
			continue
		}
		ok = true
		if localAddress(r.text) == addr {
			n++
		}
	}
	return n, ok
}

// countOf reads a small count written as digits or a word, or -1.
func countOf(w string) int {
	if n, ok := countWords[w]; ok {
		return n
	}
	if n, err := strconv.Atoi(w); err == nil && n >= 0 && n < 1000 {
		return n
	}
	return -1
}

// comparison reads "more … than" at ws[i] within four words; it returns
// the direction, or 0.
func comparison(ws []string, i int) int {
	for k := i + 1; k < len(ws) && k <= i+4; k++ {
		if ws[k] == "than" {
			return comparatives[ws[i]]
		}
	}
	return 0
}

// measureCol names the ps column a sentence ranks or compares by: %cpu
// or %mem, the nearest measure word after ws[i], else before it, else
// def.
func measureCol(ws []string, i int, def string) string {
	col := func(w string) string {
		switch {
		case memoryWords[w]:
			return "%mem"
		case cpuWords[w]:
			return "%cpu"
		}
		return ""
	}
	for _, w := range ws[i:] {
		if c := col(w); c != "" {
			return c
		}
	}
	for _, w := range ws[:i] {
		if c := col(w); c != "" {
			return c
		}
	}
	return def
}

// failedCount reads "2 units have failed", "1 systemd unit has failed",
// "both failed units" at the noun ws[i]; it returns the count or -1.
func failedCount(ws []string, i int) int {
	if !anyOf(ws, failedWords) {
		return -1
	}
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		if n := countOf(ws[k]); n >= 0 {
			return n
		}
		if ws[k] != "systemd" && ws[k] != "failed" {
			break
		}
	}
	return -1
}

func isFigure(c claim) bool {
	switch c.kind {
	case kindSize, kindPercent, kindFreq, kindCount:
		return c.class == classNone && c.bound == 0
	}
	return false
}

func isProcess(c claim) bool { return c.class == classProcess || c.class == classPID }

// compared splits a comparison sentence's figures and entities at
// "than": the figures before it and after it, and the first process
// named on each side.
func compared(claims []claim, sent, than int) (before, after []claim, a, b *claim) {
	var pa, pb *claim
	defer func() {
		if pa != nil && pb != nil {
			// "compile (PID 3773) uses more CPU than compile (PID 3639)":
			// the PIDs tell two processes of one name apart.
			a, b = pa, pb
		}
	}()
	for i := range claims {
		c := &claims[i]
		if c.sent != sent || c.advice {
			continue
		}
		switch {
		case c.class == classPID && c.off < than && pa == nil:
			pa = c
		case c.class == classPID && c.off > than && pb == nil:
			pb = c
		}
		switch {
		case isFigure(*c) && c.off < than:
			before = append(before, *c)
		case isFigure(*c):
			after = append(after, *c)
		case isProcess(*c) && c.off < than && a == nil:
			a = c
		case isProcess(*c) && c.off > than && b == nil:
			b = c
		}
	}
	return before, after, a, b
}

// pairCompared ties "than B (7.4% vs 2.9%)": the first figure after B to
// A, the second to B; and "A uses more CPU (7.4% vs 2.9%)" (versus.go).
func pairCompared(answer string, claims []claim, facts []sentenceFacts, resp map[int]*claim) {
	defer pairVersus(answer, claims, resp) // versus.go
	for k, f := range facts {
		if f.cmp == 0 {
			continue
		}
		before, after, a, b := compared(claims, k, f.than)
		if len(before) == 0 && len(after) == 2 && a != nil && b != nil && b.off < after[0].off {
			resp[after[0].off], resp[after[1].off] = a, b
		}
	}
}

func mid(c claim) float64 { return (c.ivs[0].lo + c.ivs[0].hi) / 2 }

// holds reports whether x stands to y as dir says.
func holds(dir int, x, y float64) bool { return (dir > 0 && x > y) || (dir < 0 && x < y) }

// colMax returns the largest value of a ps column in an entity's records
// of probe, or of any probe when probe is "".
func (ix *index) colMax(e claim, col, probe string) (float64, bool) {
	best, ok := 0.0, false
	for _, id := range ix.anchorRecords(e) {
		if probe != "" && ix.recs[id].probe != probe {
			continue
		}
		for _, v := range ix.recs[id].values {
			if m := (v.iv.lo + v.iv.hi) / 2; v.col == col && v.kind == kindPercent && (!ok || m > best) {
				best, ok = m, true
			}
		}
	}
	return best, ok
}

// columnValues returns a ps column's values in probe's rows (any probe's
// when probe is ""), one per PID, in row order.
func (ix *index) columnValues(col, probe string) []float64 {
	if col == "" {
		return nil
	}
	seen := map[float64]bool{}
	var out []float64
	for _, r := range ix.recs {
		if probe != "" && r.probe != probe {
			continue
		}
		pid, val, okPID, ok := 0.0, 0.0, false, false
		for _, v := range r.values {
			switch {
			case v.col == "pid" && !okPID:
				pid, okPID = v.iv.lo, true
			case v.col == col && v.kind == kindPercent && !ok:
				val, ok = (v.iv.lo+v.iv.hi)/2, true
			}
		}
		if okPID && ok && !seen[pid] {
			seen[pid] = true
			out = append(out, val)
		}
	}
	return out
}

// largestFirst returns a sorted copy of vs, largest first.
func largestFirst(vs []float64) []float64 {
	out := slices.Clone(vs)
	slices.SortStableFunc(out, func(a, b float64) int { return cmpFloat(b, a) })
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// failedListed returns the count systemctl --failed printed.
func (ix *index) failedListed() (int, bool) {
	for _, r := range ix.recs {
		if n, ok := strings.CutSuffix(r.text, " loaded units listed."); ok && r.probe == "failed_services" {
			if v, err := strconv.Atoi(strings.TrimSpace(n)); err == nil {
				return v, true
			}
		}
	}
	return 0, false
}

// checkCompared reports comparisons, rankings of several and failed
// counts the evidence contradicts.
func checkCompared(ix *index, g *Grounding, claims []claim, anchors map[int][]claim, facts []sentenceFacts) {
	for k, f := range facts {
		if f.cmp != 0 {
			before, after, a, b := compared(claims, k, f.than)
			var x, y *claim
			switch {
			case len(before) > 0 && len(after) > 0:
				x, y = &before[len(before)-1], &after[0]
			case len(before) == 0 && len(after) == 2:
				x, y = &after[0], &after[1]
			}
			switch {
			case x != nil && x.kind == y.kind:
				if !holds(f.cmp, mid(*x), mid(*y)) {
					g.Missing = append(g.Missing, x.text+" against "+y.text)
				}
			case x == nil && a != nil && b != nil && f.measure != "":
				va, okA := ix.colMax(*a, f.measure, "")
				vb, okB := ix.colMax(*b, f.measure, "")
				if okA && okB && !holds(f.cmp, va, vb) {
					g.Missing = append(g.Missing, a.text+" against "+b.text+" ("+f.measure+")")
				}
			}
		}
		if f.topN > 1 {
			vals := largestFirst(ix.columnValues(f.measure, ""))
			if len(vals) < f.topN {
				continue
			}
			n := 0
			for _, a := range anchors[k] {
				if !isProcess(a) || n == f.topN {
					continue
				}
				n++
				if v, ok := ix.colMax(a, f.measure, ""); ok && v < vals[f.topN-1] {
					g.Missing = append(g.Missing, a.text+" (not in the top "+strconv.Itoa(f.topN)+")")
				}
			}
		}
		if f.listenAddr != "" {
			if n, ok := ix.listening(f.listenAddr); ok && n != f.listenN {
				g.Missing = append(g.Missing, strconv.Itoa(f.listenN)+" listening on "+f.listenAddr)
			} else if ok {
				g.Found = append(g.Found, strconv.Itoa(f.listenN)+" listening on "+f.listenAddr)
			}
		}
		if f.counted && !failedByJournal(plainWords(f.blank)) { // journalfailed.go
			n, ok := ix.failedListed()
			if ok && n != f.failed {
				g.Missing = append(g.Missing, strconv.Itoa(f.failed)+" failed units")
			} else if ok {
				g.Found = append(g.Found, strconv.Itoa(f.failed)+" failed units") // "Two units have failed."
			}
		}
	}
}
