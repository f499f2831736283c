package supervisor

import (
	"slices"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
)

// maxCitedSentences bounds the sentences checked against their own lines
// and maxSentenceLines the lines one sentence's evidence holds: each costs
// a check, and answers are untrusted.
const (
	maxCitedSentences = 64
	maxSentenceLines  = 256
)

// contextSentences is how many sentences before a cited one are checked
// with it, against its lines, so a pronoun finds its entity.
const contextSentences = 2

// placed is one claim text of a merged Grounding with its offset in the
// answer, so claims of several checks come out in answer order.
type placed struct {
	off  int
	list int // 0 Found, 1 Missing, 2 Given
	text string
}

// extraction is what extractAll read from an answer: citedGrounding reads
// the whole answer's again, and takes it from check when the text is the
// same.
type extraction struct {
	text   string
	claims []claim
	facts  []sentenceFacts
}

// citedGrounding grounds an answer that cites its lines (see package
// sources): each sentence holding a citation is checked against the
// lines it cites, with their probe's marker and table header, the typed
// data of those lines and the hardware facts (narrowedEvidence), and its
// distinctive words must be on those lines (uncontained); a citation of a
// line that does not exist is Missing. Sentences without a citation keep
// the result of the whole answer's check, whole, which also gives Echoed.
// clean is the offset-safe answer without its citations, as whole was
// checked, with ex its extraction; evidence is EvidenceText(in) and user
// the words of given(in).
func citedGrounding(in Input, clean string, cites []sources.Cite, whole Grounding, ix *index, ex extraction, evidence string, user *userWords) Grounding {
	// extractAll gives the same claims for the same text, with the
	// whole index's entities (which no rule changes): each text is
	// read once, the whole answer's taken from its check when the
	// citations were the same there (see Judge).
	extracted := map[string][]claim{}
	extract := func(text string) []claim {
		c, ok := extracted[text]
		if !ok {
			c, _ = extractAll(text, ix.entities, ix.verbatim)
			extracted[text] = c
		}
		return c
	}
	claims, facts := ex.claims, ex.facts
	if ex.text != clean {
		claims, facts = extractAll(clean, ix.entities, ix.verbatim)
	}
	extracted[clean] = claims
	if len(facts) == 0 {
		return whole
	}
	nb := newNumbered(in.Sources)
	nw := newNarrower(in, nb)
	bySent := map[int][]int{}
	var out []placed
	for _, c := range cites {
		k := sentenceAt(facts, c.At-1)
		for _, n := range c.Lines {
			if _, ok := nb.at[n]; !ok {
				out = append(out, placed{c.At, 1, "[" + strconv.Itoa(n) + "] (no such line)"})
				continue
			}
			if _, ok := bySent[k]; !ok && len(bySent) == maxCitedSentences {
				continue // past the bound it keeps the whole check's verdict
			}
			if len(bySent[k]) < maxSentenceLines && !slices.Contains(bySent[k], n) {
				bySent[k] = append(bySent[k], n)
			}
		}
	}
	g := whole
	rejudge := map[int][]placed{} // whole-check Found its sentence's lines must judge again
	for _, item := range lists(whole) {
		off := locate(clean, item.text, 0)
		k := sentenceAt(facts, off)
		if _, cited := bySent[k]; cited && off >= 0 && item.list != 1 && !derivedClaim(ix, claims, off) {
			if item.list == 0 {
				item.off = off
				rejudge[k] = append(rejudge[k], item)
			}
			// The sentence's own lines judge it below; what the whole
			// evidence already contradicts stays Missing (a rank, "the
			// busiest", needs every row, not only the cited one), and
			// so does its verdict on a derived figure.
			continue
		}
		if off < 0 {
			off = len(clean)
		}
		item.off = off
		out = append(out, item)
	}
	givenText := strings.ToLower(strings.Join(user.words, "\n"))
	for k := range facts {
		lines, ok := bySent[k]
		if !ok {
			continue
		}
		start, end := facts[k].at.start, facts[k].at.end
		if end < len(clean) {
			end++ // its full stop or question mark
		}
		// The two sentences before it come along for what "it" or
		// "both" refer to, and so does its list's heading (listheads.go);
		// only this sentence's claims are kept. base is where ctx would
		// start in the answer.
		from := facts[max(0, k-contextSentences)].at.start
		lead := listLead(clean, facts, k, from)
		base := from - len(lead)
		narrow := nw.evidence(lines, true)
		ctx := lead + clean[from:end]
		gk, nix := checkKnown(ctx, narrow, user, ix.entities, nil)
		ctxClaims := extract(ctx)
		for _, item := range lists(gk) {
			off := locate(ctx, item.text, 0)
			if off < start-base {
				// A judgement of many lines ("26 journal entries",
				// "event: oom"), which the whole evidence's check
				// judges, or a claim of a sentence before it.
				continue
			}
			if item.list == 1 && derivedClaim(ix, ctxClaims, off) {
				continue
			}
			if item.list == 1 && (ix.commandNamedOn(item.text, nix) || ix.servesOn(item.text, nix) || ix.mountOfCitedDevice(item.text, nix)) {
				item.list = 0 // java's line of Elasticsearch: commandnames.go; a client's line of its server: socketpeers.go; a device's mount point: mountdevices.go
			}
			item.off = base + off
			out = append(out, item)
		}
		out = append(out, unjudged(rejudge[k], gk, ctx, base, ix, nix.text, givenText)...)
		sent := clean[start:end]
		// What the user could do ("…, you could run `systemctl status
		// image-prune.service`") is advice, which no line need print:
		// only the report before it is held to its lines.
		if at := youClause(sent); at > 0 {
			sent = sent[:at]
		}
		if at := goneSubjectEnd(sent); at > 0 { // gonepids.go
			start, sent = start+at, sent[at:]
		}
		for _, m := range uncontained(sent, extract(sent), ix, nix, evidence, givenText) {
			out = append(out, placed{start + max(0, locate(sent, m, 0)), 1, m})
		}
	}
	slices.SortStableFunc(out, func(a, b placed) int { return a.off - b.off })
	g.Found, g.Missing, g.Given = []string{}, []string{}, []string{}
	seen := map[placed]bool{}
	for _, p := range out {
		key := placed{list: p.list, text: p.text}
		if seen[key] {
			continue
		}
		seen[key] = true
		switch p.list {
		case 0:
			g.Found = append(g.Found, p.text)
		case 1:
			g.Missing = append(g.Missing, p.text)
		default:
			g.Given = append(g.Given, p.text)
		}
	}
	return g
}

// lists returns the claims of g with the list each is in.
func lists(g Grounding) []placed {
	var out []placed
	for i, l := range [][]string{g.Found, g.Missing, g.Given} {
		for _, t := range l {
			out = append(out, placed{list: i, text: t})
		}
	}
	return out
}

// sentenceAt returns the sentence holding byte off, the last one for an
// offset past them all (or -1: a claim placed nowhere is the last's).
func sentenceAt(facts []sentenceFacts, off int) int {
	for k, f := range facts {
		if off < f.at.end || k == len(facts)-1 {
			return k
		}
	}
	return 0
}

// locate returns the offset in text of a Grounding claim: its text without
// a "not " or "nothing on " before it or a bracketed reason after it
// ("1.2 GiB (for firefox)"), or -1.
func locate(text, item string, from int) int {
	core := item
	for _, p := range []string{"not ", "nothing on "} {
		core = strings.TrimPrefix(core, p)
	}
	if strings.HasSuffix(core, ")") {
		if i := strings.LastIndex(core, " ("); i > 0 {
			core = core[:i]
		}
	}
	if core == "" || from > len(text) {
		return -1
	}
	if i := strings.Index(text[from:], core); i >= 0 {
		return from + i
	}
	if i := strings.Index(strings.ToLower(text[from:]), strings.ToLower(core)); i >= 0 {
		return from + i
	}
	return -1
}

// derivedClaim reports whether the claim at off is a count of things, a
// bound, or a figure no line of the whole evidence prints (a sum, a
// difference), or no claim starts there (a relation: "8 listening"): the
// whole evidence's check derives it, from more lines than a sentence
// cites.
// What the cited lines lack but another line prints stays Missing.
func derivedClaim(ix *index, claims []claim, off int) bool {
	for _, c := range claims {
		if c.off == off {
			// A count of things ("98 processes") or a bound ("each
			// under 2%") speaks of every row.
			return c.kind == kindCount && c.noun != "" || c.bound != 0 || !ix.has(c)
		}
	}
	return true // no claim of its own: a relation ("8 listening") read from many lines
}
