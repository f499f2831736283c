package supervisor

import (
	"regexp"
	"slices"
)

// "The kubelet's client certificate already expired on 2026-11-24",
// where the line says "Certificate expiration is 2026-12-01 09:14:37
// +0000 UTC, rotation deadline is 2026-11-24 21:50:12": a line that dates
// an expiry and another event gives each date its own label, and the
// answer took the other label's date for the expiry. A date an answer
// labels an expiry ("expired on", "expires", "valid until") must be one
// a line labels so; it is judged only where a journal line gives that
// date another label beside an expiry of its own, so a date the lines do
// not label (a line's own timestamp) is left to the figure checks.

var (
	// isoDateRe reads a calendar date as journal messages print it.
	isoDateRe = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b`)
	// expiryLabelRe reads a word that labels the date after it an expiry.
	expiryLabelRe = regexp.MustCompile(`expir\w*|not ?after|valid (?:until|till|through)`)
	// otherDateLabelRe reads a word that labels a date some other event.
	otherDateLabelRe = regexp.MustCompile(`deadline|renew\w*|rotat\w*|issued|not ?before|valid from|created|since|started|last`)
)

// expiryLabelled reports whether the text before a date, back to the
// date before it, labels it an expiry: its last label word is one of
// expiryLabelRe.
func expiryLabelled(label string) bool {
	e := expiryLabelRe.FindAllStringIndex(label, -1)
	if e == nil {
		return false
	}
	o := otherDateLabelRe.FindAllStringIndex(label, -1)
	return o == nil || o[len(o)-1][0] < e[len(e)-1][0]
}

// labelledDates returns the dates of a text, lowercased, each with
// whether it is labelled an expiry.
func labelledDates(t string) (dates []string, expiry []bool) {
	prev := 0
	for _, m := range isoDateRe.FindAllStringIndex(t, -1) {
		dates = append(dates, t[m[0]:m[1]])
		expiry = append(expiry, expiryLabelled(t[prev:m[0]]))
		prev = m[1]
	}
	return dates, expiry
}

// checkExpiryDates reports each date an answer labels an expiry that no
// line labels so, where a journal line gives it another label beside an
// expiry.
func checkExpiryDates(ix *index, g *Grounding, answer string, facts []sentenceFacts) {
	// Every answer reaches here: only one that labels a date an expiry
	// needs the lines read.
	if low := asciiLower(answer); !isoDateRe.MatchString(low) || !expiryLabelRe.MatchString(low) {
		return
	}
	ids, ok, _ := ix.journalEntries()
	if !ok || len(ids) == 0 {
		return
	}
	expiries, others := map[string]bool{}, map[string]bool{}
	for id, r := range ix.recs {
		dates, exp := labelledDates(asciiLower(r.text))
		for i, d := range dates {
			expiries[d] = expiries[d] || exp[i]
		}
		// A journal entry's dates, where it labels one an expiry, are set
		// against that expiry.
		if _, entry := slices.BinarySearch(ids, int32(id)); !entry || !slices.Contains(exp, true) {
			continue
		}
		for i, d := range dates {
			others[d] = others[d] || !exp[i]
		}
	}
	for _, f := range facts {
		start, end := f.at.start, min(f.at.end, len(answer))
		if start >= end {
			continue
		}
		dates, exp := labelledDates(asciiLower(answer[start:end]))
		for i, d := range dates {
			if exp[i] && others[d] && !expiries[d] {
				g.Missing = append(g.Missing, d+" (not an expiry)")
			}
		}
	}
}
