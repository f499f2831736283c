package translator

import (
	"strings"
	"unicode"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/runecut"
)

// MaxInputBytes bounds the text the classifier reads; the rest is ignored.
// It equals the RPC limit on a request, so nothing a client can send is cut.
const MaxInputBytes = rpc.MaxRequestTextBytes

// query is the user's text taken apart once: surface tokens for entities,
// canonical words for term lookup, and the word count the clarification rule
// needs.
type query struct {
	tokens []string // lowercased, contractions expanded, punctuation trimmed
	words  []string // tokens in canonical (stemmed or typo-corrected) form
	// typed counts the whitespace-separated words the user typed, before
	// contractions are expanded: "what's up" is two words.
	typed int
}

// apostrophes normalizes the quote marks people type for an apostrophe.
var apostrophes = strings.NewReplacer("\u2019", "'", "\u2018", "'", "`", "'")

// contractionSuffixes expand the endings of "what's", "they're", "I'm",
// "I've", "I'll" and "I'd".
var contractionSuffixes = map[string]string{"s": "is", "re": "are", "m": "am", "ve": "have", "ll": "will", "d": "would"}

// parse tokenizes text deterministically in linear time.
func parse(text string) query {
	text = clip(text)
	text = strings.ToLower(text)
	text = apostrophes.Replace(text)
	var q query
	for _, f := range strings.Fields(text) {
		if strings.IndexFunc(f, isWordRune) >= 0 {
			q.typed++
		}
	}
	for _, f := range strings.FieldsFunc(text, isSeparator) {
		q.tokens = append(q.tokens, expand(trimToken(f))...)
	}
	q.words = make([]string, len(q.tokens))
	for i, tok := range q.tokens {
		q.words[i] = canonical(tok)
	}
	return q
}

// clip cuts text to MaxInputBytes on a rune boundary and drops invalid UTF-8.
func clip(text string) string {
	return strings.ToValidUTF8(runecut.Prefix(text, MaxInputBytes), " ")
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// isSeparator keeps inside tokens the characters that names use: paths
// (/dev/sda), units (nginx.service), addresses (10.0.0.1:22), and the
// apostrophes of contractions.
func isSeparator(r rune) bool {
	return !isWordRune(r) && !strings.ContainsRune("/._-:'+@", r)
}

// trimToken strips sentence punctuation around a token but keeps a leading
// '/' (a path) and a leading ':' before digits (a port such as :8080).
func trimToken(s string) string {
	s = strings.TrimRight(s, ".-_:'+@/")
	if strings.HasPrefix(s, ":") && len(s) > 1 && isDigits(s[1:]) {
		return s
	}
	return strings.TrimLeft(s, ".-_:'+@")
}

// expand splits contractions into plain words so "what's", "can't" and
// "won't" read like "what is", "can not" and "will not".
func expand(tok string) []string {
	if tok == "" {
		return nil
	}
	i := strings.IndexByte(tok, '\'')
	if i < 0 {
		if tok == "cannot" {
			return []string{"can", "not"}
		}
		return []string{tok}
	}
	switch tok {
	case "can't":
		return []string{"can", "not"}
	case "won't":
		return []string{"will", "not"}
	}
	base, suffix := tok[:i], tok[i+1:]
	if strings.HasSuffix(base, "n") && suffix == "t" {
		return nonEmpty(base[:len(base)-1], "not")
	}
	if w, ok := contractionSuffixes[suffix]; ok {
		return nonEmpty(base, w)
	}
	return nonEmpty(strings.ReplaceAll(tok, "'", ""))
}

func nonEmpty(ws ...string) []string {
	out := ws[:0]
	for _, w := range ws {
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// canonical maps a token to the vocabulary word it stands for: itself, a
// stem (processes → process, dropping → drop, exposed → expose) or, for
// words of five letters or more, a term one typing slip away (memroy →
// memory). Tokens that match nothing are returned unchanged.
func canonical(tok string) string {
	if vocab[tok] {
		return tok
	}
	for _, s := range stems(tok) {
		if vocab[s] {
			return s
		}
	}
	if len(tok) >= 5 && !lexicon.IsStopword(tok) {
		if w, ok := typo(tok); ok {
			return w
		}
	}
	return tok
}

// stems lists candidate stems in a fixed order, most specific first.
func stems(w string) []string {
	var out []string
	cut := func(suffix string) (string, bool) {
		if len(w) > len(suffix)+2 && strings.HasSuffix(w, suffix) {
			return w[:len(w)-len(suffix)], true
		}
		return "", false
	}
	if b, ok := cut("ies"); ok {
		out = append(out, b+"y")
	}
	if b, ok := cut("es"); ok {
		out = append(out, b)
	}
	if b, ok := cut("s"); ok {
		out = append(out, b)
	}
	for _, suffix := range []string{"ing", "ed", "er"} {
		if b, ok := cut(suffix); ok {
			out = append(out, b, b+"e")
			if n := len(b); n >= 2 && b[n-1] == b[n-2] {
				out = append(out, b[:n-1]) // dropping → drop
			}
		}
	}
	if b, ok := cut("ly"); ok {
		out = append(out, b)
	}
	return out
}

// typo finds the first term (in sorted order) with the same first letter
// that is one insertion, deletion, substitution or adjacent swap away.
func typo(tok string) (string, bool) {
	for _, w := range byInitial[tok[0]] {
		if lexicon.OneEdit(tok, w) {
			return w, true
		}
	}
	return "", false
}
