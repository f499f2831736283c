package supervisor

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// paraphrases rewrite an answer the way people vary one: a lead-in, a
// markdown bullet, figures rounded with "about", a process's short name.
// Each returns "" when it does not apply.
var paraphrases = []struct {
	name string
	fn   func(string) string
}{
	{"yes", func(s string) string { return lead("Yes, ", s) }},
	{"currently", func(s string) string { return lead("Currently, ", s) }},
	{"bullet", func(s string) string { return "- " + s }},
	{"bold", boldFirst},
	{"about", func(s string) string { return roundFigures(s, false) }},
	{"one digit", func(s string) string { return roundFigures(s, true) }},
	{"short names", shortNames},
}

func lead(with, s string) string {
	if l := lowerLead(s); l != "" {
		return with + l
	}
	return ""
}

// lowerLead lowercases the first word when it is a common sentence opener,
// so "The CPU" becomes "the CPU" but "AMD" and "qemu" stay as written.
func lowerLead(s string) string {
	first, rest, _ := strings.Cut(s, " ")
	if strings.HasSuffix(first, ":") {
		return "" // "Yes, Memory: 23 GiB" is no sentence anyone writes
	}
	switch first {
	case "The", "There", "This", "It", "Only", "Two", "Three", "Memory", "Swap", "No", "Nothing", "Disk", "Port", "Interface":
		return strings.ToLower(first) + " " + rest
	}
	return s
}

var leadName = regexp.MustCompile(`^([a-z][\w.-]*[\w])( \(PID| is| uses| has)`)

func boldFirst(s string) string {
	if m := leadName.FindStringSubmatchIndex(s); m != nil {
		return "**" + s[:m[3]] + "**" + s[m[3]:]
	}
	return ""
}

// figureRe matches a decimal figure with a percent sign or a size unit.
var figureRe = regexp.MustCompile(`\b(\d{1,3}(?:,\d{3})+|\d+\.\d+|\d{3,})( ?)(%|(?:GiB|MiB|KiB|GB|MB|G|M)\b)`)

// roundFigures writes "about 27%" for 26.9% (to an integer), or, with
// oneDigit, "about 30%" (one significant digit), as people do.
func roundFigures(s string, oneDigit bool) string {
	changed := false
	out := figureRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := figureRe.FindStringSubmatch(m)
		v, err := strconv.ParseFloat(strings.ReplaceAll(sub[1], ",", ""), 64)
		if err != nil || v < 1 || (oneDigit && (sub[3] == "KiB" || v >= 1000)) {
			return m // nobody writes "about 2000000 KiB"
		}
		r := math.Round(v)
		if oneDigit {
			p := math.Pow(10, math.Floor(math.Log10(v)))
			r = math.Round(v/p) * p
		}
		if r == v && !strings.Contains(sub[1], ",") {
			return m
		}
		changed = true
		return "about " + strconv.FormatFloat(r, 'f', -1, 64) + sub[2] + sub[3]
	})
	if !changed {
		return ""
	}
	for _, dup := range []string{"about about", "roughly about", "a about", "an about", "around about"} {
		out = strings.ReplaceAll(out, dup, "about")
	}
	return out
}

var longNames = regexp.MustCompile(`qemu-system-x86_64|(?:/[\w.-]+)+/([\w.-]+)\b`)

// shortNames writes the names people say: "qemu" for qemu-system-x86_64,
// "link" for /usr/local/go/pkg/tool/linux_amd64/link.
func shortNames(s string) string {
	out := longNames.ReplaceAllStringFunc(s, func(m string) string {
		if m == "qemu-system-x86_64" {
			return "qemu"
		}
		if !strings.HasPrefix(m, "/usr/") && !strings.HasPrefix(m, "/tmp/") && !strings.HasPrefix(m, "/opt/") {
			return m // a device or a mount point is named by its path
		}
		return m[strings.LastIndex(m, "/")+1:]
	})
	if out == s {
		return ""
	}
	return out
}

// genRates tallies answers by label: how many, how many judged right.
type genRates map[string]*[2]int

func (r genRates) caught() float64 {
	return float64(r["F"][1]) / math.Max(1, float64(r["F"][0]))
}

func (r genRates) flagged(l string) float64 {
	return 1 - float64(r[l][1])/math.Max(1, float64(r[l][0]))
}

func (r genRates) String() string {
	return fmt.Sprintf("F caught %d/%d (%.1f%%), T flagged %d/%d (%.1f%%), A flagged %d/%d (%.1f%%)",
		r["F"][1], r["F"][0], 100*r.caught(), r["T"][0]-r["T"][1], r["T"][0], 100*r.flagged("T"),
		r["A"][0]-r["A"][1], r["A"][0], 100*r.flagged("A"))
}

// scoreGenerated judges each answer, logs those judged wrong and returns
// the tallies.
func scoreGenerated(t *testing.T, all []generated) genRates {
	rates := genRates{"T": {}, "F": {}, "A": {}}
	inputs := map[string]Input{}
	for _, g := range all {
		in, ok := inputs[g.scenario]
		if !ok {
			in = scenario(t, g.scenario)
			inputs[g.scenario] = in
		}
		in.Answer = g.answer
		r := Judge(in)
		right := r.Signals.AnswerGrounded == (g.label != "F")
		tl := rates[g.label]
		tl[0]++
		if right {
			tl[1]++
		} else {
			t.Logf("%s %s %q: %+v", g.label, g.scenario, g.answer, r.Grounding)
		}
	}
	return rates
}

// paraphraseFiles are the labelled files whose T and F answers are
// paraphrased.
var paraphraseFiles = []string{"corpus.txt", "heldout.txt", "heldout2.txt", "heldout3.txt", "heldout4.txt", "heldout5.txt",
	"heldout6.txt", "heldout7.txt", "heldout8.txt", "heldout9.txt", "heldout10.txt", "heldout11.txt", "heldout12.txt",
	"heldout13.txt", "heldout14.txt", "heldout15.txt", "heldout16.txt"}

// TestParaphrases rewrites every true and false answer of the labelled
// files and the plain sentences with each paraphrase and checks that the
// verdict does not flip: a true answer said another way stays grounded, a
// false one stays caught. Only answers judged right as written are
// paraphrased, so a flip is the paraphrase's doing.
func TestParaphrases(t *testing.T) {
	var base []generated
	for _, name := range paraphraseFiles {
		for i, c := range readCorpus(t, name) {
			// Every third answer keeps the test quick under -race.
			if i%3 == 0 && (c.label == "T" || c.label == "F") && !strings.Contains(c.answer, "\n") {
				base = append(base, generated{c.label, c.scenario, c.answer})
			}
		}
	}
	for _, s := range plainScenarios {
		for i, g := range plainAnswers(t, s) {
			if i%3 == 0 && g.label != "A" {
				base = append(base, g)
			}
		}
	}
	// Only answers judged right as written are paraphrased.
	var right []generated
	for _, g := range base {
		if r := scoreGenerated(t, []generated{g}); r[g.label][1] == 1 {
			right = append(right, g)
		}
	}
	total := genRates{"T": {}, "F": {}, "A": {}}
	for _, p := range paraphrases {
		var set []generated
		for _, g := range right {
			if v := p.fn(g.answer); v != "" && v != g.answer {
				set = append(set, generated{g.label, g.scenario, v})
			}
		}
		rates := scoreGenerated(t, set)
		t.Logf("paraphrase %q: %s", p.name, rates)
		if rates.caught() < minCaught || rates.flagged("T") > maxFalseAlarms {
			t.Errorf("paraphrase %q flips verdicts: %s", p.name, rates)
		}
		for l, v := range rates {
			total[l][0] += v[0]
			total[l][1] += v[1]
		}
	}
	t.Logf("all paraphrases: %s", total)
}
