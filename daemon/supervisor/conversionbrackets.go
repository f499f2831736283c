package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "It was using around 18 GB of memory (anon-rss 1842176 kB)", "1.76 GiB
// of RAM (RSS 1844200 KiB)": a size, the noun of what it measures, and a
// bracket whose first figure is a size of that same measure restate one
// value, as "1.47 GiB (1537284 KiB)" does (conversions.go): the bracket's
// size must be the first converted, hedged or not. Only memory nouns may
// stand between the size and the bracket ("of memory", "of anonymous
// memory", "RSS", "in size", "of disk space"), and only a memory label
// may open the bracket ("RSS", "anon-rss", "resident") or an
// approximation ("~", "about"); "1.76 GiB
// of memory (VSZ 2.5 GB)", "18 GB (out of 23 GiB)" and "1.76 GiB more
// than java (1.17 GiB)" name other figures.

var (
	// bracketNouns may stand between a size and its restating bracket.
	bracketNouns = lexicon.NewSet(`of the its in memory ram rss anon anonymous resident physical set size disk
	space swap`)
	// bracketGlue are the bracketNouns that name no measure.
	bracketGlue = lexicon.NewSet(`of the its in`)
	// bracketLabels may open the bracket before the restated size.
	bracketLabels = lexicon.NewSet(`rss anon resident res set size`)
)

// bracketNounSpan is how many words may name the measure before the
// bracket.
const bracketNounSpan = 4

// restatesInBracket reports b as the first figure of a bracket that
// follows a and the memory noun after it (see above).
func restatesInBracket(answer string, a, b claim) bool {
	end := a.off + len(a.text)
	if end > b.off || b.off-end > 48 {
		return false
	}
	gap := answer[end:b.off]
	open := strings.Index(gap, "(")
	if open < 0 || strings.ContainsAny(gap[open+1:], "()") {
		return false
	}
	after := strings.TrimSpace(answer[min(b.off+len(b.text), len(answer)):])
	if !strings.HasPrefix(after, ")") && !strings.HasPrefix(after, ",") && !strings.HasPrefix(after, ";") {
		return false // "(anon-rss 1842176 kB used by …)" goes on
	}
	nouns := plainWords(gap[:open])
	if len(nouns) == 0 || len(nouns) > bracketNounSpan {
		return false // no noun: conversions.go reads a bare bracket
	}
	measured := false
	for _, w := range nouns {
		if !bracketNouns[w] {
			return false
		}
		measured = measured || !bracketGlue[w]
	}
	if !measured {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(gap[open+1:])) {
		for _, p := range plainWords(w) {
			if !bracketLabels[p] && !approxWords[p] {
				return false
			}
		}
		if len(plainWords(w)) == 0 && !approxWords[strings.Trim(w, ":")] && strings.Trim(w, ":=") != "" {
			return false
		}
	}
	return true
}
