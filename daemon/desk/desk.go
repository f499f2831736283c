// Package desk is the service desk (spec: "Service Desk Architecture").
//
// Step 0 is the fast path: when the brain (package brain) recognizes a
// simple factual question, its probes are read (memory, CPU and process
// figures fresh, see probes.WithFresh), the brain composes the answer and
// the supervisor judges it with the same five signals and evidence block
// as any answer. No LLM is called and the model's queue is not waited on;
// the answer's origin is "brain". Debug mode is changed here too ("enable
// debug mode"): `request` needs operate access, so a read-only caller never
// reaches it.
//
// Everything else takes the LLM path (origin "llm"): the translator reads
// the request into a ticket, the dispatcher runs the ticket's probes and
// picks the domain's specialist, the specialist writes the answer from the
// evidence, and the supervisor scores it deterministically and builds the
// evidence block.
//
// Each stage runs under its own deadline (Budget) and all of them under a
// total below the client's 45 s RPC timeout. At most two LLM calls are made
// per request (translator, specialist); the supervisor is deterministic.
//
// Failures, by stage:
//   - translator: any failure, timeout included, falls back to the keyword
//     classifier and the request continues; the fallback is recorded in
//     evidence.last_error. When the failure is an unreachable Ollama or a
//     missing model (llm_unavailable), the probes still run but no
//     specialist is asked: the answer says plainly that Anna cannot explain
//     without her model and why (the URL tried, the missing model, the
//     advice), lists the first rows each probe printed, verbatim, and points
//     to `annactl status`. No checked answer was written, so, as for a
//     timeout, only translator_confident can hold: it scores at most 20,
//     and last_error names the cause. A specialist that finds the LLM gone
//     gives the same answer.
//   - probes: a probe that fails or times out is reported in the evidence
//     and costs probe_coverage; the specialist still answers from the rest.
//   - specialist: a timeout yields the spec's timeout response (score ≤ 20,
//     needs_clarification, an actionable question, last_error ending in
//     "timeout at specialist"); llm_unavailable gives the answer above.
//
// evidence.last_error keeps every error of a request in the order they
// happened, so a timeout does not hide the fallback that preceded it.
//   - supervisor: deterministic and fast; its deadline exists for symmetry
//     and yields the timeout response if ever exceeded.
package desk

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm"
	"github.com/jjgarcianorway/anna-assistant/daemon/session"
	"github.com/jjgarcianorway/anna-assistant/daemon/supervisor"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Stage names, as they appear in progress events and "timeout at <stage>".
const (
	StageTranslator = supervisor.StageTranslator
	StageProbes     = supervisor.StageProbes
	StageSpecialist = supervisor.StageSpecialist
	StageSupervisor = supervisor.StageSupervisor
)

// Budget holds the per-stage deadlines.
type Budget struct {
	Translator, Probes, Specialist, Supervisor time.Duration
	// Total bounds the whole request; it must stay below
	// rpc.RequestTimeout so the client always gets an answer.
	Total time.Duration
}

// SpecBudget is the spec's timeout table; Total leaves 5 s of the
// client's 45 s for transport and rendering.
var SpecBudget = Budget{
	Translator: 8 * time.Second, Probes: probes.TotalTimeout, Specialist: 12 * time.Second,
	Supervisor: 8 * time.Second, Total: 40 * time.Second,
}

// LLM is the part of *llm.Client the desk uses.
type LLM interface {
	Chat(ctx context.Context, ch llm.Chat, onChunk func(string)) (llm.Reply, error)
	Model() string
}

// ProbeRunner is the part of *probes.Runner the desk uses.
type ProbeRunner interface {
	RunMany(ctx context.Context, ids []string, observe func(probes.ProbeEvent)) []rpc.ProbeResult
}

// Options assemble a desk.
type Options struct {
	LLM      LLM
	Probes   ProbeRunner
	Sessions *session.Store
	Hardware func() rpc.Hardware
	Version  string
	// Self enables the fast path (package brain) and tells it about annad.
	Self   Self
	Logger *slog.Logger
	// Budget defaults to SpecBudget.
	Budget *Budget
}

// Desk answers requests.
type Desk struct {
	o      Options
	budget Budget
	log    *slog.Logger
}

// New returns a desk for o.
func New(o Options) *Desk {
	d := &Desk{o: o, budget: SpecBudget, log: o.Logger}
	if o.Budget != nil {
		d.budget = *o.Budget
	}
	if d.log == nil {
		d.log = slog.New(slog.DiscardHandler)
	}
	return d
}

// safely runs fn, which runs on a goroutine of its own, and turns a panic
// into an internal error and a log line with the stack: a bug in one
// request must not take annad, and everyone's requests, down with it.
func (d *Desk) safely(stage string, w *work, fn func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			d.log.Error("bug: panic in the service desk", "stage", stage, "request", w.params.RequestID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			err = rpc.Errorf(rpc.KindInternal, "cannot finish the request: annad hit a bug at %s", stage).
				WithHint("please report it with the log lines from 'journalctl -u annad'")
		}
	}()
	fn()
	return nil
}
