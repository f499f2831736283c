package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/facts"
	"github.com/jjgarcianorway/anna-assistant/hardware"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// JudgeFacts is Judge for a reply in the fact form (package facts):
// in.Answer is the model's JSON reply and in.Sources the lines it was
// shown.
//
//   - Each fact is looked up in the line it names, or another line of its
//     probe (facts.Evidence.Find): one no line says is Missing, with the
//     reason.
//   - The advice is checked as an uncited answer is, against the whole
//     evidence; a clause of it that says what is so (", which crashed at
//     08:30") is read as a report (advicereport.go).
//   - The missing-data text is checked the same way, except that names
//     the evidence lacks cost nothing there: they are what it says is
//     missing (missingGrounding).
//   - The whole reply, as the user reads it, is read for instructions
//     repeated from the evidence.
//   - A summary, which only the form's first version had (blind rounds
//     81–88), is checked against the facts' lines alone.
//
// A reply that is not the fact form, or whose text is garbled (its facts
// one word over and over too), or that has neither a fact with a value
// nor a summary nor a missing-data text, is unusable.
func JudgeFacts(in Input) Review {
	r, _, _ := judgeFacts(in)
	return r
}

// judgeFacts is JudgeFacts, returning as well the parsed reply and the
// shown lines its true facts rest on (each once, first found first; not
// a count's lines nor the hardware snapshot's), which Assemble renders
// and lists as the evidence's cited lines.
func judgeFacts(in Input) (Review, facts.Answer, []int) {
	r := Review{Uncovered: uncovered(in.Requested, in.Results)}
	a, err := facts.Parse(in.Answer)
	switch {
	case err != nil:
		r.Unusable = err.Error()
	case !statesFact(a) && strings.TrimSpace(a.Summary) == "" && strings.TrimSpace(a.Missing) == "": // factgarbage.go
		r.Unusable = "the reply states no fact, no summary and no missing data"
	default:
		r.Unusable = factsGarbled(a)
	}
	if r.Unusable == "" && in.Incomplete {
		r.Unusable = "the reply was cut off before the model finished"
	}
	r.Signals.TranslatorConfident = Confident(in.Ticket)
	if r.Unusable != "" {
		r.Grounding = Grounding{Found: []string{}, Missing: []string{}, Given: []string{}, Echoed: []string{}}
		r.Score = r.Signals.Score()
		return r, a, nil
	}
	var rests []int
	r.Grounding, rests = factGrounding(in, a, a.Text())
	// The facts are probe text copied as printed ("… overloaded, likely
	// …"): only the model's own words can hedge.
	r.Hedges = Hedges(factProse(a))
	r.Signals = rpc.Signals{
		TranslatorConfident:    r.Signals.TranslatorConfident,
		ProbeCoverage:          len(r.Uncovered) == 0,
		AnswerGrounded:         r.Grounding.Grounded(),
		NoInvention:            len(r.Hedges) == 0,
		ClarificationNotNeeded: !in.ClarificationPending,
	}
	r.Score = r.Signals.Score()
	return r, a, rests
}

// factGrounding checks a's facts, summary, advice and missing text (see
// JudgeFacts); text is a as the user reads it. It returns as well the
// lines a's true facts rest on (see judgeFacts).
func factGrounding(in Input, a facts.Answer, text string) (Grounding, []int) {
	var hw strings.Builder
	shown := in
	if shown.Facts == nil {
		// The prompt's snapshot prints hardware.Fields whoever left them
		// out of in: a fact copied from it ("ram_available_gb: 19.9 GiB")
		// is found there.
		shown.Facts = hardware.Fields(in.Hardware)
	}
	writeFacts(&hw, shown)
	e := facts.NewEvidence(in.Sources, hw.String())
	g := Grounding{Found: []string{}, Missing: []string{}, Given: []string{}, Echoed: []string{}}
	var lines, rests []int
	var stated strings.Builder
	for _, f := range a.Facts {
		line, why := e.Find(f)
		if why != "" {
			g.Missing = append(g.Missing, f.Statement()+" ("+why+")")
			continue
		}
		g.Found = append(g.Found, f.Statement())
		stated.WriteString(f.Statement() + "\n")
		switch {
		case f.Count != "":
			// The summary may say what the counted lines say.
			lines = append(lines, e.Holding(f.Count)...)
		case line > 0:
			lines = append(lines, line)
			if !slices.Contains(rests, line) {
				rests = append(rests, line)
			}
		}
	}
	user := newUserWords(given(in))
	whole := EvidenceText(in)
	if s := strings.TrimSpace(a.Summary); s != "" {
		narrow := narrowedEvidence(in, newNumbered(in.Sources), lines, true) + "\nstated facts\n" + stated.String()
		sg, _ := check(s, narrow, user, nil)
		sg.Echoed = nil // the whole reply's echoes are read below
		merge(&g, sg)
	}
	var ix *index
	rest := strings.Join(a.Advice, "\n") + "\n" + adviceReports(a.Advice)
	if rest = strings.TrimSpace(rest); rest != "" {
		var rg Grounding
		rg, ix = check(rest, whole, user, nil)
		rg.Echoed = nil
		merge(&g, rg)
	}
	if m := strings.TrimSpace(a.Missing); m != "" {
		merge(&g, missingGrounding(m, whole, user))
	}
	ev := offsetSafe(whole)
	if ix == nil {
		ix = newIndex(ev)
	}
	g.Echoed = append(g.Echoed, echoes(offsetSafe(text), ix.text, instructions(ev, ix.text))...)
	return g, rests
}

// factsGarbled says why a's text is no answer, or "": its prose (summary,
// advice, missing data) is read as a reply is (garbled); its facts are
// copies of probe text, which may stop anywhere or hold a bracket it
// does not close, so only their code points are read (garbledRunes).
func factsGarbled(a facts.Answer) string {
	if prose := factProse(a); prose != "" {
		if why := garbled(prose, true); why != "" {
			return why
		}
	}
	var stated []string
	for _, f := range a.Facts {
		stated = append(stated, f.Statement())
	}
	if why, _ := garbledRunes(strings.Join(stated, "\n")); why != "" {
		return why
	}
	return factsLoop(a) // factgarbage.go
}

// factProse is a's own words: its summary, missing-data text and advice.
func factProse(a facts.Answer) string {
	return strings.TrimSpace(strings.Join(append([]string{a.Summary, a.Missing}, a.Advice...), "\n"))
}

// merge adds what part found, missed and was given to g.
func merge(g *Grounding, part Grounding) {
	g.Found = append(g.Found, part.Found...)
	g.Missing = append(g.Missing, part.Missing...)
	g.Given = append(g.Given, part.Given...)
	g.Echoed = append(g.Echoed, part.Echoed...)
}

// missingGrounding checks the missing-data text m against the evidence.
// That text names what the evidence lacks ("interface traffic counters",
// "iostat output"), so a name of it the evidence does not have is what it
// says, not a claim gone wrong: only what the evidence contradicts counts
// ("no failed units" beside one, "no OOM events" beside a kill). A claim
// that is missing only for want of its words is found once m's own words
// are evidence too; one the evidence's lines contradict stays missing.
func missingGrounding(m, whole string, user *userWords) Grounding {
	g, _ := check(m, whole, user, nil)
	if len(g.Missing) == 0 {
		g.Echoed = nil
		return g
	}
	with, _ := check(m, whole+"\nmissing data\n"+m, user, nil)
	kept := g.Missing[:0]
	for _, miss := range g.Missing {
		if slices.Contains(with.Missing, miss) {
			kept = append(kept, miss)
		}
	}
	g.Missing, g.Echoed = kept, nil
	return g
}
