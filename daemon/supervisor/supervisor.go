package supervisor

import (
	"slices"

	"github.com/jjgarcianorway/anna-assistant/daemon/facts"
	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// ConfidentAt is the translator confidence from which translator_confident
// holds (spec: "confidence >= 0.7").
const ConfidentAt = 0.7

// sourceKeywords is the rpc.Ticket.Source of the keyword classifier's
// tickets (translator.SourceKeywords).
const sourceKeywords = "keywords"

// Confident reports whether a ticket earns translator_confident: the model
// wrote it (the keyword classifier runs only after the LLM translator
// failed, so its ticket is a fallback whatever its own confidence) and its
// confidence is at least ConfidentAt.
func Confident(t rpc.Ticket) bool {
	return t.Source != sourceKeywords && t.Confidence >= ConfidentAt
}

// Input is everything the supervisor judges an answer by.
type Input struct {
	// Ticket is the validated translator ticket.
	Ticket rpc.Ticket
	// Question is the user's text. Names and figures the answer repeats
	// from it are neither found nor missing (see Grounding.Given).
	Question string
	// Requested are the probe IDs the dispatcher was asked to run,
	// normally Ticket.NeedsProbes.
	Requested []string
	// Results are the probes that ran, in the order they ran.
	Results []rpc.ProbeResult
	// Hardware is the snapshot given to the model.
	Hardware rpc.Hardware
	// Facts are the named facts given to the model (cpu_model, ram_gb,
	// version, …); their names become the evidence's hardware_fields.
	Facts map[string]string
	// Answer is the model's answer text.
	Answer string
	// ClarificationPending is set when the response asks the user back.
	ClarificationPending bool
	// Incomplete is set when the model stopped before it finished (its
	// stream ended without the final message, or at the token limit).
	Incomplete bool
	// Sources are the numbered probe lines the model was shown (see
	// package sources); nil when the prompt numbered none. An answer's
	// citations ("[12]") and its facts' lines refer to them.
	Sources []sources.Line
	// FactForm is set when Answer is a specialist's reply in the fact form
	// (package facts): JudgeFacts judges it, and the user reads it as
	// facts.Answer.Text renders it.
	FactForm bool
}

// Review is the supervisor's verdict with the details behind each signal,
// for the daemon's log and for tests.
type Review struct {
	Signals rpc.Signals `json:"signals"`
	Score   int         `json:"score"`
	// Grounding details answer_grounded.
	Grounding Grounding `json:"grounding"`
	// Hedges details no_invention: the hedging phrases found.
	Hedges []string `json:"hedges"`
	// Uncovered details probe_coverage: requested probes without a
	// successful result.
	Uncovered []string `json:"uncovered"`
	// Unusable says why the reply is no answer at all (see Garbled), or
	// is empty. An unusable reply earns at most translator_confident.
	Unusable string `json:"unusable,omitempty"`
}

// Judge computes the five signals and the score for in. It is a pure
// function: the same input always gives the same review.
//
//   - translator_confident: Confident(Ticket).
//   - probe_coverage: every requested probe has a result with exit code 0.
//     Nothing requested means nothing is missing, so it holds; whether the
//     answer then rests on evidence is answer_grounded's question.
//   - answer_grounded: Check(Answer, EvidenceText(in), Question and the
//     ticket's entities).Grounded(); with Sources, of the answer without
//     its citations, each cited sentence checked against its own lines
//     (cited.go).
//   - no_invention: Hedges(Answer) is empty.
//   - clarification_not_needed: no clarification question is pending.
//
// An unusable reply (Incomplete, Garbled says why, or it stops inside a
// name of the evidence: see cutName) is no answer: only
// translator_confident can hold, so it scores at most 20, and
// Review.Unusable says why.
func Judge(in Input) Review {
	answer, safe, cites := in.Answer, "", []sources.Cite(nil)
	if len(in.Sources) > 0 {
		// The citations' offsets must be those of the text the cited
		// check reads, which is offset-safe (casefold.go): a letter
		// that lowercases to another length before them would move
		// each onto another sentence.
		answer, _ = sources.Parse(in.Answer)
		safe, cites = sources.Parse(offsetSafe(in.Answer))
	}
	evidence, user := EvidenceText(in), newUserWords(given(in))
	var ex *extraction
	if len(cites) > 0 {
		ex = &extraction{}
	}
	g, ix := check(answer, evidence, user, ex)
	if len(cites) > 0 {
		g = citedGrounding(in, safe, cites, g, ix, *ex, evidence, user) // cited.go
	}
	r := Review{
		Grounding: g,
		Hedges:    Hedges(answer),
		Uncovered: uncovered(in.Requested, in.Results),
		Unusable:  garbled(answer, terseTokens(offsetSafe(answer), ix) != nil),
	}
	if r.Unusable == "" {
		r.Unusable = cutName(answer, evidence)
	}
	if r.Unusable == "" && in.Incomplete {
		r.Unusable = "the reply was cut off before the model finished"
	}
	r.Signals = rpc.Signals{
		TranslatorConfident:    Confident(in.Ticket),
		ProbeCoverage:          len(r.Uncovered) == 0,
		AnswerGrounded:         r.Grounding.Grounded(),
		NoInvention:            len(r.Hedges) == 0,
		ClarificationNotNeeded: !in.ClarificationPending,
	}
	if r.Unusable != "" {
		r.Signals = rpc.Signals{TranslatorConfident: r.Signals.TranslatorConfident}
	}
	r.Score = r.Signals.Score()
	return r
}

// UnusableAnswer is what the user reads for a specialist reply that is no
// answer; evidence.last_error says why.
const UnusableAnswer = "Anna could not use the model's reply (the reason is in the evidence's last error). Ask again; if it keeps happening, run 'annactl status'."

// UnusablePrefix starts evidence.last_error for an unusable reply.
const UnusablePrefix = "unusable reply: "

func given(in Input) []string {
	return append([]string{in.Question}, in.Ticket.Entities...)
}

// uncovered lists the requested probes, once each, that have no result
// with exit code 0.
func uncovered(requested []string, results []rpc.ProbeResult) []string {
	out := []string{}
	for _, id := range requested {
		ok := slices.ContainsFunc(results, func(r rpc.ProbeResult) bool { return r.Probe == id && r.OK() })
		if !ok && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// EvidenceBlock builds the spec's evidence block: hardware_fields are the
// names of the facts given to the model, sorted; probes_executed the probe
// results as they ran; translator_ticket the ticket; last_error nil unless
// lastError is set (e.g. "timeout at translator"). Lists are never null.
func EvidenceBlock(in Input, lastError string) rpc.Evidence {
	fields := make([]string, 0, len(in.Facts))
	for k := range in.Facts {
		fields = append(fields, k)
	}
	slices.Sort(fields)
	ev := rpc.Evidence{
		HardwareFields:   fields,
		ProbesExecuted:   append([]rpc.ProbeResult{}, in.Results...),
		TranslatorTicket: in.Ticket,
	}
	if ev.TranslatorTicket.Entities == nil {
		ev.TranslatorTicket.Entities = []string{}
	}
	if ev.TranslatorTicket.NeedsProbes == nil {
		ev.TranslatorTicket.NeedsProbes = []string{}
	}
	if lastError != "" {
		ev.LastError = &lastError
	}
	return ev
}

// Assemble builds the response for a finished pipeline: the answer, its
// score and signals, the ticket's domain, the evidence block and, when
// ClarificationPending, the ticket's clarification question. The caller
// fills in RequestID, Version, Model and DurationMS.
func Assemble(in Input) (rpc.Answer, Review) {
	var r Review
	text := in.Answer
	var rests []int
	if in.FactForm {
		var fa facts.Answer
		r, fa, rests = judgeFacts(in)
		text = fa.Text()
		if r.Unusable != "" {
			// A reply that is no answer (cut off, not the form, garbled)
			// is JSON or noise, which the user cannot use either: the
			// answer says so, last_error says why, and the daemon's debug
			// log keeps the reply.
			text = UnusableAnswer
		}
	} else {
		r = Judge(in)
	}
	a := rpc.Answer{
		Answer:             text,
		ReliabilityScore:   r.Score,
		ReliabilitySignals: r.Signals,
		Domain:             domainOf(in.Ticket),
		Evidence:           EvidenceBlock(in, unusableError(r.Unusable)),
		NeedsClarification: in.ClarificationPending,
	}
	if in.FactForm {
		a.Evidence.CitedLines = citedLines(rests, in.Sources) // citedlines.go
	}
	if in.ClarificationPending {
		q := DefaultClarification
		if in.Ticket.ClarificationQuestion != nil && *in.Ticket.ClarificationQuestion != "" {
			q = *in.Ticket.ClarificationQuestion
		}
		a.ClarificationQuestion = &q
	}
	return a, r
}

func unusableError(why string) string {
	if why == "" {
		return ""
	}
	return UnusablePrefix + why
}

// DefaultClarification is asked when a clarification is pending but the
// ticket carries no question.
const DefaultClarification = "Which do you want to know about: memory, CPU, disks, network or services?"

func domainOf(t rpc.Ticket) string {
	if slices.Contains(rpc.Domains, t.Domain) {
		return t.Domain
	}
	return rpc.DomainSystem
}
