package supervisor

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestReachOnce checks that checkExposure alone judges a listener's
// reach: a general statement's clause before its modal, a process
// narrowed to the PID in its bracket, and a wrong reach reported once.
func TestReachOnce(t *testing.T) {
	ev := func(name string) string { return EvidenceText(scenario(t, name)) }
	laptop, h10, h21 := ev("laptop"), ev("host10"), ev("host21")
	checkPairs(t, []pair{
		{"all interfaces before a modal clause", laptop,
			"nginx (PID 930) is listening on TCP port 80 on all interfaces (0.0.0.0), so the web server could be reachable from the network.",
			"CUPS (`cupsd`, PID 700) is listening on TCP port 631 on all interfaces (0.0.0.0), so the print service could be reachable from the network."},
		{"a process is the PID in its bracket", h21,
			"socat (PID 1472) listens on localhost only.",
			"socat (PID 1474) listens on localhost only."},
	})
	g := Check("The python3 http.server on port 8080 listens on all interfaces.", h10)
	n := 0
	for _, m := range g.Missing {
		if strings.Contains(m, "8080") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("port 8080 should be missing once: %q", g.Missing)
	}
}

// TestReachWordsSpans checks that a clause split once gives every span
// the words plainWords gives it, a word the span cuts included.
func TestReachWordsSpans(t *testing.T) {
	for _, answer := range []string{
		"CUPS (`cupsd`, PID 700) listens on 127.0.0.1:631, not on all interfaces",
		"Ünïcode sshd-22 on [::]:22 — ÄLL addresses",
	} {
		cw := newReachWords(answer, reachClause{start: 0, end: len(answer)})
		for a := range len(answer) + 1 {
			for b := a; b <= len(answer); b++ {
				if !utf8.ValidString(answer[a:b]) {
					continue
				}
				if got, want := cw.words(a, b), plainWords(answer[a:b]); !slices.Equal(got, want) {
					t.Fatalf("%q[%d:%d]: %q, want %q", answer, a, b, got, want)
				}
			}
		}
	}
}
