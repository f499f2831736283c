package supervisor

import (
	"regexp"
	"slices"
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
	// rejectAddrRe reads an IPv4 address.
	rejectAddrRe = `(\d{1,3}(?:\.\d{1,3}){3})`
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
			by = append(by, t[m[2]:m[3]])
		}
	}
	for _, re := range rejectedRes {
		for _, m := range re.FindAllStringSubmatch(t, -1) {
			of = append(of, m[1])
		}
	}
	return by, of
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
	var by, of []string
	for _, id := range ids {
		b, o := rejectRoles(ix.recs[id].text)
		by, of = append(by, b...), append(of, o...)
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
			if !slices.Contains(by, a) {
				g.Missing = append(g.Missing, a+" (not the one that rejected)")
			}
		}
		for _, a := range o {
			if slices.Contains(by, a) && !slices.Contains(of, a) {
				g.Missing = append(g.Missing, a+" (the one that rejected)")
			}
		}
	}
}
