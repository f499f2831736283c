package supervisor

import (
	"cmp"
	"regexp"
	"strings"
)

// Counts a sentence states outside the shapes of listencounts.go and
// compare.go, each checked against the rows it counts:
//
//   - "6 listening sockets, including one UDP socket": an included count
//     of one protocol's sockets needs at least that many of them in ss;
//   - "vmtests.test (PID 8401) listens on four localhost ports", "nginx
//     has two listening sockets": one process's ports (of the loopback
//     when "localhost", "loopback" or "local" says so) must be its ss
//     rows' number, read as ports or as sockets;
//   - "3 failed SSH login attempts (for user admin) (from 203.0.113.9)":
//     the journal's failed logins ("Failed password", "authentication
//     failure", "auth failed", "authentication failed", Samba's "FAILED
//     with error NT_STATUS_…": smblogins.go; a line counting its
//     attempts, "auth failed, 3 attempts", stands for that many) of that
//     user and address; a count where the journal could not be read is
//     unsupported.

var (
	includedRe = regexp.MustCompile(`\b(?:including|includes|include|among\s+them|plus)\s+(?:at\s+least\s+)?` + countRe +
		`\s+(tcp|udp)\s+(?:listeners?|sockets?|ports?)\b`)
	procPortsRe = regexp.MustCompile(`(?:\bpid\s+(\d{1,10})\)?|([a-z0-9][\w.@-]*))\s+(?:listens|is\s+listening|holds|has|owns|opens|keeps)\s+` +
		`(?:on\s+)?` + countRe + `\s+(?:(localhost|loopback|local)\s+)?(?:(?:listening|open|tcp|udp)\s+)*(?:ports?|sockets?|listeners?)\b`)
	failedLoginRe = regexp.MustCompile(`(?:^|[^\w.:/-])` + countRe + `\s+(?:failed|unsuccessful)\s+(?:(?:ssh|smb|samba|imap|pop3|ftp)\s+)?(?:login|logon|password|authentication|sign-in)?\s*` +
		`(?:attempts?|logins?|tries|passwords?|authentications)\b`)
	loginUserRe = regexp.MustCompile(`\b(?:for|as)\s+(?:the\s+)?(?:invalid\s+)?(?:user\s+)?(?:account\s+)?([a-z_][\w.-]*)`)
	ipv4Re      = regexp.MustCompile(`\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b`)
)

// checkSentenceCounts reports the counts above in one sentence's text;
// next is the sentence after it, which may say where all its failed
// logins came from (nextall.go).
func checkSentenceCounts(ix *index, g *Grounding, sentence, next string) {
	s := strings.ToLower(strings.ReplaceAll(sentence, "**", ""))
	if m := submatchWith(includedRe, s, "includ", "among", "plus"); m != nil {
		if counts, ok := ix.listenerCounts(m[2]); ok {
			report(g, slicesMax(counts[socketReadings:]) >= countOf(m[1]), m[1]+" "+m[2]+" sockets included")
		}
	}
	if m := submatchWith(procPortsRe, s, "port", "socket", "listener"); m != nil {
		if ports, sockets, ok := ix.ownerPorts(m[1], m[2], m[4] != ""); ok {
			n := countOf(m[3])
			report(g, n == ports || n == sockets, m[3]+" ports of "+m[1]+m[2])
		}
	}
	loc := submatchIndexWith(failedLoginRe, s, "failed", "unsuccessful")
	if loc != nil {
		// The match opens with the character before the count, which
		// keeps "77 failed" of "203.0.113.77 failed" from being one.
		loc = []int{loc[2], loc[1], loc[2], loc[3]}
	} else {
		loc = ix.rejectedLogins(s) // rejectedlogins.go
	}
	if loc != nil {
		// The user and address are those of the count's own item
		// (journalcounts.go): not "4 of them from 203.0.113.45" after it.
		at, m := loc[0], []string{s[loc[0]:loc[1]], s[loc[2]:loc[3]]}
		start, end := itemSpan(s, at, at+len(m[0])) // journalcounts.go
		item, rel, user := s[start:end], at-start, ""
		if u := loginUserRe.FindStringSubmatch(item[rel:]); u != nil && u[1] != "ssh" {
			user = u[1]
		}
		addr := itemAddress(item, m[0])
		if ix.loginTotalDenied(s, at+len(m[0]), end, user, addr, countOf(m[1])) { // logintotals.go
			report(g, false, m[1]+" failed logins in total")
			return
		}
		if u, a := allQualifier(s, end); u != "" || a != "" { // smblogins.go
			user, addr = cmp.Or(user, u), cmp.Or(addr, a)
		} else {
			addr = cmp.Or(addr, nextAllAddress(next)) // nextall.go
		}
		ident := ix.loginIdent(item, rel, len(m[0]), user) // loginidents.go
		if n, lines, ok := ix.failedLogins(ident, user, addr); ok {
			report(g, n == countOf(m[1]) || lines == countOf(m[1]), m[1]+" failed logins")
		}
	}
}

func report(g *Grounding, found bool, what string) {
	if found {
		g.Found = append(g.Found, what)
	} else {
		g.Missing = append(g.Missing, what)
	}
}

func slicesMax(ns []int) int {
	m := 0
	for _, n := range ns {
		m = max(m, n)
	}
	return m
}

// ownerPorts counts the distinct ports and the sockets of ss's rows owned
// by a PID (or, without one, a program name), on the loopback when local
// is set; ok is false when no row has that owner.
func (ix *index) ownerPorts(pid, prog string, local bool) (ports, sockets int, ok bool) {
	seen := map[string]bool{}
	for _, r := range ix.recs {
		s, row := ssSocket(r) // onlylisteners.go
		if !row {
			continue
		}
		owned := false
		for _, o := range ssOwner.FindAllStringSubmatch(r.text, maxSocketOwners) {
			owned = owned || pid != "" && o[2] == pid || pid == "" && strings.ToLower(o[1]) == prog
		}
		if !owned {
			continue
		}
		ok = true
		if local && !s.loopback() && s.addr != "localhost" {
			continue
		}
		sockets++
		if port := s.proto + ":" + s.port; !seen[port] {
			seen[port] = true
			ports++
		}
	}
	return ports, sockets, ok
}

// failedLogins counts the journal's failed logins logged by a program
// (its identifier), of a user and from an address (any may be empty), as
// attempts (a line counting its own,
// "3 attempts", stands for that many) and as lines; ok is false without a
// journal probe, and a journal that could not be read counts none but
// supports no count.
func (ix *index) failedLogins(ident, user, addr string) (n, lines int, ok bool) {
	c := ix.logins() // loginscache.go
	if c.unread {
		return -1, -1, true
	}
	key := loginKey{ident, user, addr}
	if t, seen := c.tallies[key]; seen {
		return t.n, t.lines, t.ok
	}
	for i, id := range c.ids {
		r := ix.recs[id]
		if ident != "" && c.identOf[i] != ident {
			continue
		}
		named := namesUser(r.text, user)
		// An address is whole: 192.168.1.5 is not 192.168.1.50.
		if user != "" && !named ||
			addr != "" && !containsBounded(r.text, addr, true) {
			continue
		}
		n += loggedAttempts(r.text)
		lines++
	}
	c.tallies[key] = loginTally{n, lines, c.ok}
	return n, lines, c.ok
}

// loginFailure reports a journal line of a failed login: sshd's "Failed
// password", PAM's "authentication failure", dovecot's "auth failed",
// PostgreSQL's "password authentication failed", Grafana's "Failed to
// authenticate request", FreeRADIUS's "Login incorrect".
func loginFailure(t string) bool {
	return containsAnyOf(t, "failed password", "authentication failure", "auth failed", "authentication failed", "failed to authenticate", "login incorrect") ||
		smbLoginFailure(t) // smblogins.go
}

// attemptsRe reads the attempts a failed-login line counts itself
// (dovecot's "auth failed, 3 attempts in 12 secs").
var attemptsRe = regexp.MustCompile(`\b(\d{1,3}) attempts?\b`)

// loggedAttempts returns the failed logins one line stands for: the
// attempts it counts, else one.
func loggedAttempts(t string) int {
	if m := attemptsRe.FindStringSubmatch(t); m != nil {
		if n := countOf(m[1]); n > 0 {
			return n
		}
	}
	return 1
}

// submatchWith returns re's submatches in s when s holds one of the words
// a match needs: re has no literal prefix, and Go tries such a regexp at
// every byte of a sentence that cannot match.
func submatchWith(re *regexp.Regexp, s string, words ...string) []string {
	if !containsAnyOf(s, words...) {
		return nil
	}
	return re.FindStringSubmatch(s)
}

// submatchIndexWith is submatchWith giving where the match and its
// groups are, for a rule that reads the text around the match.
func submatchIndexWith(re *regexp.Regexp, s string, words ...string) []int {
	if !containsAnyOf(s, words...) {
		return nil
	}
	return re.FindStringSubmatchIndex(s)
}
