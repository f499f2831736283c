package supervisor

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// The process probes list the processes that use the most and say how
// many there are in all ("listed the 50 processes that use the most, of
// 73"). "There are 50 processes running on this machine" counts all of
// them: it must be the total, not the length of the list, which the same
// note also shows.

// listedRe reads the process probes' note; maxTotals bounds how many are
// read.
var listedRe = regexp.MustCompile(`listed the \d+ processes that use the most, of (\d{1,9})`)

const maxTotals = 8

// processTotal reports, for a count said of every process (see
// countsAllProcesses), whether it is a total the evidence states; ok is
// false for other claims and where the evidence states none. A count of
// a list's rows is such a total too (listedRows).
func (ix *index) processTotal(answer string, c claim) (total, ok bool) {
	if match, ok := ix.listedRows(answer, c); ok {
		return match, true // the rows of a list: listedrows.go
	}
	if !countsAllProcesses(answer, c) {
		return false, false
	}
	for _, m := range listedRe.FindAllStringSubmatch(ix.text, maxTotals) {
		ok = true
		if n, err := strconv.Atoi(m[1]); err == nil && c.ivs[0].overlaps(interval{float64(n) - 0.5, float64(n) + 0.5}) {
			return true, true
		}
	}
	return false, ok
}

// totalMarks after "N processes" say it counts every process: "running",
// "in total", "altogether".
var totalMarks = lexicon.NewSet(`running total altogether overall exist existing alive`)

// hostNouns after "on this" or "on the" name the machine.
var hostNouns = lexicon.NewSet(`machine system host server box vm computer`)

// clauseWords end the clause of a count: what follows is said of
// something else.
var clauseWords = lexicon.NewSet(`and but which with where so`)

// partMarks say a count of processes is of a part of them: the probe's
// list ("the 50 processes listed", "in the top list") or its busiest rows.
var partMarks = lexicon.NewSet(`top list listed lists shown shows show displayed table output sorted busiest heaviest
	largest biggest most first sample`)

// countsAllProcesses reports whether a count, c, is said of every
// process of the machine, with no mark of a part in its clause
// ("listed", "top", "50 processes out of 73"): "N processes" followed in
// its clause by a mark of the whole ("running", "in total", "on this
// machine"), after "there are", "a total of" or "the machine runs", or
// standing alone in its clause ("73 procs;"); "N running processes"; or
// a count after a label of all processes ("Total processes: 73",
// "Process count: 73").
func countsAllProcesses(answer string, c claim) bool {
	head, tail, ok := countClause(answer, c)
	if !ok || slices.ContainsFunc(head, isPartMark) || slices.ContainsFunc(tail, isPartMark) {
		return false
	}
	from := strings.LastIndexAny(answer[:c.off], ",;(\n") + 1
	if dot := strings.LastIndex(answer[:c.off], ". "); dot+1 > from {
		from = dot + 1
	}
	label := false // "Total processes: 73"
	if colon := strings.LastIndexByte(answer[from:c.off], ':'); colon >= 0 {
		lab := splitWords(strings.ToLower(answer[from : from+colon]))
		label = slices.ContainsFunc(lab, isProcessNoun) && slices.ContainsFunc(lab, isTotalLabel) && len(head) == len(lab)
	}
	switch {
	case len(tail) >= 2 && (tail[0] == "running" || tail[0] == "total") && isProcessNoun(tail[1]):
		return true // "73 running processes"
	case label:
		return len(tail) == 0 || totalMarks[tail[0]] || tail[0] == "in" // "Processes: 73 in total"
	case len(tail) == 0 || !isProcessNoun(tail[0]) || tail[0] == "process":
		return false
	}
	tail = tail[1:] // its noun
	if len(tail) > 0 && (tail[0] == "of" || tail[0] == "out") {
		return false // "50 processes out of 73"
	}
	if len(head) == 0 && len(tail) == 0 {
		return true // "73 procs; …"
	}
	for i, w := range tail {
		if totalMarks[w] || w == "all" && i > 0 && tail[i-1] == "in" ||
			hostNouns[w] && i > 1 && (tail[i-1] == "this" || tail[i-1] == "the") && tail[i-2] == "on" {
			return true
		}
	}
	if slices.ContainsFunc(head, isHostNoun) && slices.ContainsFunc(head, isRunVerb) {
		return true // "the machine is running 73 processes"
	}
	n := len(head)
	return slices.Contains(head, "total") || n >= 2 && head[n-2] == "there" || n >= 1 && head[n-1] == "there's"
}

// countClause returns the words of a count's clause before the count
// (head) and after it (tail), the tail cut at the next clause; ok is
// false for a claim that is no count.
func countClause(answer string, c claim) (head, tail []string, ok bool) {
	if c.kind != kindCount || c.off >= len(answer) {
		return nil, nil, false
	}
	from := strings.LastIndexAny(answer[:c.off], ",;(\n") + 1
	if dot := strings.LastIndex(answer[:c.off], ". "); dot+1 > from {
		from = dot + 1
	}
	rest := answer[c.off:]
	to := strings.IndexAny(rest, ",;()\n:")
	if dot := strings.Index(rest, ". "); dot >= 0 && (to < 0 || dot < to) {
		to = dot
	}
	if to < 0 {
		to = len(rest)
	}
	head = splitWords(strings.ToLower(answer[from:c.off]))
	tail = splitWords(strings.ToLower(rest[:to]))
	if len(tail) == 0 {
		return nil, nil, false
	}
	tail = tail[1:] // the count
	for i, w := range tail {
		if connectives[w] || clauseWords[w] {
			tail = tail[:i] // "50 processes running, and the busiest …"
			break
		}
	}
	return head, tail, true
}

// totalLabels in a label before a count say it counts every process.
var totalLabels = lexicon.NewSet(`total count number running all overall`)

func isProcessNoun(w string) bool {
	return w == "process" || w == "processes" || w == "procs" || w == "proc"
}
func isTotalLabel(w string) bool { return totalLabels[w] }

// runVerbs between the machine and a count say it holds them all.
var runVerbs = lexicon.NewSet(`running runs run has have hosts hosting`)

func isPartMark(w string) bool { return partMarks[w] }
func isHostNoun(w string) bool { return hostNouns[w] }
func isRunVerb(w string) bool  { return runVerbs[w] }
