package supervisor

import "strings"

// Typed data is written from JSON numbers, which drop a fraction of zeros:
// ps's "0.0" %CPU is stored as 0 and rendered "cpu_percent 0%". Read as
// written, that 0 would stand for anything under 0.5% and ground "smbd at
// 0.3%" beside ps's 0.0. A whole number under a typed key ("cpu_percent",
// "mem_percent", "rss_kib": a snake_case key naming its unit, as
// EvidenceText writes them) therefore stands for its value to one decimal,
// the precision ps and the probes keep, not to the nearest integer.

// typedHalf is half the step of the one decimal a typed whole number has.
const typedHalf = 0.05

// typedPrecision returns n with the precision of a typed value when key,
// the word before it, is a typed key and n was written without a fraction.
func typedPrecision(key string, n number) number {
	if n.decimals > 0 || !typedKey(key) {
		return n
	}
	n.half = typedHalf
	return n
}

// typedKey reports whether key is one EvidenceText writes for typed data
// with a unit: snake_case, ending in a unit suffix of dataUnits.
func typedKey(key string) bool {
	if !strings.Contains(key, "_") {
		return false
	}
	for _, ku := range dataUnits {
		if strings.HasSuffix(key, ku.suffix) {
			return true
		}
	}
	return false
}
