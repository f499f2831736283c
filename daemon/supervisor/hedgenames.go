package supervisor

import (
	"slices"
	"strings"
)

// Words that qualify or deny rather than name: "a `wg0` interface (likely
// WireGuard)" names no interface "likely", and "a busy loop rather than a
// real PostgreSQL dump" claims no PostgreSQL.

// modifier reports an adverb or hedge ("likely", "probably", "maybe"),
// which sits where a name could but names nothing.
func modifier(w string) bool {
	return strings.HasSuffix(w, "ly") || hedgeSeqs[w] != nil || w == "maybe" || w == "perhaps"
}

// contrastLeads are the words that set a name against what the answer
// says instead: "rather than", "instead of", "not a (real) X".
var contrastLeads = [][]string{{"rather", "than"}, {"instead", "of"}, {"not"}}

// contrastFillers may stand between such words and the name.
var contrastFillers = map[string]bool{"a": true, "an": true, "the": true, "real": true, "actual": true, "genuine": true, "true": true, "proper": true}

// contrasted reports words before a name that end in a contrast: "rather
// than a real", "instead of the", "not a real" (a bare "not" only with a
// filler after it: "is not X" is the copula's).
func contrasted(before []string) bool {
	k := len(before)
	for k > 0 && contrastFillers[before[k-1]] {
		k--
	}
	for _, lead := range contrastLeads {
		n := len(lead)
		if k >= n && slices.Equal(before[k-n:k], lead) && (n > 1 || k < len(before)) {
			return true
		}
	}
	return false
}
