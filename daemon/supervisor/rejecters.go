package supervisor

import (
	"regexp"
	"strings"
)

// "we rejected the authentication of peer 198.51.100.40", where the line
// says "peer 198.51.100.40 rejected our authentication (AUTH_FAILED)":
// the address is real, but a rejection has two sides and the answer put
// it on the wrong one; or it names as the rejecting peer an address of
// another line. An address an answer makes the one that rejected must be
// one a line makes so, where the lines name any; one it makes the
// rejected party must not be one the lines make only the rejecter.

var (
	// rejectAddrRe reads an IPv4 or IPv6 address, bracketed or not:
	// strongSwan names an IPv6 peer as it does an IPv4 one. The IPv6
	// shape is loose (a clock "10:00:01" fits it); rejectAddr keeps only
	// what parses as an address.
	rejectAddrRe = `\[?(\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7})\]?`
	// rejecterRes read an address that rejected: "A rejected", "rejected
	// by A", "the peer that rejected … was A".
	rejecterRes = []*regexp.Regexp{
		regexp.MustCompile(rejectAddrRe + `\)?\s+(?:has |had )?rejected\b`),
		regexp.MustCompile(`\brejected by (?:the )?(?:peer |remote |server |host )?` + rejectAddrRe),
		regexp.MustCompile(`\b(?:that|which|who) rejected\b[^.;]*?\b(?:was|is) (?:the )?(?:peer |remote |server |host )?` + rejectAddrRe),
	}
	// rejectedRes read an address that was rejected: "rejected the
	// authentication of peer A", "rejected A".
	rejectedRes = []*regexp.Regexp{
		regexp.MustCompile(`\brejected (?:the )?(?:[a-z-]+ ){0,2}(?:of|from) (?:the )?(?:peer |remote |server |host )?` + rejectAddrRe),
		regexp.MustCompile(`\brejected (?:the )?(?:peer |remote |server |host )?` + rejectAddrRe),
	}
)

// rejectRoles returns the addresses a text makes the rejecter and those
// it makes the rejected.
func rejectRoles(t string) (by, of []string) {
	t = strings.ReplaceAll(asciiLower(t), "**", "")
	if !strings.Contains(t, "rejected") {
		return nil, nil
	}
	for _, re := range rejecterRes {
		for _, m := range re.FindAllStringSubmatchIndex(t, -1) {
			// "attempts from 198.51.100.7 rejected" is the rejected
			// party's: a passive participle, not the address's act.
			if before := strings.TrimRight(t[:m[0]], " "); strings.HasSuffix(before, " from") || strings.HasSuffix(before, " of") {
				continue
			}
			if a, ok := rejectAddr(t, m[2], m[3]); ok {
				by = append(by, a)
			}
		}
	}
	for _, re := range rejectedRes {
		for _, m := range re.FindAllStringSubmatchIndex(t, -1) {
			if a, ok := rejectAddr(t, m[2], m[3]); ok {
				of = append(of, a)
			}
		}
	}
	return by, of
}

// rejectAddr returns the address at t[lo:hi] in one spelling per address
// ("2001:db8:0:0::5" and "2001:db8::5" are one peer), or false when it is
// none or part of a longer word: Go's regexp has no look-around, so
// "deadbeef::1" would give "beef::1" and "::ffff:192.0.2.1" "::ffff:192".
func rejectAddr(t string, lo, hi int) (string, bool) {
	const inWord = "0123456789abcdefghijklmnopqrstuvwxyz:"
	if lo > 0 && strings.IndexByte(inWord+".", t[lo-1]) >= 0 || hi < len(t) && (strings.IndexByte(inWord, t[hi]) >= 0 || t[hi] == '.' && hi+1 < len(t) && isDigit(t[hi+1])) {
		return "", false
	}
	a, ok := parseAddr(t[lo:hi])
	if !ok {
		return "", false
	}
	return a.String(), true
}

// checkRejecters reports each address an answer puts on the side of a
// rejection the journal lines do not.
func checkRejecters(ix *index, g *Grounding, answer string, facts []sentenceFacts) {
	if !strings.Contains(asciiLower(answer), "rejected") {
		return
	}
	ids, ok, _ := ix.journalEntries()
	if !ok {
		return
	}
	by, of := map[string]bool{}, map[string]bool{}
	for _, id := range ids {
		b, o := rejectRoles(ix.recs[id].text)
		for _, a := range b {
			by[a] = true
		}
		for _, a := range o {
			of[a] = true
		}
	}
	if len(by) == 0 {
		return
	}
	for _, f := range facts {
		start, end := f.at.start, min(f.at.end, len(answer))
		if start >= end {
			continue
		}
		b, o := rejectRoles(answer[start:end])
		for _, a := range b {
			if !by[a] {
				g.Missing = append(g.Missing, a+" (not the one that rejected)")
			}
		}
		for _, a := range o {
			if by[a] && !of[a] {
				g.Missing = append(g.Missing, a+" (the one that rejected)")
			}
		}
	}
}
