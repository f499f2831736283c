package supervisor

// zeroPadded reports an integer written with leading zeros to a fixed
// width ("00004817", "0042"): no count or size is written so.
func zeroPadded(w string) bool {
	if len(w) < 4 || w[0] != '0' {
		return false
	}
	for i := 0; i < len(w); i++ {
		if !isDigit(w[i]) {
			return false
		}
	}
	return true
}
