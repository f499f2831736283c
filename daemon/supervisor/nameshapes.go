package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Shapes of names that classify reads beside its main cases.

// slashed adds "perl/mmdebstrap", a program and what it runs written as
// one word, as the first part the evidence knows as a process; it returns
// -1 for any other word.
func slashed(w, raw string, add func(claim), known map[string]class) int {
	if !strings.Contains(w, "/") {
		return -1
	}
	for _, part := range strings.Split(w, "/") {
		if cl, ok := known[part]; ok && cl == classProcess && !lexicon.IsStopword(part) {
			add(claim{text: raw, kind: kindName, class: cl, key: part})
			return 0
		}
	}
	return -1
}

// pidList reports whether words[i] is in a list of numbers after "PIDs"
// or "processes": "PIDs 22086, 22444 and 22394", "two processes (930 and
// 931)"; an address family may annotate an item ("PIDs 28983 (IPv4) and
// 28985 (IPv6)": pidfamily.go).
func pidList(words []string, i int) bool {
	k := i - 1
	for k >= 0 && (allDigits(words[k]) || words[k] == "and" || words[k] == "or" || familyWords[words[k]] != "") {
		k--
	}
	return k >= 0 && (words[k] == "pids" || (words[k] == "processes" && len(words[i]) > 2))
}

// runsAs reports whether a product name is also the first part of a
// process the evidence shows ("qemu" of qemu-system-x86_64, "xen").
func runsAs(w string, known map[string]class) bool {
	if known[w] == classProcess {
		return true
	}
	for k, cl := range known {
		if cl == classProcess && len(k) > len(w) && k[len(w)] == '-' && k[:len(w)] == w {
			return true
		}
	}
	return false
}

// protocol returns "tcp" or "udp" when w names one ("TCP port 5353"), or "".
func protocol(w string) string {
	if w == "tcp" || w == "udp" {
		return w
	}
	return ""
}

// describes reports whether words[i], before a kind word, describes the
// program named right before it ("the Go linker (PID 8970)", "the nginx
// worker process") rather than naming one.
func describes(words []string, i int, known map[string]class) bool {
	if i == 0 || i+1 >= len(words) || !kindWords[words[i+1]] {
		return false
	}
	prev := words[i-1]
	return known[prev] == classProcess || lexicon.IsProgram(prev) || products[prev]
}

// namedProcess reports whether words[i] follows "<program> process", as
// a PID does in "the link process 3661", "the linker process 3661" or
// "the process 3661".
func namedProcess(words []string, i int, known map[string]class) bool {
	if i < 2 || words[i-1] != "process" {
		return false
	}
	w := words[i-2]
	return known[w] == classProcess || lexicon.IsProgram(w) || roleNouns[w] || w == "the"
}

// descriptor reports whether words[i], right before "(PID n)", is a plain
// word that may say what the process is ("the compiler (PID 13013)")
// rather than name it: all letters (see claim.soft). The PID stays a
// claim; a wrong one is still caught.
func descriptor(words []string, i int) bool {
	if i+1 >= len(words) || (words[i+1] != "pid" && words[i+1] != "pids") {
		return false
	}
	for _, r := range words[i] {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// namedByPID reports a name a PID is said to be ("PID 1 is systemd",
// "PID 4242 belongs to firefox"): an identity, not a description.
func namedByPID(words []string, i int) bool {
	at := func(k int) string {
		if i+k >= 0 && i+k < len(words) {
			return words[i+k]
		}
		return ""
	}
	return ((at(-1) == "is" || at(-1) == "was") && allDigits(at(-2)) && at(-3) == "pid") ||
		(at(-1) == "to" && at(-2) == "belongs" && allDigits(at(-3)))
}
