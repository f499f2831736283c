package probes

import (
	"math"
	"math/bits"
	"strconv"
)

// The three tools round sizes differently; each formatter below mirrors
// one of them so that Stdout reads exactly like the command a user knows.

const dfUnits = "KMGTPEZY"

// dfSize formats bytes like `df -h` (gnulib human_readable with autoscale,
// base 1024, rounding up): "0", "512", "4.0K", "9.9G", "10G", "252G".
func dfSize(n uint64) string {
	if n < 1024 {
		return strconv.FormatUint(n, 10)
	}
	e, div := 0, uint64(1)
	for n/div >= 1024 && e < len(dfUnits) {
		div *= 1024
		e++
	}
	if n/div < 10 {
		// One decimal, rounded up: tenths = ceil(n*10/div), exactly.
		hi, lo := bits.Mul64(n, 10)
		q, r := bits.Div64(hi, lo, div)
		if r != 0 {
			q++
		}
		if q < 100 {
			return strconv.FormatUint(q/10, 10) + "." + strconv.FormatUint(q%10, 10) + dfUnits[e-1:e]
		}
		return "10" + dfUnits[e-1:e]
	}
	q := n / div
	if n%div != 0 {
		q++
	}
	if q == 1024 && e < len(dfUnits) {
		return "1.0" + dfUnits[e:e+1]
	}
	return strconv.FormatUint(q, 10) + dfUnits[e-1:e]
}

// dfPercent is df's Use%: used/(used+avail) rounded up, "-" when both are 0.
func dfPercent(used, avail uint64) int {
	total := used + avail
	if total == 0 {
		return -1
	}
	hi, lo := bits.Mul64(used, 100)
	q, r := bits.Div64(hi, lo, total)
	if r != 0 {
		q++
	}
	return int(q)
}

// freeSize formats bytes like `free -h` (procps scale_size): the shortest
// of "%.1f<U>i" and "%d<U>i" that fits in 5 characters, computed in C float
// precision, or "<n>B" below 10000 bytes.
func freeSize(n uint64) string {
	if s := strconv.FormatUint(n, 10) + "B"; len(s) <= 4 {
		return s
	}
	const units = "KMGTPE"
	var s string
	for i := range len(units) {
		x := float64(n) / math.Pow(1024, float64(i+1))
		u := units[i:i+1] + "i"
		if s = strconv.FormatFloat(float64(float32(x)), 'f', 1, 64) + u; len(s) <= 5 {
			return s
		}
		if s = strconv.FormatInt(int64(x), 10) + u; len(s) <= 5 {
			return s
		}
	}
	return s
}

// blockSize formats bytes like lsblk and lscpu (util-linux
// size_to_human_string): a whole number with the unit letter, or one
// decimal rounded half up with a trailing zero dropped. With long set it
// writes "64 KiB" as lscpu does instead of lsblk's "64K".
func blockSize(n uint64, long bool) string {
	const letters = "BKMGTPE"
	exp := 0
	for exp < 60 && n >= 1<<(exp+10) {
		exp += 10
	}
	unit := letters[exp/10 : exp/10+1]
	if long && unit != "B" {
		unit = " " + unit + "iB"
	} else if long {
		unit = " B"
	}
	dec := n >> exp
	var frac uint64
	if exp > 0 {
		frac = n & (1<<exp - 1)
	}
	if frac != 0 {
		if frac >= math.MaxUint64/1000 {
			frac = ((frac / 1024) * 1000) / (1 << (exp - 10))
		} else {
			frac = (frac * 1000) / (1 << exp)
		}
		frac = ((frac + 50) / 100) * 10
	}
	if frac == 0 {
		return strconv.FormatUint(dec, 10) + unit
	}
	// util-linux prints "%d.%02d" and then drops one trailing zero; a
	// fraction rounded up to 100 therefore reads ".10", and so does ours.
	s := strconv.FormatUint(frac, 10)
	if len(s) < 2 {
		s = "0" + s
	}
	if s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	return strconv.FormatUint(dec, 10) + "." + s + unit
}
