package supervisor

// The failed logins of a journal are asked about once per count, per
// listed item and per word before a count that may name a user, each
// time with a program, user and address; scanning the journal for each
// made a sentence cost its words times the journal's lines. The index
// keeps the failed-login entries, the programs that logged them and each
// answer it gave, for the one request it serves.

// loginsCache holds what failedLogins and loginIdent read.
type loginsCache struct {
	ids        []int32         // the journal entries of failed logins
	identOf    []string        // each entry's identifier, as ids
	idents     map[string]bool // the identifiers that logged one
	ok, unread bool            // as journalEntries says
	tallies    map[loginKey]loginTally
}

type loginKey struct{ ident, user, addr string }

type loginTally struct {
	n, lines int
	ok       bool
}

// logins returns the index's loginsCache, built on first use.
func (ix *index) logins() *loginsCache {
	if ix.loginFails != nil {
		return ix.loginFails
	}
	ids, ok, unread := ix.journalEntries() // each entry once
	c := &loginsCache{idents: map[string]bool{}, ok: ok, unread: unread, tallies: map[loginKey]loginTally{}}
	for _, id := range ids {
		if t := ix.recs[id].text; loginFailure(t) {
			ident := journalIdent(t)
			c.ids, c.identOf = append(c.ids, id), append(c.identOf, ident)
			if ident != "" {
				c.idents[ident] = true
			}
		}
	}
	ix.loginFails = c
	return c
}
