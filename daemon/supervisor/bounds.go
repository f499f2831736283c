package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// Thresholds and sums:
//
//   - "above 80%", "more than 2% of memory", "under 10%": a bound, not a
//     figure the evidence printed. With a count in its sentence ("only one
//     filesystem is above 80%", "three processes use more than 2%") as
//     many rows of the matching column (df Use%, ps %MEM or %CPU) must lie
//     beyond it; else the entity it is tied to must have a value beyond it.
//   - "together", "combined", "in total", "a + b": a figure the evidence
//     lacks is found when it is the sum of two values, of its kind and
//     one column, from two records of the entities its sentence names
//     (or an earlier one's: see sumAnchors); and a part ("(38.6% +
//     21.7%)") may belong to any of them.

// boundWords before a figure make it a bound: above (1) or below (-1).
var boundWords = map[string]int{"above": 1, "over": 1, "exceeding": 1, "exceeds": 1, "beyond": 1,
	"below": -1, "under": -1}

// boundPairs are two-word bounds ("more than", "at least").
var boundPairs = map[[2]string]int{{"more", "than"}: 1, {"greater", "than"}: 1, {"higher", "than"}: 1,
	{"at", "least"}: 1, {"less", "than"}: -1, {"lower", "than"}: -1, {"at", "most"}: -1, {"fewer", "than"}: -1}

// sumWords mark a sentence that adds figures up.
var sumWords = lexicon.NewSet(`together combined altogether sum`)

// diskNouns count df rows; other counted nouns count ps rows.
var diskNouns = lexicon.NewSet(`filesystem filesystems mount mounts disk disks partition partitions
	volume volumes drive drives`)

// allRows is the count of "every filesystem is below 60%": all rows but
// those the sentence names as exceptions.
const allRows = -2

// someRows is the count of "many root processes …; each uses under 2%":
// "each" of a group the answer describes without naming, at least two
// rows of which must lie beyond the bound.
const someRows = -3

// allOtherRows is the count of "everything else is below 10%": every
// row but the one (or those) the answer speaks of.
const allOtherRows = -5

// otherRows is the count of "nothing else uses more than 10%": no row
// beyond the bound but the one (or those) the answer speaks of.
const otherRows = -4

// topRow is the count of "even the largest process uses less than 3%",
// a superlative (relations.go) before the bound with no ordinal before it
// ("the second largest" is another row): the row with the most is beyond
// the bound, so below it every row is, and above it at least one.
const topRow = -6

// maxBoundCount bounds a count of rows beyond a threshold.
const maxBoundCount = 50

// boundOf returns the direction of a bound before the word at wi.
func boundOf(words []string, wi int) int {
	if wi >= 1 {
		if d := boundWords[words[wi-1]]; d != 0 {
			return d
		}
	}
	if wi >= 2 {
		return boundPairs[[2]string{words[wi-2], words[wi-1]}]
	}
	return 0
}

// boundCount reads the count before a bound in its sentence ("only one
// filesystem is above", "three processes use more than") and the column
// those rows are counted in; n is -1 without a count.
func boundCount(ws []string, field string) (n int, col string) {
	n = -1
	for i, w := range ws {
		if boundWords[w] != 0 || boundPairs[[2]string{w, at(ws, i+1)}] != 0 {
			break
		}
		next := at(ws, i+1)
		if (w == "no" || w == "nothing" || w == "none") && n < 0 {
			n = 0 // "no process uses more than 13% CPU"
			if next == "other" || next == "else" || (next == "of" && at(ws, i+2) == "the" && at(ws, i+3) == "others") {
				n = otherRows // "nothing else uses more than 10%"
			}
		}
		if w == "each" && n < 0 && !rankedGroups[next] && !diskNouns[next] && next != "of" {
			n = someRows // "…; each uses under 2% CPU"
		}
		if (w == "every" || w == "all" || w == "each" || w == "everything") && n == -1 {
			n = allRows // "apart from /, every filesystem is below 60%"
			if next == "else" || next == "other" || next == "others" {
				n = allOtherRows // "everything else is below 10%"
			}
		}
		if w == "only" && n < 0 && (rankedGroups[next] || next == "one" || diskNouns[next] || at(ws, i-1) == "the") {
			n = 1 // "qemu is the only process using more than 20% CPU"
		}
		if k := countOf(w); k >= 0 && k <= maxBoundCount && n < 0 && at(ws, i-1) != "pid" && (next == "" || !isDigit(next[0])) {
			n = k
		}
		if superlatives[w] && w != "most" && n == -1 && ordinals[at(ws, i-1)] == 0 && at(ws, i-1) != "next" {
			n = topRow // "even the largest process uses less than 3%"
		}
		if diskNouns[w] {
			col = "use%"
		}
	}
	switch {
	case field == "memory":
		col = "%mem"
	case field == "cpu":
		col = "%cpu"
	case col == "":
		col = measureCol(ws, 0, "%mem")
	}
	return n, col
}

// beyond reports whether v lies beyond the bound.
func beyond(dir int, v, bound float64) bool { return (dir > 0 && v > bound) || (dir < 0 && v < bound) }

// checkBound reports whether a bound holds: as many rows as its sentence
// counts, or all but the named entities (named of them), or a value of
// its entity's records, lie beyond it.
func (ix *index) checkBound(c claim, a *claim, named int) bool {
	b := mid(c)
	if c.boundN >= 0 || c.boundN < -1 {
		seen := map[string]bool{}
		n, rest := 0, 0
		for _, r := range ix.recs {
			key, hit, has := r.text, false, false
			for _, v := range r.values {
				switch {
				case v.col == "pid":
					key = "pid " + itoa(int(v.iv.lo+0.5))
				case v.col == c.boundCol && v.kind == c.kind:
					has = true
					hit = hit || beyond(c.bound, (v.iv.lo+v.iv.hi)/2, b)
				}
			}
			if has && !seen[key] {
				seen[key] = true
				if hit {
					n++
				} else {
					rest++
				}
			}
		}
		switch c.boundN {
		case allRows:
			return rest == named
		case someRows:
			return n >= 2
		case otherRows:
			return n <= max(1, named)
		case allOtherRows:
			return rest <= max(1, named)
		case topRow:
			if c.bound < 0 {
				return rest == 0 && n > 0
			}
			return n > 0
		}
		return n == c.boundN
	}
	if a == nil {
		return false
	}
	for _, id := range ix.anchorRecords(*a) {
		for _, v := range ix.recs[id].values {
			if v.kind == c.kind && compatible(c.field, v.col) && beyond(c.bound, (v.iv.lo+v.iv.hi)/2, b) {
				return true
			}
		}
	}
	return false
}

// summed reports whether a figure is the sum of two values of its kind
// and column from two records of the sentence's entities (not a %CPU and
// a %MEM, nor one row counted twice), or of a whole group's (groupTotal).
func (ix *index) summed(c claim, anchors []claim) bool {
	type part struct {
		v   float64
		col string
		rec int32
	}
	var parts []part
	for _, a := range anchors {
		for _, id := range ix.anchorRecords(a) {
			for _, v := range ix.recs[id].values {
				if v.kind == c.kind && compatible(c.field, v.col) && len(parts) < 2*maxDerivedSizes {
					parts = append(parts, part{(v.iv.lo + v.iv.hi) / 2, v.col, id})
				}
			}
		}
	}
	for i, p := range parts {
		for _, q := range parts[i+1:] {
			if p.col != q.col || p.rec == q.rec {
				continue
			}
			for _, iv := range c.ivs {
				if s := p.v + q.v; s >= iv.lo && s < iv.hi {
					return true
				}
			}
		}
	}
	return ix.groupTotal(c, anchors)
}

// inAnyRecords reports whether the records of any of the anchors hold c.
func (ix *index) inAnyRecords(c claim, anchors []claim) bool {
	for _, a := range anchors {
		if ix.inRecords(c, ix.anchorRecords(a)) {
			return true
		}
	}
	return false
}
