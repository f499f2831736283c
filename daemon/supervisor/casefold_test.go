package supervisor

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestOffsetSafeKeepsLength checks the promise the rules rely on: after
// offsetSafe, strings.ToLower moves no byte, for every rune there is and
// for invalid bytes.
func TestOffsetSafeKeepsLength(t *testing.T) {
	var b strings.Builder
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if utf8.ValidRune(r) {
			b.WriteRune(r)
		}
	}
	b.WriteString("\xff\xfe a\x80")
	s := offsetSafe(b.String())
	if lower := strings.ToLower(s); len(lower) != len(s) {
		t.Fatalf("lowercasing offsetSafe's text changes its length from %d to %d bytes", len(s), len(lower))
	}
	for in, want := range map[string]string{
		"plain ASCII, kept": "plain ASCII, kept",
		"273 \u212a":        "273 k",
		"Ⱥ and Ä":           "ⱥ and Ä",
		"bad \xff byte":     "bad \ufffd byte",
	} {
		if got := offsetSafe(in); got != want {
			t.Errorf("offsetSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCaseFoldingKeepsVerdicts inserts a letter twice into labelled
// answers (after the first word and near the middle): once a letter whose
// lower case keeps its length ("Ä", "K"), once one whose lower case does
// not ("Ⱥ" grows from 2 to 3 bytes, the kelvin sign shrinks from 3 to 1).
// Both must be judged alike; a rule that cuts the answer at offsets found
// in a strings.ToLower copy judged 52 of them differently and panicked on
// 38 before Check made its inputs offset-safe. Every fourth answer is
// tried, to keep the test short.
func TestCaseFoldingKeepsVerdicts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	pairs := [][2]string{{"Ä", "Ⱥ"}, {"K", "\u212a"}}
	same := strings.NewReplacer("Ⱥ", "Ä", "ⱥ", "ä", "\u212a", "K")
	n := 0
	for _, f := range files {
		name := filepath.Base(f)
		if name != "corpus.txt" && !strings.HasPrefix(name, "heldout") || factBlind[name] != nil {
			continue // a fact-form file's answers are JSON, judged by JudgeFacts
		}
		inputs := map[string]Input{}
		for _, c := range readCorpus(t, name) {
			if n++; n%4 != 0 || c.label == "G" {
				continue
			}
			first := strings.Index(c.answer, " ")
			mid := strings.Index(c.answer[len(c.answer)/2:], " ")
			if first < 0 || mid < 0 {
				continue
			}
			mid += len(c.answer) / 2
			in, ok := inputs[c.scenario]
			if !ok {
				in = scenario(t, c.scenario)
				inputs[c.scenario] = in
			}
			for _, p := range pairs {
				var got [2]string
				for i, letter := range p {
					in.Answer = c.answer[:first] + " " + letter + c.answer[first:mid] + " " + letter + c.answer[mid:]
					got[i] = judgedAs(t, c.where, in)
				}
				if !strings.EqualFold(same.Replace(got[0]), same.Replace(got[1])) {
					t.Errorf("%s with %q judged otherwise than with %q:\n%s\n%s", c.where, p[1], p[0], got[1], got[0])
				}
			}
		}
	}
}

// judgedAs returns the verdict of in as text, or the panic it caused.
func judgedAs(t *testing.T, where string, in Input) (out string) {
	defer func() {
		if e := recover(); e != nil {
			out = fmt.Sprintf("panic: %v", e)
		}
	}()
	r := Judge(in)
	found, missing := slices.Clone(r.Grounding.Found), slices.Clone(r.Grounding.Missing)
	slices.Sort(found)
	slices.Sort(missing)
	return fmt.Sprintf("grounded %v, score %d, found %q, missing %q", r.Signals.AnswerGrounded, r.Score, found, missing)
}
