package supervisor

// boundNamed returns how many rows a bound over "the rest" ("Everything
// else is under 0.5%", "nothing else uses more than 10%") sets aside:
// the entities of its sentence, or, where it names none, those of the
// sentence before, which "else" points back to. Named PIDs count their
// rows; a name with no PID beside it counts one.
func boundNamed(c claim, anchors map[int][]claim) int {
	as := anchors[c.sent]
	if len(as) > 0 || c.sent == 0 || (c.boundN != otherRows && c.boundN != allOtherRows) {
		return len(as)
	}
	prev := anchors[c.sent-1]
	pids := 0
	for _, a := range prev {
		if a.class == classPID {
			pids++
		}
	}
	if pids > 0 {
		return pids
	}
	return len(prev)
}
