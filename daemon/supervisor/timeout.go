package supervisor

import "github.com/jjgarcianorway/anna-assistant/rpc"

// Pipeline stages with a time limit (spec: "Timeout Handling"). A single
// probe that times out is not a request timeout: it is a failed probe
// result (exit code 124) and only costs probe_coverage.
const (
	StageTranslator = "translator"
	StageProbes     = "probes"
	StageSpecialist = "specialist"
	StageSupervisor = "supervisor"
)

// timeoutQuestions are actionable: each says what the user can do next.
var timeoutQuestions = map[string]string{
	StageTranslator: "I could not work out your request in time. Could you ask it more specifically, for example which process uses the most memory?",
	StageProbes:     "Reading the system took too long. Do you want to ask again in a moment, or about one thing at a time: memory, CPU, disks, network or services?",
	StageSpecialist: "The model took too long to answer. Do you want to ask a narrower question, about one process, disk, interface or service?",
	StageSupervisor: "Checking the answer took too long. Do you want to ask again, or ask a narrower question?",
}

// timeoutFallback is asked for a stage not listed above.
const timeoutFallback = "This took too long. Do you want to ask again, or ask a narrower question?"

// TimeoutAnswer builds the spec's timeout response for a request that ran
// out of time at stage (one of the Stage constants), from whatever in the
// pipeline had gathered so far (ticket, probe results, facts):
//
//   - evidence.last_error is "timeout at <stage>" (the desk puts the
//     request's earlier errors, such as a translator fallback, before it);
//   - needs_clarification is true and the question says what to do next;
//   - the score is at most 20: only translator_confident can hold, when the
//     translator finished (stage is not StageTranslator) and was confident.
//     probe_coverage, answer_grounded and no_invention are false because no
//     checked answer was delivered; clarification_not_needed is false
//     because the response asks the user back.
//
// The answer text says where the time ran out. The caller fills in
// RequestID, Version, Model and DurationMS.
func TimeoutAnswer(stage string, in Input) rpc.Answer {
	q, ok := timeoutQuestions[stage]
	if !ok {
		q = timeoutFallback
	}
	signals := rpc.Signals{
		TranslatorConfident: stage != StageTranslator && Confident(in.Ticket),
	}
	return rpc.Answer{
		Answer:                "I ran out of time at the " + stage + " stage, so I have no checked answer.",
		ReliabilityScore:      signals.Score(),
		ReliabilitySignals:    signals,
		Domain:                domainOf(in.Ticket),
		Evidence:              EvidenceBlock(in, "timeout at "+stage),
		NeedsClarification:    true,
		ClarificationQuestion: &q,
	}
}
