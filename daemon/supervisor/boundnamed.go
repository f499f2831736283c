package supervisor

// boundNamed returns how many rows a bound over "the rest" ("Everything
// else is under 0.5%", "nothing else uses more than 10%") sets aside:
// the entities of its sentence, or, where it names none, those of the
// sentence before, which "else" points back to. A PID counts its row; a
// name counts one unless a PID stands right beside it ("firefox (PID
// 4242)", "PID 4242 (firefox)": one row).
func boundNamed(c claim, anchors map[int][]claim) int {
	as := anchors[c.sent]
	if len(as) > 0 || c.sent == 0 || (c.boundN != otherRows && c.boundN != allOtherRows) {
		return len(as)
	}
	prev := anchors[c.sent-1]
	n := 0
	for i, a := range prev {
		if a.class == classPID || !pidBeside(prev, i) {
			n++
		}
	}
	return n
}

// pidBeside reports whether the anchor before or after as[i] is a PID
// in its segment with at most a bracket and "PID" between them.
func pidBeside(as []claim, i int) bool {
	for _, j := range []int{i - 1, i + 1} {
		if j < 0 || j >= len(as) || as[j].class != classPID || as[j].seg != as[i].seg {
			continue
		}
		a, b := as[min(i, j)], as[max(i, j)]
		if b.off-(a.off+len(a.text)) <= len(" (PID ") {
			return true
		}
	}
	return false
}
