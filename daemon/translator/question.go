package translator

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of CheckQuestion. A real question has a few words; the keyword
// questions are 40 to 170 bytes.
const (
	minQuestionLetters = 6
	minQuestionWords   = 2
	maxQuestionScripts = 2
	minAlnumShare      = 0.7
)

// noQuestion are what small models write in a string field when they mean
// null; they ask nothing.
var noQuestion = []string{"", "null", "none", "nil", "n/a", "no", "false"}

// A clarification that does not end in a question mark must start with
// one of questionWords or hold one of politeWords, so a statement ("The
// disk is full.") is not taken for a question.
var (
	questionWords = []string{
		"which", "what", "who", "whom", "whose", "where", "when", "why", "how",
		"do", "does", "did", "is", "are", "can", "could", "should", "would", "will",
		"please", "specify", "tell", "name", "clarify",
	}
	politeWords = []string{"please", "specify", "clarify"}
)

// asksNothing reports whether the model's clarification_question string
// means "no question".
func asksNothing(q string) bool {
	return slices.Contains(noQuestion, strings.ToLower(strings.TrimSpace(q)))
}

// CheckQuestion tells whether q, a clarification question a model wrote, is
// fit to show the user as is. It is judged like an answer, since the user
// reads it as one: it must be valid text without control, format or
// private-use characters, at most MaxQuestionLength bytes, made mostly of
// letters and digits in at most two scripts (random code points span
// many), at least two words and six letters (a cut-off "{" or "4ݑ" is
// neither), free of one word repeated over and over, and it must end like
// a finished sentence: with a question mark, or with a full stop or "!"
// after a question or request word ("Please name the service."). A nil
// error means fit; otherwise the error says why, and the caller falls back
// to the keyword clarification.
func CheckQuestion(q string) error {
	q = strings.TrimSpace(q)
	switch {
	case q == "":
		return errors.New("it is empty")
	case !utf8.ValidString(q):
		return errors.New("it is not valid UTF-8")
	case len(q) > MaxQuestionLength:
		return fmt.Errorf("it is longer than %d bytes", MaxQuestionLength)
	}
	var letters, alnum, visible int
	scripts := map[string]bool{}
	for _, r := range q {
		switch {
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			return errors.New("it holds control characters")
		case r == utf8.RuneError, unicode.Is(unicode.Co, r), !unicode.IsPrint(r) && !unicode.IsSpace(r):
			return errors.New("it holds characters that are not text")
		case unicode.IsSpace(r):
			continue
		}
		visible++
		if unicode.IsLetter(r) {
			letters++
			scripts[scriptOf(r)] = true
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			alnum++
		}
	}
	words := strings.Fields(strings.ToLower(q))
	switch {
	case letters < minQuestionLetters || len(words) < minQuestionWords && !spaceless(scripts):
		return errors.New("it is too short to be a question")
	case float64(alnum) < minAlnumShare*float64(visible):
		return errors.New("it is mostly symbols, not words")
	case len(scripts) > maxQuestionScripts:
		return fmt.Errorf("it mixes %d scripts", len(scripts))
	case repetitive(words):
		return errors.New("it repeats one word")
	}
	return finished(q, words)
}

// finished checks the end of q: a cut-off reply stops mid-sentence.
func finished(q string, words []string) error {
	end := strings.TrimRight(q, `"'”’»)]`)
	last, _ := utf8.DecodeLastRuneInString(end)
	switch last {
	case '?', '？', '؟':
		return nil
	case '.', '!', '。', '！':
		if slices.Contains(questionWords, strings.Trim(words[0], `.,:;!?"'()¿¡`)) {
			return nil
		}
		for _, w := range words {
			if slices.Contains(politeWords, strings.Trim(w, `.,:;!?"'()`)) {
				return nil
			}
		}
		return errors.New("it does not ask anything")
	}
	return errors.New("it stops mid-sentence")
}

// repetitive reports a degenerate reply: one word making up more than half
// of four or more, or the same word three times in a row.
func repetitive(words []string) bool {
	count := map[string]int{}
	run := 0
	for i, w := range words {
		w = strings.Trim(w, `.,:;!?"'()`)
		count[w]++
		if i > 0 && w == strings.Trim(words[i-1], `.,:;!?"'()`) {
			run++
		} else {
			run = 1
		}
		if run >= 3 || len(words) >= 4 && 2*count[w] > len(words) {
			return true
		}
	}
	return false
}

// spaceless reports whether scripts holds one written without spaces
// between words, where a one-"word" question is normal.
func spaceless(scripts map[string]bool) bool {
	for _, s := range []string{"Han", "Hiragana", "Katakana", "Thai", "Lao", "Khmer", "Myanmar"} {
		if scripts[s] {
			return true
		}
	}
	return false
}

// commonScripts are tried first: nearly every letter is in one of them.
var commonScripts = []string{"Latin", "Cyrillic", "Greek", "Han", "Arabic", "Hebrew", "Devanagari", "Hiragana", "Katakana", "Hangul", "Thai"}

// scriptOf names the Unicode script of letter r.
func scriptOf(r rune) string {
	for _, name := range commonScripts {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	for name, table := range unicode.Scripts {
		if unicode.Is(table, r) {
			return name
		}
	}
	return "unknown"
}
