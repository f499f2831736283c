package rpc

// Domains a specialist covers (spec: service desk).
const (
	DomainSystem   = "system"
	DomainNetwork  = "network"
	DomainStorage  = "storage"
	DomainSecurity = "security"
	DomainPackages = "packages"
)

// Domains lists every domain in a stable order.
var Domains = []string{DomainSystem, DomainNetwork, DomainStorage, DomainSecurity, DomainPackages}

// Ticket intents.
const (
	IntentQuestion    = "question"
	IntentRequest     = "request"
	IntentInvestigate = "investigate"
)

// RequestParams are the params of `request`.
type RequestParams struct {
	Text string `json:"text"`
	// Session ties REPL turns together so follow-up questions have context;
	// empty for a stateless one-shot request.
	Session string `json:"session,omitempty"`
	// RequestID lets the client poll `progress` before the answer arrives;
	// annad makes one up when it is empty. Letters, digits, '-' and '_'.
	RequestID string `json:"request_id,omitempty"`
}

// Answer is the result of `request` (spec: "Response Format").
type Answer struct {
	RequestID          string   `json:"request_id"`
	Version            string   `json:"version"`
	Answer             string   `json:"answer"`
	ReliabilityScore   int      `json:"reliability_score"`
	ReliabilitySignals Signals  `json:"reliability_signals"`
	Domain             string   `json:"domain"`
	Evidence           Evidence `json:"evidence"`
	NeedsClarification bool     `json:"needs_clarification"`
	// ClarificationQuestion is null unless NeedsClarification.
	ClarificationQuestion *string `json:"clarification_question"`
	// Model names the LLM annad called for this request, also when its reply
	// was not used (a keyword fallback, a timeout); empty when none was
	// called or it was unavailable.
	Model string `json:"model,omitempty"`
	// Origin says who wrote the answer: OriginBrain for the fast path's
	// deterministic answers (no LLM call), OriginLLM for the service desk's
	// LLM path, including its timeout and no-model answers. Empty from an
	// annad older than the field; clients treat that as OriginLLM.
	Origin     string `json:"origin,omitempty"`
	DurationMS int64  `json:"duration_ms"`
}

// Values of Answer.Origin.
const (
	OriginBrain = "brain"
	OriginLLM   = "llm"
)

// Signals are the five booleans behind the reliability score.
type Signals struct {
	TranslatorConfident    bool `json:"translator_confident"`
	ProbeCoverage          bool `json:"probe_coverage"`
	AnswerGrounded         bool `json:"answer_grounded"`
	NoInvention            bool `json:"no_invention"`
	ClarificationNotNeeded bool `json:"clarification_not_needed"`
}

// Score is the spec's formula: 20 points per true signal.
func (s Signals) Score() int {
	n := 0
	for _, b := range []bool{s.TranslatorConfident, s.ProbeCoverage, s.AnswerGrounded, s.NoInvention, s.ClarificationNotNeeded} {
		if b {
			n += 20
		}
	}
	return n
}

// Evidence shows exactly what data an answer was built from.
type Evidence struct {
	HardwareFields   []string      `json:"hardware_fields"`
	ProbesExecuted   []ProbeResult `json:"probes_executed"`
	TranslatorTicket Ticket        `json:"translator_ticket"`
	// LastError is e.g. "timeout at translator"; null when nothing failed.
	LastError *string `json:"last_error"`
}

// Ticket is the translator's structured reading of the user's text.
type Ticket struct {
	Intent                string   `json:"intent"`
	Domain                string   `json:"domain"`
	Entities              []string `json:"entities"`
	NeedsProbes           []string `json:"needs_probes"`
	ClarificationQuestion *string  `json:"clarification_question"`
	Confidence            float64  `json:"confidence"`
	// Source is "llm" or "keywords": who produced the ticket.
	Source string `json:"source,omitempty"`
}
