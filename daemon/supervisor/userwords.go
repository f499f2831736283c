package supervisor

import "strings"

// userWords are the user's own words (see Check), offset-safe, and their
// index, built on first use: a cited answer's checks share them.
type userWords struct {
	words []string
	ix    *index
}

func newUserWords(given []string) *userWords {
	u := &userWords{words: make([]string, len(given))}
	for i, w := range given {
		u.words[i] = offsetSafe(w)
	}
	return u
}

// has reports whether the user's words hold claim c.
func (u *userWords) has(c claim) bool {
	if len(u.words) == 0 {
		return false
	}
	if u.ix == nil {
		u.ix = newIndex(strings.Join(u.words, "\n"))
	}
	return u.ix.has(c)
}
