package supervisor

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Limits of a usable reply. A specialist's answer is at least a short
// sentence: two words and a few letters.
const (
	minAnswerWords   = 2
	minAnswerLetters = 6
	// maxWordRepeat is the longest run of one word repeated back to back
	// that prose has ("very very"); a third copy is a model stuck in a loop.
	maxWordRepeat = 2
	// maxForeignShare is the largest share of letters outside the answer's
	// main script (and Latin, which names programs in any language) before
	// the reply counts as random code points.
	maxForeignShare = 0.10
	// minProseShare is the smallest share of letters, digits, spaces and
	// ordinary punctuation in a usable reply.
	minProseShare = 0.80
)

// danglingWords end no finished sentence: a reply that stops on one of them
// was cut off mid-sentence. Articles, prepositions and conjunctions lead
// on to what they join; an auxiliary to its verb or complement; a
// possessive to its noun; "the most" to what is most ("the process
// using the most").
var danglingWords = lexicon.NewSet(`and or but nor the a an of to with is are was were has have been being
	on in at by for from into onto via per as between among through within without across toward towards
	against upon uses using than that which whose because while about whether
	its their your my our most least`)

// figurePrepositions lead to a figure: a reply that ends, unpunctuated, in
// a bare number right after one ("the root filesystem is at 9") stopped
// before the figure's digits or unit were all written.
var figurePrepositions = lexicon.NewSet(`at of to by from with about around under over`)

// Garbled returns why a reply cannot be an answer, or "" when it reads as
// text. It rejects, in this order: an empty reply; bytes that are not
// UTF-8; control characters other than tab and newline (a terminal would
// obey them); code points no text uses (private use, unassigned,
// replacement characters); a reply that is mostly symbols; letters from
// more than one unrelated script (a random-weight model's output); a JSON
// or code fragment instead of prose; brackets, quotes or code fences left
// open, or bold text or a table row left open on the last line; a reply
// that stops mid-sentence (on a word that leads on, or on a bare number
// after "at", "of" and the like, or converting a figure with a unit:
// "1537284 KiB which is approximately 1.4", cutconversion.go, or on a
// letter where the sentences before it end with a stop, cutsentence.go);
// one word repeated back to back; and a reply too short to say anything
// (fewer than 2 words or 6 letters).
// It is deterministic and linear in the reply.
func Garbled(reply string) string { return garbled(reply, false) }

// garbled is Garbled, where terse accepts a reply too short for an
// answer that names only what the evidence holds (terseanswer.go).
func garbled(reply string, terse bool) string {
	text := strings.TrimSpace(reply)
	switch {
	case text == "":
		return "the reply is empty"
	case !utf8.ValidString(text):
		return "the reply is not UTF-8 text"
	}
	why, letters := garbledRunes(text)
	if why != "" {
		return why
	}
	words := strings.Fields(text)
	if (len(words) < minAnswerWords || letters < minAnswerLetters) && !terse {
		return "the reply is too short to be an answer"
	}
	if onlyTags(words) {
		return "the reply is only markup tags, no text"
	}
	if c := text[0]; c == '{' || c == '[' || (c == '"' && strings.Count(text, `"`) < 2) {
		return "the reply is a JSON fragment, not prose"
	}
	if why := unbalanced(text); why != "" {
		return why
	}
	if last := strings.ToLower(strings.TrimRight(words[len(words)-1], "*_")); danglingWords[last] ||
		strings.ContainsAny(text[len(text)-1:], ",:(-[{") || cutFigure(words) || cutConversion(words) || cutSubject(text, words) || cutAfterLead(text, words) || cutClause(text, words) || cutSize(text, words) || cutLabel(words) || cutTableRow(text) || openBold(text) {
		return "the reply stops mid-sentence (cut off)"
	}
	if cutLastSentence(text) {
		return "the reply's last sentence stops without the full stop the others end with (cut off)"
	}
	if w, n := longestRepeat(words); n > maxWordRepeat {
		return "the reply repeats " + quoteShort(w) + " " + itoa(n) + " times in a row"
	}
	if phraseLoop(words) {
		return "the reply repeats one phrase over and over"
	}
	if runeRun(text) >= maxRuneRun {
		return "the reply repeats one character over and over"
	}
	return ""
}

// maxRuneRun is the longest run of one non-space character a reply may
// have; markdown rules and table borders stay far below it.
const maxRuneRun = 32

// maxPhrase and minPhraseLoops define a loop: a phrase of 2 to maxPhrase
// words said minPhraseLoops times back to back ("I am. I am. I am. I am.").
const (
	maxPhrase      = 6
	minPhraseLoops = 4
)

func phraseLoop(words []string) bool {
	for k := 2; k <= maxPhrase; k++ {
		loops := 1
		for i := k; i+k <= len(words); i += k {
			if sameWords(words[i:i+k], words[i-k:i]) {
				loops++
				if loops >= minPhraseLoops {
					return true
				}
				continue
			}
			loops = 1
			i -= k - 1 // try every alignment
		}
	}
	return false
}

func sameWords(a, b []string) bool {
	for j := range a {
		if !strings.EqualFold(a[j], b[j]) {
			return false
		}
	}
	return true
}

func runeRun(text string) int {
	best, run := 0, 0
	var prev rune = -1
	for _, r := range text {
		if r == prev && !unicode.IsSpace(r) {
			run++
		} else {
			run = 1
		}
		prev = r
		best = max(best, run)
	}
	return best
}

// scriptOf names the script of a letter by its range table; Latin, Greek
// and Cyrillic share one entry with Common because technical text mixes
// them (µs, Ω), as do Han, Hiragana and Katakana in Japanese text.
func scriptOf(r rune) *unicode.RangeTable {
	switch {
	case r < 0x250 || unicode.Is(unicode.Latin, r) || unicode.Is(unicode.Greek, r):
		return unicode.Latin
	case unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r):
		return unicode.Han
	}
	for _, t := range scriptTables {
		if unicode.Is(t, r) {
			return t
		}
	}
	return unicode.Other_Alphabetic // any other script: one bucket
}

var scriptTables = []*unicode.RangeTable{
	unicode.Cyrillic, unicode.Arabic, unicode.Hebrew, unicode.Devanagari, unicode.Hangul, unicode.Thai,
	unicode.Syriac, unicode.Armenian, unicode.Georgian, unicode.Bengali, unicode.Tamil, unicode.Ethiopic,
}

// foreign reports letters outside the main script and Latin beyond
// maxForeignShare: an answer in Russian names "nginx" in Latin, but does
// not scatter Syriac and Thai letters through it.
func foreign(scripts map[*unicode.RangeTable]int, letters int) bool {
	if letters == 0 {
		return false
	}
	var main *unicode.RangeTable
	for s, n := range scripts {
		if s != unicode.Latin && (main == nil || n > scripts[main]) {
			main = s
		}
	}
	other := 0
	for s, n := range scripts {
		if s != unicode.Latin && s != main {
			other += n
		}
	}
	// A lone non-Latin letter in a short Latin reply ("4ݑ") is noise too.
	if main != nil && scripts[unicode.Latin] > 0 && scripts[main] <= 2 && letters < 40 {
		other += scripts[main]
	}
	return float64(other) > maxForeignShare*float64(letters)
}

// unbalanced reports a code fence, backtick or bracket left open, which a
// finished reply closes.
func unbalanced(text string) string {
	if strings.Count(text, "```")%2 != 0 {
		return "the reply leaves a code block open (cut off)"
	}
	depth := map[rune]int{}
	pairs := map[rune]rune{')': '(', ']': '[', '}': '{'}
	for _, r := range text {
		switch r {
		case '(', '[', '{':
			depth[r]++
		case ')', ']', '}':
			depth[pairs[r]]--
		}
	}
	// Closing more than was opened happens in prose ("1) first"); leaving
	// one open means the reply stopped inside it.
	for _, open := range "([{" {
		if depth[open] > 0 {
			return "the reply leaves a bracket open (cut off)"
		}
	}
	return ""
}

// longestRepeat returns the word repeated most often back to back
// (case-insensitively, ignoring punctuation) and how often.
func longestRepeat(words []string) (string, int) {
	best, bestN, run := "", 0, 0
	prev := ""
	for _, w := range words {
		k := strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
		if k != "" && k == prev {
			run++
		} else {
			run = 1
		}
		prev = k
		if k != "" && run > bestN {
			best, bestN = w, run
		}
	}
	return best, bestN
}

func quoteShort(s string) string {
	if len(s) > 20 {
		s = s[:20]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	return `"` + s + `"`
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// onlyTags reports a reply that is markup tags ("<think>", "</think>",
// "<|im_end|>") around fewer than minAnswerWords words ("assistant"): a
// model's chat scaffolding with no answer in it.
func onlyTags(words []string) bool {
	text := 0
	for _, w := range words {
		if rest := tagPattern.ReplaceAllString(w, ""); rest != "" && (rest == w || !chatRoles[strings.ToLower(rest)]) {
			text++
		}
	}
	return text < len(words) && text < minAnswerWords
}

// tagPattern matches a markup or chat-template tag ("<b>", "<|im_start|>").
var tagPattern = regexp.MustCompile(`<[^<>\s]*>`)

// chatRoles are the role names a chat template glues to its tags
// ("<|im_start|>assistant"): with the tag they are template, not text.
var chatRoles = map[string]bool{"assistant": true, "user": true, "system": true, "model": true}

// cutFigure reports a reply whose last word is a bare number, with no
// unit and no closing punctuation, right after a word of
// figurePrepositions: "is at 9" lost its "1%". "2", "2 CPUs" and "at
// 7.4%" are whole.
func cutFigure(words []string) bool {
	n := len(words)
	if n < 2 {
		return false
	}
	last := words[n-1]
	if !isDigit(last[0]) || !isDigit(last[len(last)-1]) || !allDigits(strings.ReplaceAll(last, ".", "")) {
		return false
	}
	if lexicon.IsIPv4(last) {
		return false // "viewer from 192.0.2.77": a whole address, no cut figure
	}
	return figurePrepositions[strings.ToLower(strings.TrimRight(words[n-2], "*_"))]
}

// garbledRunes is the part of garbled that reads single code points: it
// returns why text is no text at all (control characters, code points no
// text uses, mostly symbols, unrelated scripts), or "", and the number of
// letters it holds.
func garbledRunes(text string) (string, int) {
	var letters, prose, runes int
	scripts := map[*unicode.RangeTable]int{}
	for _, r := range text {
		runes++
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			prose++
			continue
		case unicode.IsControl(r) || (unicode.Is(unicode.Cf, r) && r != '\u200d'):
			return "the reply contains control characters", 0
		case r == utf8.RuneError || unicode.Is(unicode.Co, r) || unicode.Is(unicode.Cs, r) || !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs):
			return "the reply contains code points no text uses", 0
		case unicode.IsLetter(r):
			letters++
			prose++
			scripts[scriptOf(r)]++
		case unicode.IsDigit(r) || unicode.IsSpace(r) || unicode.IsPunct(r) || strings.ContainsRune("%+=<>|~^$°", r):
			prose++
		}
	}
	if float64(prose) < minProseShare*float64(runes) {
		return "the reply is mostly symbols, not text", 0
	}
	if foreign(scripts, letters) {
		return "the reply mixes unrelated scripts (random code points)", 0
	}
	return "", letters
}
