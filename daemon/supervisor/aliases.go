package supervisor

// aliasTokens returns the process names a longer name starts with, the
// longest first: "PostgreSQL" is the product whose processes ps and ss
// call postgres, also where no evidence line spells it out (as a data
// directory /var/lib/postgresql would). Walking the key's own prefixes,
// not the entity map, keeps the order the same on every run.
func (ix *index) aliasTokens(key string) []string {
	var out []string
	for _, name := range ix.processPrefixes(key) {
		if len(ix.tokens[name]) > 0 {
			out = append(out, name)
		}
	}
	return out
}

// processPrefixes returns the process names of at least minAliasLen
// bytes that key starts with and is longer than, the longest first.
func (ix *index) processPrefixes(key string) []string {
	var out []string
	for n := len(key) - 1; n >= minAliasLen; n-- {
		if name := key[:n]; ix.entities[name] == classProcess {
			out = append(out, name)
		}
	}
	return out
}
