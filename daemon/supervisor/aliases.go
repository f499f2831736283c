package supervisor

import "strings"

// aliasTokens returns the process names a longer name starts with:
// "PostgreSQL" is the product whose processes ps and ss call postgres,
// also where no evidence line spells it out (as a data directory
// /var/lib/postgresql would).
func (ix *index) aliasTokens(key string) []string {
	var out []string
	for name, cl := range ix.entities {
		if cl == classProcess && len(name) >= minAliasLen && len(name) < len(key) && strings.HasPrefix(key, name) && len(ix.tokens[name]) > 0 {
			out = append(out, name)
		}
	}
	return out
}
