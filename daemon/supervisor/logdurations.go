package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A duration is no claim (a timeout, "every 5 minutes"), except where the
// answer quotes it from a log line: "chronyd reported that the clock was
// wrong by about 2.4 minutes" over "System clock wrong by 2.417283
// seconds" changes the line's unit. A duration of a sentence whose scope
// (the lines of its entities and of its clock time) holds a duration must
// agree with one of them when its number is one of theirs in another unit
// ("2.4 minutes" for 2.417283 seconds), or when a report verb before it
// in its clause says a line gave it ("… logged checkpoints every 30
// seconds" over "9 seconds apart"). Elapsed and CPU times are checked
// by uptimes.go.

// logReportVerbs say that a log line gave what follows them.
var logReportVerbs = lexicon.NewSet(`reported reports logged logs says said warned warns noted notes complained printed
	shows showed wrote writes`)

// clauseBreaks end the clause a report verb governs; clauseMarks make
// the marks that do so words of their own.
var (
	clauseBreaks = lexicon.NewSet(`which but so while whereas although though |`)
	clauseMarks  = strings.NewReplacer(";", " | ", " — ", " | ", " – ", " | ", " - ", " | ")
)

// lineDuration is a duration a record prints: its number and its unit in
// seconds.
type lineDuration struct{ num, mult float64 }

// durationTokens cuts a lowercased text into the tokens durationAt reads.
func durationTokens(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == ',' || r == ';' || r == ':' || r == '(' || r == ')' || r == '\n' || r == '\t' || r == '*' || r == '='
	})
}

// recordDurations returns the durations of the log lines of scope (not
// typed data's "cpu_seconds 3 s").
func (ix *index) recordDurations(scope map[int32]bool) []lineDuration {
	var out []lineDuration
	for id := range scope {
		if _, ok := recordClock(ix.recs[id].text); !ok {
			continue
		}
		toks := durationTokens(ix.recs[id].text)
		for i := range toks {
			if _, _, n := durationAt(toks, i); n > 0 {
				num, used, _ := parseNumber(strings.TrimRight(toks[i], "."))
				unit := strings.TrimRight(toks[i][used:], ".")
				if unit == "" {
					unit = strings.TrimRight(toks[i+1], ".")
				}
				out = append(out, lineDuration{num.value, durationSeconds[unit]})
			}
		}
	}
	return out
}

// checkLogDurations reports durations quoted from log lines that the lines
// do not give (see above).
func checkLogDurations(ix *index, g *Grounding, facts []sentenceFacts, claims []claim, anchors map[int][]claim, records map[int][]int32) {
sentences:
	for k, f := range facts {
		if f.advice || f.general {
			continue
		}
		toks := durationTokens(clauseMarks.Replace(strings.ToLower(f.blank)))
		var durs []lineDuration
		read := false
		reported := false
		for i := range toks {
			w := strings.TrimRight(toks[i], ".")
			if logReportVerbs[w] {
				reported = true
			} else if clauseBreaks[w] || strings.HasSuffix(toks[i], ".") {
				reported = false
			}
			lo, hi, n := durationAt(toks, i)
			if n == 0 || toks[i] == "a" || toks[i] == "an" || cpuTimeAfter(toks, i+n) {
				continue
			}
			if _, _, e := elapsedAt(toks, i); e > 0 {
				continue
			}
			if !read {
				durs, read = ix.recordDurations(ix.sentenceRecords(k, claims, anchors, records)), true
			}
			if len(durs) == 0 {
				continue sentences
			}
			num, used, _ := parseNumber(strings.TrimRight(toks[i], "."))
			unit := strings.TrimRight(toks[i][used:], ".")
			if unit == "" {
				unit = strings.TrimRight(toks[i+1], ".")
			}
			mult := durationSeconds[unit]
			text := strings.Join(toks[i:i+n], " ")
			agrees, swapped := false, false
			for _, d := range durs {
				v := d.num * d.mult
				if v >= lo.Seconds() && v <= hi.Seconds() {
					agrees = true
					break
				}
				l, h := lo.Seconds()/mult, hi.Seconds()/mult
				swapped = swapped || d.mult != mult && d.num >= l && d.num <= h && num.value > 0
			}
			switch {
			case agrees:
				g.Found = append(g.Found, text)
			case swapped:
				g.Missing = append(g.Missing, text+" (the log line's number in another unit)")
			case reported:
				g.Missing = append(g.Missing, text+" (not a duration of the line it reports)")
			}
		}
	}
}
