package supervisor

import "strings"

// A fact-form answer's advice may state nothing about the machine that its
// facts do not; a model that slips a claim in anyway puts it in a clause
// of its own ("Restart clamd, which crashed at 08:30"). The rules read an
// advice sentence as advice, checking only a few kinds of claim in it
// (checkedInAdvice), so such a clause is read again as the report it is.

// reportMarkers open a clause that says what is so, after the advice: the
// relative ones describe the thing advised about, the others give a
// reason that stands as a sentence of its own.
var (
	relativeMarkers = []string{", which ", ", who ", ", whose ", ", that "}
	reasonMarkers   = []string{" since ", " because ", ", as ", " now that ", ", given that "}
)

// adviceReport returns what an advice item says of the machine in such a
// clause, as a sentence the rules read as a report, or "" when it has
// none: "Restart clamd, which crashed at 08:30" gives "clamd crashed at
// 08:30"; "Add swap, since swap is fully used" gives "swap is fully used".
func adviceReport(item string) string {
	low := asciiLower(item)
	at, relative, marker := -1, false, ""
	for _, set := range [][]string{relativeMarkers, reasonMarkers} {
		for _, m := range set {
			if i := strings.Index(low, m); i >= 0 && (at < 0 || i < at) {
				at, relative, marker = i, set[0] == relativeMarkers[0], m
			}
		}
	}
	if at < 0 {
		return ""
	}
	clause := strings.TrimSpace(item[at+len(marker):])
	if !relative {
		return clause
	}
	// The thing advised about is the object of the advice's verb.
	words := strings.Fields(item[:at])
	for len(words) > 1 && adviceVerbs[strings.ToLower(strings.Trim(words[0], "-*•"))] {
		words = words[1:]
	}
	if len(words) == 0 || adviceVerbs[strings.ToLower(words[0])] {
		return ""
	}
	return strings.Join(words, " ") + " " + clause
}

// adviceReports are the reports of a's advice items, one a line.
func adviceReports(advice []string) string {
	var b strings.Builder
	for _, item := range advice {
		if r := adviceReport(item); r != "" {
			b.WriteString(strings.TrimRight(r, ". ") + ".\n")
		}
	}
	return b.String()
}
