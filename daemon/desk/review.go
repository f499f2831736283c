package desk

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/jjgarcianorway/anna-assistant/daemon/progress"
	"github.com/jjgarcianorway/anna-assistant/daemon/session"
	"github.com/jjgarcianorway/anna-assistant/daemon/supervisor"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func (w *work) input() supervisor.Input {
	return supervisor.Input{
		Ticket: w.ticket, Question: w.params.Text, Requested: w.ticket.NeedsProbes, Results: w.results,
		Hardware: w.hardware, Facts: w.facts, Answer: w.answer,
		ClarificationPending: w.ticket.ClarificationQuestion != nil, Incomplete: w.incomplete,
		Sources: w.sources, FactForm: w.factForm,
	}
}

// finish runs the supervisor on a written answer (or a clarification
// question) and records the turn in the session.
func (d *Desk) finish(ctx context.Context, w *work, rec *progress.Recorder) (*rpc.Answer, error) {
	if w.unavailable != nil && w.ticket.ClarificationQuestion == nil {
		w.answer, w.sources, w.factForm = withoutModel(w.unavailable, w.results), nil, false
	}
	rec.Stage(rpc.EventStarting, StageSupervisor, "", "")
	sctx, cancel := context.WithTimeout(ctx, d.budget.Supervisor)
	defer cancel()
	type verdict struct {
		answer rpc.Answer
		review supervisor.Review
		err    error
	}
	done := make(chan verdict, 1)
	go func() {
		var v verdict
		v.err = d.safely(StageSupervisor, w, func() { v.answer, v.review = supervisor.Assemble(w.input()) })
		done <- v
	}()
	var v verdict
	select {
	case v = <-done:
	case <-sctx.Done():
	}
	// A verdict that arrives after the deadline is late too, whichever case
	// the select happened to pick.
	if sctx.Err() != nil {
		if ctx.Err() != nil {
			return d.abandon(ctx, w, StageSupervisor, rec)
		}
		return d.timeoutAnswer(w, StageSupervisor, rec), nil
	}
	if v.err != nil {
		rec.Fail(rpc.EventError, StageSupervisor, v.err.Error())
		return nil, v.err
	}
	a := v.answer
	if w.unavailable != nil && !a.NeedsClarification {
		unexplained(&a, w.ticket)
	}
	if w.lastErr != "" {
		// The supervisor's reason for an unusable reply (garbled text,
		// say) comes after the request's earlier errors, not instead of
		// them.
		e := w.lastErr
		if a.Evidence.LastError != nil {
			e = joinErr(e, *a.Evidence.LastError)
		}
		e = clipErrors(e)
		a.Evidence.LastError = &e
	}
	d.complete(w, &a)
	d.log.Info("answered", "request", w.params.RequestID, "domain", a.Domain, "score", a.ReliabilityScore,
		"origin", w.origin, "ticket", w.ticket.Source, "probes", len(w.results), "grounded_found", len(v.review.Grounding.Found),
		"grounded_missing", v.review.Grounding.Missing, "hedges", v.review.Hedges, "ms", a.DurationMS)
	rec.Stage(rpc.EventComplete, StageSupervisor, "", fmt.Sprintf("reliability %d%%", a.ReliabilityScore))
	d.o.Sessions.Append(w.uid, w.params.Session, session.Turn{Question: w.params.Text, Answer: a.Answer, Domain: a.Domain})
	return &a, nil
}

// timeoutAnswer is the spec's timeout response for stage. Its last_error
// keeps what failed before the timeout (a translator fallback, say) ahead
// of "timeout at <stage>": the timeout is often the consequence.
func (d *Desk) timeoutAnswer(w *work, stage string, rec *progress.Recorder) *rpc.Answer {
	a := supervisor.TimeoutAnswer(stage, w.input())
	e := clipErrors(joinErr(w.lastErr, "timeout at "+stage))
	a.Evidence.LastError = &e
	d.complete(w, &a)
	rec.Fail(rpc.EventTimeout, stage, "timeout at "+stage)
	d.log.Warn("request timed out", "request", w.params.RequestID, "stage", stage, "ms", a.DurationMS)
	return &a
}

func (d *Desk) complete(w *work, a *rpc.Answer) {
	a.RequestID, a.Version, a.Model, a.Origin = w.params.RequestID, d.o.Version, w.model, w.origin
	a.DurationMS = time.Since(w.start).Milliseconds()
	if a.Evidence.CitedLines == nil {
		a.Evidence.CitedLines = []rpc.CitedLine{}
	}
}

// maxLastError bounds evidence.last_error: an error can quote what a model
// or a server sent.
const maxLastError = 1024

// clipErrors bounds the request's errors to maxLastError bytes by cutting
// the middle, so the first error (often the cause) and the last (where the
// request ended) both stay readable.
func clipErrors(s string) string {
	if len(s) <= maxLastError {
		return s
	}
	const cut = " … "
	head := maxLastError * 6 / 10
	tail := maxLastError - head - len(cut)
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	from := len(s) - tail
	for from < len(s) && !utf8.RuneStart(s[from]) {
		from++
	}
	return s[:head] + cut + s[from:]
}
