package supervisor

import (
	"regexp"
	"strings"
)

// "134% of the 200% the two CPUs can give": ps counts a process's CPU
// share per CPU, so the machine's whole is 100% per logical CPU. A
// percentage said of that whole (after "of" or "out of", or beside
// "capacity", "maximum" …) in a sentence that names the CPUs is found
// when it is 100 times the evidence's count of the noun it names.

// capacityBefore reads "of", "out of", "of a possible", "a maximum of"
// right before a percentage.
var capacityBefore = regexp.MustCompile(`(?i)\b(?:of|out\s+of|max(?:imum)?|capacity|possible|total|available)(?:\s+(?:the|a|an|their|its|your|possible|maximum|max|total))?\s*$`)

// capacityAfter reads a capacity word right after a percentage.
var capacityAfter = regexp.MustCompile(`(?i)^\s*(?:of\s+)?(?:total\s+|cpu\s+)?(?:capacity|maximum|max|possible|available|ceiling|budget)\b`)

// sentenceEnd is where a sentence ends: a full stop before a space, a
// line's end.
var sentenceEnd = regexp.MustCompile(`\.(?:\s|$)|\n`)

// cpuNounRe reads a plural noun of logical CPUs (or cores, threads).
var cpuNounRe = regexp.MustCompile(`(?i)\b(v?cpus|cores|threads|processors)\b`)

// cpuCapacity reports whether c is the machine's CPU capacity: 100% per
// CPU of the count the evidence gives for the noun its sentence uses.
func (ix *index) cpuCapacity(answer string, c claim) bool {
	if c.kind != kindPercent || len(c.ivs) == 0 {
		return false
	}
	v := (c.ivs[0].lo + c.ivs[0].hi) / 2
	n := int(v/100 + 0.5)
	if n < 2 || float64(n*100) < c.ivs[0].lo || float64(n*100) >= c.ivs[0].hi {
		return false
	}
	end := min(c.off+len(c.text), len(answer))
	if !capacityBefore.MatchString(answer[max(0, c.off-40):c.off]) && !capacityAfter.MatchString(answer[end:]) {
		return false
	}
	from := max(strings.LastIndex(answer[:c.off], ". "), strings.LastIndexByte(answer[:c.off], '\n'), 0)
	to := len(answer)
	if i := sentenceEnd.FindStringIndex(answer[end:]); i != nil {
		to = end + i[0]
	}
	m := cpuNounRe.FindStringSubmatch(answer[from:to])
	if m == nil {
		return false
	}
	noun := hwNouns[strings.ToLower(m[1])]
	if noun == "" {
		noun = "cpu"
	}
	return ix.hwCount(claim{kind: kindHWCount, noun: noun, ivs: []interval{{float64(n) - 0.25, float64(n) + 0.25}}})
}
