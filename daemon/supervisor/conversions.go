package supervisor

import "strings"

// "available 22489501696 bytes ≈ 22.5 GiB": a size written right after
// another in a different unit, joined by "≈", "~", "about", "or", "=",
// "i.e." or a bracket ("1.47 GiB (1537284 KiB)"), restates it. Each may
// match some evidence figure alone (22.5 GiB is near the 23.5 GiB total),
// but the pair is one value: the second must be the first converted,
// within its rounding (and the approximation's tolerance). 22489501696
// bytes is 20.9 GiB; 22.5 GB would hold (GB may be decimal).

// conversionLeads may open a restatement ("or", "i.e.", "which is"), and
// an approximation word may follow or stand alone ("≈", "about").
var conversionLeads = map[string]bool{"or": true, "=": true, "i.e.": true, "ie": true, "which is": true, "that is": true}

// checkConversions reports a restated size that is not its figure
// converted.
func checkConversions(g *Grounding, answer string, claims []claim) {
	for i := 0; i+1 < len(claims); i++ {
		a, b := claims[i], claims[i+1]
		if a.kind != kindSize || b.kind != kindSize || a.sent != b.sent || a.advice || b.advice ||
			a.bound != 0 || b.bound != 0 || sizeUnit(a.text) == sizeUnit(b.text) ||
			!restates(answer, a, b) && !restatesInBracket(answer, a, b) { // conversionbrackets.go
			continue
		}
		if !anyOverlap(a.ivs, b.ivs) {
			g.Missing = append(g.Missing, b.text+" (not "+a.text+")")
		}
	}
}

// restates reports whether only a conversion join, brackets and commas
// stand between a and b: "22489501696 bytes ≈ 22.5 GiB", "1.47 GiB
// (1537284 KiB)", "1153024 KiB, i.e. 1.1 GiB".
func restates(answer string, a, b claim) bool {
	end := a.off + len(a.text)
	if end > b.off || b.off-end > 24 {
		return false
	}
	after := strings.TrimSpace(answer[min(b.off+len(b.text), len(answer)):])
	if strings.Contains(answer[end:b.off], "(") && !strings.HasPrefix(after, ")") {
		return false // "252 GB (26 GiB used)" says more than the figure
	}
	if ws := plainWords(after[:min(len(after), 16)]); len(ws) > 0 && fieldWords[ws[0]] != "" {
		return false // "… or 26 GiB used" is another figure
	}
	between := strings.NewReplacer("(", " ", ",", " ", "*", " ").Replace(strings.ToLower(answer[end:b.off]))
	words := strings.Fields(between)
	if len(words) == 0 {
		return strings.Contains(answer[end:b.off], "(")
	}
	if len(words) >= 2 && (words[0] == "which" || words[0] == "that") && words[1] == "is" {
		words = append([]string{words[0] + " is"}, words[2:]...)
	}
	switch len(words) {
	case 1:
		return conversionLeads[words[0]] || approxWords[words[0]]
	case 2:
		return conversionLeads[words[0]] && approxWords[words[1]]
	}
	return false
}

// sizeUnit returns the unit a size claim was written with, lowercased.
func sizeUnit(text string) string {
	t := strings.ToLower(strings.TrimSpace(text))
	return strings.TrimSpace(strings.TrimLeft(t, "0123456789.,"))
}

func anyOverlap(xs, ys []interval) bool {
	for _, x := range xs {
		for _, y := range ys {
			if x.overlaps(y) {
				return true
			}
		}
	}
	return false
}
