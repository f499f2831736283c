package supervisor

import "strings"

// unjudged returns, as Missing, the claims the whole evidence's check found
// in one cited sentence (found, offsets in the answer) that the check of
// its own lines (g, over ctx, which starts at from in the answer) neither
// finds nor misses and that its lines do not hold (lowNarrow, the text of
// their index, already lowercased): "web1 and web2 came back UP [155]"
// where line 155 is web1's alone. Without it such a claim fell between
// the two checks: the whole check's verdict gives way to the sentence's
// lines, which did not read it as a claim at all. Words of the question
// (given) are the user's. Only a word one line prints (lineWord) is judged
// so: a kind ("IPv4") or a product ("Postfix" of a process named master)
// the whole check read off other lines is not what the sentence's lines
// must print.
func unjudged(found []placed, g Grounding, ctx string, from int, full *index, lowNarrow, given string) []placed {
	var out []placed
	for _, p := range found {
		core := claimCore(p.text)
		if !lineWord(core, full) || judgedAt(g, core, ctx, p.off-from) {
			continue
		}
		low := strings.ToLower(core)
		if strings.Contains(lowNarrow, low) || given != "" && strings.Contains(given, low) {
			continue
		}
		out = append(out, placed{p.off, 1, core + " (not on the cited lines)"})
	}
	return out
}

// claimCore is a Grounding claim's text without its bracketed reason
// ("1.2 GiB (for firefox)" → "1.2 GiB").
func claimCore(t string) string {
	if i := strings.LastIndex(t, " ("); i > 0 && strings.HasSuffix(t, ")") {
		return t[:i]
	}
	return t
}

// judgedAt reports whether g finds or misses a claim whose core is core at
// offset off of ctx.
func judgedAt(g Grounding, core, ctx string, off int) bool {
	for _, list := range [][]string{g.Found, g.Missing, g.Given} {
		for _, t := range list {
			if claimCore(t) == core && locate(ctx, t, 0) == off {
				return true
			}
		}
	}
	return false
}

// lineWord reports whether a claim's text is a word that names something
// of one line, as the containment rule's distinctive words do: one token
// with a digit, with one of -_/.:= inside or in capitals, that is no word
// of prose (commonCaps) and that the evidence prints, alone or as a part
// ("web2" of "app/web2").
func lineWord(core string, full *index) bool {
	if core == "" || strings.ContainsAny(core, " \t") || commonCaps[strings.ToUpper(core)] {
		return false
	}
	if !hasDigitByte(core) && !joined(core) && !capsWord(core) {
		return false
	}
	return hasWord(full, strings.ToLower(core))
}
