package supervisor

import (
	"slices"
	"testing"
)

// A number followed by a verb is the verb's subject, no count of a noun
// the evidence must print beside it: "see where the 404 comes from"
// holds where a line ends ": 404" (heldout96), and a number the evidence
// lacks is still missing.
func TestNumberBeforeVerb(t *testing.T) {
	const evidence = "Nov 25 13:12:56 web-03 certbot[1448]: Detail: 198.51.100.23: Invalid response from http://shop.example.com/.well-known/acme-challenge/tX9k: 404\n"
	for _, tc := range []struct {
		answer  string
		missing bool
	}{
		{"Put a test file in the webroot and fetch it to see where the 404 comes from.", false},
		{"Put a test file in the webroot and fetch it to see where the 503 comes from.", true},
		{"The 404 appears once in the certbot log.", false},
		{"The 500 appears once in the certbot log.", true},
		{"There were 404 requests in the certbot log.", true}, // a count of requests the log does not print
	} {
		g := Check(tc.answer, evidence)
		got := slices.ContainsFunc(g.Missing, func(m string) bool { return m != "" })
		if got != tc.missing {
			t.Errorf("%q: missing %v, want %v (%+v)", tc.answer, got, tc.missing, g)
		}
	}
}
