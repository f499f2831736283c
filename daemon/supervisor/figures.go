package supervisor

import (
	"math"
	"strconv"
	"strings"
)

// kind is what a claim asserts and therefore how it is matched.
type kind int

// The numeric kinds come first; the evidence keeps one range list for each.
const (
	kindSize    kind = iota // bytes
	kindPercent             // percent
	kindFreq                // hertz
	kindCount               // a plain number: counts, load averages
	kindPort                // a port number
	numNumeric              // marks the end of the numeric kinds

	kindDuration // seconds; never a claim (see the package doc)
	kindPID      // a process ID, matched exactly as a token
	kindHWCount  // a count of CPUs, cores, threads or sockets
	kindClock    // hh:mm[:ss], matched as text
	kindName     // a name, matched as a token or as text
	kindState    // up, down, active, failed…: said of an entity
)

// interval is the range of exact values a written figure stands for: "1.2G"
// is anything that rounds to 1.2 GiB, [1.15, 1.25) GiB, in bytes.
type interval struct{ lo, hi float64 }

// overlaps reports whether two rounding ranges share a value. A figure and
// its evidence match when some exact value could have been written as
// both: 1.2 GiB and 1288490188 bytes, 37% and 37.4, 1229 MiB and "1.2G".
// The ends are open so that 1.3 does not match 1.2 at their shared edge.
func (a interval) overlaps(b interval) bool {
	const eps = 1e-12
	return a.lo < b.hi-eps*math.Abs(b.hi) && b.lo < a.hi-eps*math.Abs(a.hi)
}

// unit is a unit word: the claim kind, its multiplier to the base unit,
// and for "G"/"GB"/"M"… whose base is ambiguous, the decimal multiplier as
// an alternative (free and df print binary units without the "i").
type unit struct {
	kind kind
	mult float64
	alt  float64
}

const (
	kib = 1 << 10
	mib = 1 << 20
	gib = 1 << 30
	tib = 1 << 40
	pib = 1 << 50
)

var units = func() map[string]unit {
	m := map[string]unit{
		"b": {kindSize, 1, 0}, "byte": {kindSize, 1, 0}, "bytes": {kindSize, 1, 0},
		"%": {kindPercent, 1, 0}, "percent": {kindPercent, 1, 0}, "pct": {kindPercent, 1, 0},
		"hz": {kindFreq, 1, 0}, "khz": {kindFreq, 1e3, 0}, "mhz": {kindFreq, 1e6, 0}, "ghz": {kindFreq, 1e9, 0},
	}
	for _, p := range []struct {
		letter, word, binWord string
		bin, dec              float64
	}{
		{"k", "kilobyte", "kibibyte", kib, 1e3},
		{"m", "megabyte", "mebibyte", mib, 1e6},
		{"g", "gigabyte", "gibibyte", gib, 1e9},
		{"t", "terabyte", "tebibyte", tib, 1e12},
		{"p", "petabyte", "pebibyte", pib, 1e15},
	} {
		amb := unit{kindSize, p.bin, p.dec}
		bin := unit{kindSize, p.bin, 0}
		m[p.letter+"b"], m[p.word], m[p.word+"s"] = amb, amb, amb
		m[p.letter+"i"], m[p.letter+"ib"], m[p.binWord], m[p.binWord+"s"] = bin, bin, bin, bin
		if p.letter != "p" { // "5p" is not a size anyone writes
			m[p.letter] = amb
		}
	}
	for _, w := range []string{"ms", "s", "sec", "secs", "second", "seconds", "min", "mins", "minute", "minutes",
		"h", "hr", "hrs", "hour", "hours", "day", "days", "week", "weeks"} {
		m[w] = unit{kindDuration, 1, 0}
	}
	return m
}()

// approxWords before a figure say it is rounded further than its digits
// show: "about 30%" for 26.9%, "roughly 2 GiB" for 1.6 GiB.
var approxWords = map[string]bool{"about": true, "around": true, "roughly": true, "approximately": true,
	"approx": true, "nearly": true, "almost": true, "~": true, "\u2248": true}

// approxTolerance is how far, as a share of its value, an approximate
// figure may lie from the evidence's: people round 26.9% to "about 30%"
// and 1.6 GiB to "about 2 GiB", never 14.3% to "about 45%".
const approxTolerance = 0.15

// approxDecimals is the tolerance of an approximate figure written with a
// fraction: its writer kept a digit, so it is close.
const approxDecimals = 0.05

// maxRoundShare caps the span a round figure's last digit gives ("about
// 10%" stands for 7–13%, not 5–15%).
const maxRoundShare = 0.3

// approximate returns the intervals of a figure after an approximation
// word, widened by approxTolerance on each side. Counts, PIDs and ports
// stay exact.
func approximate(c claim) []interval {
	if c.kind != kindSize && c.kind != kindPercent && c.kind != kindFreq {
		return c.ivs
	}
	out := make([]interval, len(c.ivs))
	for i, iv := range c.ivs {
		v := (iv.lo + iv.hi) / 2
		tol := approxTolerance
		if n, _, ok := parseNumber(c.text); ok && n.decimals > 0 {
			tol = approxDecimals // "about 5.5 GiB" is no 6.1 GiB
		}
		half := max((iv.hi-iv.lo)/2, tol*v, min(roundHalf(c.text, v), maxRoundShare*v))
		out[i] = interval{min(iv.lo, v-half), max(iv.hi, v+half)}
	}
	return out
}

// roundHalf is half the step of a round figure's last significant digit,
// in the figure's own scale: "about 20%" stands for 15–25%, "about 300
// MiB" for 250–350 MiB (capped by maxRoundShare). Figures with a fraction or without trailing
// zeros give 0.
func roundHalf(text string, v float64) float64 {
	n, used, ok := parseNumber(text)
	if !ok || n.decimals > 0 || n.value < 10 {
		return 0
	}
	digits := strings.ReplaceAll(text[:used], ",", "")
	zeros := len(digits) - len(strings.TrimRight(digits, "0"))
	if zeros == 0 {
		return 0
	}
	return v * 0.5 * math.Pow(10, float64(zeros)) / n.value
}

// number is a decimal number as written: its value and half the step of
// its last digit (0.5 for "37", 0.05 for "37.4").
type number struct {
	value, half float64
	decimals    int
}

// maxDigits bounds the digits of one number: longer runs are not figures
// anyone reads (hashes, serials) and would lose precision.
const maxDigits = 24

// parseNumber reads the number at the start of s: digits with optional
// thousands groups ("1,288,490,188") and an optional fraction. It returns
// the bytes consumed (0 when s does not start with a digit) and whether
// they form a usable number.
func parseNumber(s string) (number, int, bool) {
	var digits []byte
	i, lead := 0, 0
	for i < len(s) {
		c := s[i]
		if isDigit(c) {
			digits = append(digits, c)
			i++
			continue
		}
		if c == ',' && len(digits) > 0 && (lead > 0 || len(digits) <= 3) && thousandsGroup(s[i+1:]) {
			if lead == 0 {
				lead = len(digits)
			}
			i++
			continue
		}
		break
	}
	if len(digits) == 0 {
		return number{}, 0, false
	}
	decimals := 0
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		digits = append(digits, '.')
		i++
		for i < len(s) && isDigit(s[i]) {
			digits = append(digits, s[i])
			decimals++
			i++
		}
	}
	if len(digits) > maxDigits {
		return number{}, i, false
	}
	v, err := strconv.ParseFloat(string(digits), 64)
	if err != nil {
		return number{}, i, false
	}
	return number{value: v, half: 0.5 * math.Pow(10, -float64(decimals)), decimals: decimals}, i, true
}

// thousandsGroup reports whether s starts with exactly three digits that end
// the group (",288" in "1,288,490"), so "12,5" and lists like "22,80" are
// not read as one number.
func thousandsGroup(s string) bool {
	if len(s) < 3 || !isDigit(s[0]) || !isDigit(s[1]) || !isDigit(s[2]) {
		return false
	}
	return len(s) == 3 || !isDigit(s[3])
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// intervals gives the ranges a number in unit u stands for, in base units.
func (n number) intervals(u unit) []interval {
	iv := []interval{{(n.value - n.half) * u.mult, (n.value + n.half) * u.mult}}
	if u.alt != 0 {
		iv = append(iv, interval{(n.value - n.half) * u.alt, (n.value + n.half) * u.alt})
	}
	return iv
}

// plain is the range of a unitless number.
func (n number) plain() interval { return interval{n.value - n.half, n.value + n.half} }

// isClock recognizes hh:mm and hh:mm:ss, as in journal lines and ps START.
func isClock(s string) bool {
	h := strings.IndexByte(s, ':')
	if h < 1 || h > 2 || !allDigits(s[:h]) {
		return false
	}
	rest := s[h+1:]
	for part := 0; ; part++ {
		if part == 2 || len(rest) < 2 || !isDigit(rest[0]) || !isDigit(rest[1]) || rest[0] > '5' {
			return false
		}
		if len(rest) == 2 {
			return true
		}
		if rest[2] != ':' {
			return false
		}
		rest = rest[3:]
	}
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// numberRange reads a range of figures with one unit ("24–27 MiB", "23-27
// MB", "23 to 27 MB", "between 23 and 27 MB") starting at words[i], whose number n ends at byte
// used, as one claim spanning both ends: any value inside it is found. It
// returns the claim and how many words after i it consumed.
func numberRange(words, raws []string, i int, n number, used int) (claim, int, bool) {
	w := words[i]
	var second string
	k := 0
	switch {
	case used < len(w) && w[used] == '-':
		second = w[used+1:] // "23-27MB", "23-27 MB"
	case used == len(w) && i+2 < len(words) && (words[i+1] == "to" || words[i+1] == "and" && i > 0 && words[i-1] == "between"):
		second, k = words[i+2], 2 // "23 to 27 MB", "between 130 and 140 MiB"
	case used == len(w) && i+1 < len(words):
		second, k = words[i+1], 1 // the dash between "24–27" breaks words
	default:
		return claim{}, 0, false
	}
	m, used2, ok := parseNumber(second)
	if !ok || m.value <= n.value {
		return claim{}, 0, false
	}
	suffix := second[used2:]
	if suffix == "" && i+k+1 < len(words) {
		suffix = words[i+k+1]
		k++
	}
	u, ok := units[suffix]
	if !ok || u.kind == kindDuration {
		return claim{}, 0, false
	}
	lo, hi := n.intervals(u), m.intervals(u)
	ivs := make([]interval, len(lo))
	for j := range lo {
		ivs[j] = interval{lo[j].lo, hi[j].hi}
	}
	text := strings.Join(raws[i:i+k+1], " ")
	return claim{text: text, kind: u.kind, ivs: ivs, key: strings.ToLower(text)}, k, true
}
