package supervisor

import (
	"cmp"
	"regexp"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Counts of failed logins said as "X failed N times" or "N failures", and
// counts of the journal's entries (journalcounts.go says how each is
// checked).

var (
	// failedTimesRe reads "203.0.113.45 failed 4 times", "root failed
	// twice", "bob failed IMAP auth 3 times"; failuresRe "4 failures from 203.0.113.45" (not "one failure
	// each from …": a count per address).
	failedTimesRe = regexp.MustCompile(`\bfailed\s+(?:to\s+log\s+in\s+|(?:ssh\s+|imap\s+|pop3\s+|smtp\s+|sudo\s+)?(?:logins?|authentication|auth|passwords?)\s+)?(once|twice|thrice|(?:` +
		countAlternation + `)\s+times)\b`)
	failuresRe = regexp.MustCompile(countRe + `\s+(?:ssh\s+)?(?:login\s+|password\s+|authentication\s+)?failures?\b(?:\s+each)?`)
)

// loginTimes checks counts of failed logins said as "X failed N times" or
// "N failures": of the user and address of its item, which must name one
// ("the backup failed twice" counts no login); the first wrong one, else
// the first.
func loginTimes(ix *index, _ []int32, s string) (found bool, what string, ok bool) {
	type count struct{ n, at, end int }
	var counts []count
	for _, m := range failedTimesRe.FindAllStringSubmatchIndex(s, -1) {
		counts = append(counts, count{timesOf(s[m[2]:m[3]]), m[0], m[1]})
	}
	for _, m := range failuresRe.FindAllStringSubmatchIndex(s, -1) {
		if !strings.HasSuffix(s[m[0]:m[1]], "each") {
			counts = append(counts, count{countOf(s[m[2]:m[3]]), m[0], m[1]})
		}
	}
	for _, c := range counts {
		start, end := itemSpan(s, c.at, c.end) // journalcounts.go
		item := s[start:end]
		addr, user := itemAddress(item, s[c.at:c.end]), ""
		if u := loginUserRe.FindStringSubmatch(item); u != nil && u[1] != "ssh" {
			user = u[1]
		}
		if u, a := allQualifier(s, end); u != "" || a != "" { // smblogins.go
			user, addr = cmp.Or(user, u), cmp.Or(addr, a)
		}
		if addr == "" && user == "" || c.n < 0 || deniedCount(s[:c.at]) {
			continue
		}
		ident := ix.loginIdent(item, c.at-start, c.end-c.at, user) // loginidents.go
		if have, lines, known := ix.failedLogins(ident, user, addr); known {
			if good := have == c.n || lines == c.n; !ok || found && !good {
				found, what, ok = good, strconv.Itoa(c.n)+" failed logins", true
			}
		}
	}
	for _, c := range append(ix.bracketLogins(s), ix.listedLogins(s)...) { // loginbrackets.go, loginlists.go
		if have, lines, known := ix.failedLogins(c.ident, c.user, c.addr); known {
			if good := have == c.n || lines == c.n; !ok || found && !good {
				found, what, ok = good, strconv.Itoa(c.n)+" failed logins for "+c.user, true
			}
		}
	}
	return found, what, ok
}

// journalEntriesRe reads "N (sshd) entries (from sshd)"; plainEntryWords are the
// words an item counting all of the journal's entries, or one
// identifier's, may hold besides them: any other ("3 lines about
// billing.service", "5 errors since noon") selects entries this rule
// cannot tell.
var (
	journalEntriesRe = regexp.MustCompile(countRe + `\s+(?:([\w.@-]+)\s+)?(?:journal\s+|log\s+)?(?:entries|lines|messages)\b(?:\s+(?:from|by)\s+([\w.@-]+))?`)
	plainEntryWords  = lexicon.NewSet(`the journal journalctl log logs system has have had shows show showed contains contain there are were is in
		total entries lines messages at warning level or worse higher above only just of priority from by i see count counted it listed lists
		returned printed logged and a an its all with which that overall altogether excerpt output`)
)

// entryCount checks a count of the journal's entries, of one identifier
// when the item names one ("5 sshd entries").
func entryCount(ix *index, ids []int32, s string) (found bool, what string, ok bool) {
	m := journalEntriesRe.FindStringSubmatchIndex(s)
	if m == nil || !strings.Contains(s, "journal") && !strings.Contains(s, "log") {
		return false, "", false
	}
	idents := map[string]int{}
	for _, id := range ids {
		if ident, _ := journalLabel(ix.recs[id].text); ident != "" {
			idents[ident]++
		}
	}
	ident, n := "", len(ids)
	for _, w := range plainWords(countItem(s, m[0], m[1])) {
		if c, named := idents[w]; named && ident == "" {
			ident, n = w, c
		} else if !plainEntryWords[w] && countOf(w) < 0 && w != ident {
			return false, "", false
		}
	}
	what = s[m[2]:m[3]] + " journal entries"
	if ident != "" {
		what = s[m[2]:m[3]] + " " + ident + " entries"
	}
	return n == countOf(s[m[2]:m[3]]), what, true
}

// itemAddress returns the address of an item its count is said of: the
// first after the count ("4 failures from 203.0.113.45 and one from …"),
// else the last before it.
func itemAddress(item, count string) string {
	at := strings.Index(item, count)
	if at < 0 {
		return ipv4Re.FindString(item)
	}
	if a := ipv4Re.FindString(item[at:]); a != "" {
		return a
	}
	all := ipv4Re.FindAllString(item[:at], -1)
	if len(all) == 0 {
		return ""
	}
	return all[len(all)-1]
}

// severityRe reads a severity an entry count may name: "warning or error
// entries", "warnings and errors". The journal probe shows entries at
// warning level or worse, so an entry count naming warnings with worse
// ones counts all of its lines.
var severityRe = regexp.MustCompile(`\bwarnings?(?:[- ]level)?(?:\s+(?:or|and|/|&)\s+|/)(?:errors?|worse|higher|above|critical)\b`)

// severityEntries returns s with a severity phrase of warnings and worse
// read as "warning".
func severityEntries(s string) string {
	if !strings.Contains(s, "warning") {
		return s
	}
	return severityRe.ReplaceAllString(s, "warning")
}
