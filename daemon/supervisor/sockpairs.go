package supervisor

import "strings"

// listedOwners returns the entities of a list right before a list of
// sockets in one sentence: in "Two ollama processes hold listening
// ports: PID 19526 and PID 19511, on 127.0.0.1:40981 and
// 127.0.0.1:45569" the addresses pair with the PIDs in order (an implied
// "respectively"), or at least each is a socket of one of them; the
// nearest PID alone need not own both. It returns nil unless c is a port
// or address in a list ("and", a comma) after two or more PIDs or
// processes joined only by "and", "or", commas and "PID".
func listedOwners(answer string, c claim, as []claim) []claim {
	if !socketPart(c) {
		return nil
	}
	var group []claim
	for _, a := range as {
		if a.off >= c.off {
			break
		}
		if a.class != classPID && a.class != classProcess {
			group = nil
			continue
		}
		if n := len(group); n > 0 && !joinsList(answer[min(group[n-1].off+len(group[n-1].text), a.off):a.off]) {
			group = nil
		}
		group = append(group, a)
	}
	if len(group) < 2 {
		return nil
	}
	last := group[len(group)-1]
	between := answer[min(last.off+len(last.text), c.off):c.off]
	if strings.Contains(between, ". ") || strings.Contains(between, "\n") {
		return nil
	}
	near := strings.ToLower(answer[c.off:min(len(answer), c.off+len(c.text)+6)])
	if !strings.Contains(between, " and ") && !strings.Contains(between, ",") && !strings.Contains(near, " and ") && !strings.Contains(near, ",") {
		return nil
	}
	return group
}

// joinsList reports whether text between two entities only joins them as
// items of one list ("and", "or", commas, "PID").
func joinsList(text string) bool {
	for _, w := range plainWords(text) {
		if w != "and" && w != "or" && w != "pid" && w != "pids" {
			return false
		}
	}
	return !strings.ContainsAny(text, ".;:(")
}
