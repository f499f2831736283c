package supervisor

import (
	"strings"
	"unicode"
)

// HedgePhrases are the words and phrases that mark a statement as a guess
// rather than a reading of the evidence (spec: no_invention, "no hedging
// words (probably, typically, etc.)"). They match whole words, ignoring
// case and punctuation ("Probably." and "probably," both count). Phrases
// left out on purpose: "may" and "could" alone (advice: "you may want to
// close it"; facts: "could not read"), "should be" alone (instructions:
// "it should be restarted" is listed, "nginx should be restarted" is not:
// only "it/this/that/there/which/they should be" speculate), "might" and
// "may have" before advice ("you might want to", "you may have to"), and
// "about"/"around"/"approximately", which round a quoted figure.
var HedgePhrases = []string{
	"probably", "typically", "usually", "likely", "unlikely", "might", "maybe", "may be", "may have",
	"perhaps", "possibly", "presumably", "supposedly", "apparently", "seemingly", "conceivably",
	"generally", "normally", "often", "commonly", "in general", "in most cases", "in many cases",
	"i think", "i believe", "i guess", "i assume", "i suspect", "i'd guess", "i would guess", "i'd say",
	"my guess", "i'm not sure", "i am not sure", "not sure", "i'm not certain", "not certain",
	"it seems", "seems to", "seem to", "it appears", "appears to", "appear to", "tends to", "tend to",
	"could be", "could have", "it should be", "this should be", "that should be", "there should be",
	"which should be", "they should be", "as far as i know", "afaik", "if i recall", "chances are",
	"it's possible", "it is possible", "possible that",
}

// hedgeSeqs holds HedgePhrases split into words, grouped by first word.
var hedgeSeqs = func() map[string][][]string {
	m := map[string][][]string{}
	for _, p := range HedgePhrases {
		ws := strings.Fields(p)
		m[ws[0]] = append(m[ws[0]], ws)
	}
	return m
}()

// Hedges returns the hedging phrases in text, in order of first use and
// without duplicates; empty when there are none.
func Hedges(text string) []string {
	words := hedgeWords(text)
	out := []string{}
	seen := map[string]bool{}
	for i, w := range words {
		for _, seq := range hedgeSeqs[w] {
			if i+len(seq) > len(words) || !equalAt(words, i, seq) || advising(words, i+len(seq)) {
				continue
			}
			if p := strings.Join(seq, " "); !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// adviceAfterHedge are the words after "might" or "may have" that make it
// advice, not a guess: "you might want to close it", "you may have to
// restart it".
var adviceAfterHedge = map[string]bool{"want": true, "wish": true, "like": true, "consider": true, "try": true,
	"need": true, "prefer": true, "to": true}

func advising(words []string, next int) bool {
	prev := words[next-1]
	return (prev == "might" || prev == "have") && next < len(words) && adviceAfterHedge[words[next]] &&
		(prev == "might" || words[next] == "to")
}

// hedgeWords lowercases text and splits it into words of letters, digits
// and inner apostrophes (typographic ones normalized), so "I’m" reads "i'm".
func hedgeWords(text string) []string {
	text = strings.ToLower(strings.ReplaceAll(text, "\u2019", "'"))
	words := strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	})
	for i, w := range words {
		words[i] = strings.Trim(w, "'") // quotes around a word, not inside it
	}
	return words
}

func equalAt(words []string, i int, seq []string) bool {
	for k, w := range seq {
		if words[i+k] != w {
			return false
		}
	}
	return true
}
