package supervisor

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// "exit code 137, which fits a process killed with SIGKILL (128 + 9)":
// the terms of a sum (or product, or difference) that equals another
// figure of its sentence explain that figure; they are arithmetic, not
// claims of the evidence. The figure they make stays a claim.

// sumTermsRe reads "a + b", "a × b", "a - b", with an optional "= c".
var sumTermsRe = regexp.MustCompile(`\b(\d+(?:\.\d+)?)\s*([+×*−-])\s*(\d+(?:\.\d+)?)\b(?:\s*=\s*(\d+(?:\.\d+)?)\b)?`)

// sentenceFigureRe reads a figure of a sentence.
var sentenceFigureRe = regexp.MustCompile(`\b\d+(?:\.\d+)?\b`)

// dropSumTerms returns claims without the terms of a sum that equals a
// figure of its sentence.
func dropSumTerms(answer string, claims []claim) []claim {
	var spans [][2]int
	for _, m := range sumTermsRe.FindAllStringSubmatchIndex(answer, -1) {
		if m[2] > 0 && (answer[m[2]-1] == '.' || answer[m[2]-1] == ':') {
			continue // a version or a time, not a term
		}
		a, err1 := strconv.ParseFloat(answer[m[2]:m[3]], 64)
		b, err2 := strconv.ParseFloat(answer[m[6]:m[7]], 64)
		if err1 != nil || err2 != nil {
			continue
		}
		var v float64
		switch answer[m[4]:m[5]] {
		case "+":
			v = a + b
		case "-", "−":
			v = a - b
		default:
			v = a * b
		}
		// Floats do not add decimals exactly (0.1 + 0.2 is not 0.3):
		// the figure is made within half a step of the terms' decimals.
		tol := 0.5 / math.Pow10(max(decimals(answer[m[2]:m[3]]), decimals(answer[m[6]:m[7]])))
		equal := func(f float64) bool { return math.Abs(f-v) < tol }
		made := slices.ContainsFunc(sentenceFigures(answer, m[0], m[1]), equal)
		if m[8] >= 0 {
			c, err := strconv.ParseFloat(answer[m[8]:m[9]], 64)
			made = err == nil && equal(c)
		}
		if made {
			spans = append(spans, [2]int{m[0], m[7]})
		}
	}
	if len(spans) == 0 {
		return claims
	}
	return slices.DeleteFunc(claims, func(c claim) bool {
		return slices.ContainsFunc(spans, func(s [2]int) bool { return c.off >= s[0] && c.off < s[1] })
	})
}

// sentenceFigures returns the figures of the sentence holding [from, to),
// outside that span.
func sentenceFigures(answer string, from, to int) []float64 {
	start, end := sentenceStartAt(answer, from), sentenceEndAt(answer, to)
	var out []float64
	for _, m := range sentenceFigureRe.FindAllStringIndex(answer[start:end], -1) {
		if start+m[0] >= from && start+m[1] <= to {
			continue
		}
		if f, err := strconv.ParseFloat(answer[start+m[0]:start+m[1]], 64); err == nil {
			out = append(out, f)
		}
	}
	return out
}

// decimals returns how many digits a figure has after its point.
func decimals(f string) int {
	if i := strings.IndexByte(f, '.'); i >= 0 {
		return len(f) - i - 1
	}
	return 0
}
