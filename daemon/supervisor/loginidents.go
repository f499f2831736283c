package supervisor

// A count of failed logins said of the program that logged them
// ("Grafana logged four failed logins", "six failed SSH password
// attempts") counts that program's lines only: a journal holding both
// sshd's "Failed password" lines and Grafana's "Failed to authenticate
// request" ones has as many of each as that program logged, and the
// total is neither. The program is a journal identifier that logged a
// failed login, named in the count's item before the count (nearest
// first) or in the count's own words, as itself or as the protocol its
// daemon serves ("ssh" of sshd); not the count's user ("postgres had 3
// failed logins" may be sshd's lines for user postgres). A program that
// logged none selects nothing: the count is of all the journal's.

// loginIdent returns the identifier of the program a failed-login count
// (at [at, at+n) of item) is said of, or "".
func (ix *index) loginIdent(item string, at, n int, user string) string {
	if at < 0 || at+n > len(item) {
		return ""
	}
	logged := ix.logins().idents // loginscache.go
	if len(logged) == 0 {
		return ""
	}
	named := func(w string) string {
		switch {
		case w == user:
			return ""
		case logged[w]:
			return w
		case logged[w+"d"]:
			return w + "d" // "ssh" of sshd, "smb" of smbd
		}
		return ""
	}
	before := plainWords(item[:at])
	for i := len(before) - 1; i >= 0; i-- {
		if ident := named(before[i]); ident != "" {
			return ident
		}
	}
	for _, w := range plainWords(item[at : at+n]) {
		if ident := named(w); ident != "" {
			return ident
		}
	}
	return ""
}
