package desk

import (
	"context"
	"fmt"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/brain"
	"github.com/jjgarcianorway/anna-assistant/daemon/facts"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm"
	"github.com/jjgarcianorway/anna-assistant/daemon/llmqueue"
	"github.com/jjgarcianorway/anna-assistant/daemon/progress"
	"github.com/jjgarcianorway/anna-assistant/daemon/session"
	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/daemon/specialist"
	"github.com/jjgarcianorway/anna-assistant/daemon/supervisor"
	"github.com/jjgarcianorway/anna-assistant/daemon/translator"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/runecut"
)

// work is one request as it moves through the stages.
type work struct {
	uid      uint32
	place    *llmqueue.Ticket
	params   rpc.RequestParams
	start    time.Time
	history  []session.Turn
	hardware rpc.Hardware
	ticket   rpc.Ticket
	results  []rpc.ProbeResult
	facts    map[string]string
	answer   string
	model    string
	origin   string // rpc.OriginBrain or rpc.OriginLLM
	lastErr  string
	// unavailable is the llm_unavailable error that stopped the LLM path;
	// the answer then says so (withoutModel) instead of explaining.
	unavailable error
	// incomplete marks a specialist reply that stopped before the model
	// finished; the supervisor scores it as unusable.
	incomplete bool
	// sources are the numbered probe lines the specialist was shown, set
	// with its answer: its facts name them (see cite.go).
	sources []sources.Line
	// factForm is set with the specialist's answer, which is in the fact
	// form (package facts); a brain, clarification or no-model answer is
	// plain text.
	factForm bool
}

// Ask answers one request admitted to the queue as place: by the fast
// path when the brain recognizes it (and Options.Self is set), else by the
// LLM path. Errors are *rpc.Error, or a cancellation when the client hung
// up. Everything else, timeouts and a missing LLM included, is an answer.
// Time spent waiting for the model counts against the total budget, not
// against a stage's.
func (d *Desk) Ask(ctx context.Context, place *llmqueue.Ticket, p rpc.RequestParams, rec *progress.Recorder) (*rpc.Answer, error) {
	uid := place.UID()
	w := &work{uid: uid, place: place, params: p, start: time.Now(), history: d.o.Sessions.History(uid, p.Session), hardware: d.o.Hardware(), origin: rpc.OriginLLM}
	ctx, cancel := context.WithTimeout(ctx, d.budget.Total)
	defer cancel()
	if d.o.Self != nil {
		if in, ok := brain.Match(p.Text); ok {
			return d.fast(ctx, w, in, rec)
		}
	}

	rec.Stage(rpc.EventStarting, StageTranslator, "", "")
	if err := d.translate(ctx, w, rec); err != nil {
		if ctx.Err() != nil {
			return d.abandon(ctx, w, StageTranslator, rec)
		}
		return nil, err
	}
	rec.Stage(rpc.EventComplete, StageTranslator, "", fmt.Sprintf("%s ticket, domain %s, confidence %.2f", w.ticket.Source, w.ticket.Domain, w.ticket.Confidence))
	if q := w.ticket.ClarificationQuestion; q != nil {
		w.answer = *q
		return d.finish(ctx, w, rec)
	}

	rec.Stage(rpc.EventStarting, StageProbes, "", fmt.Sprintf("%d probes", len(w.ticket.NeedsProbes)))
	pctx, pcancel := context.WithTimeout(ctx, d.budget.Probes)
	w.results = d.o.Probes.RunMany(pctx, w.ticket.NeedsProbes, func(ev probes.ProbeEvent) {
		msg := ""
		if ev.Result != nil {
			msg = fmt.Sprintf("exit %d in %d ms", ev.Result.ExitCode, ev.Result.TimingMS)
		}
		rec.Stage(ev.Kind, StageProbes, ev.Probe, msg)
	})
	pcancel()
	if err := ctx.Err(); err != nil {
		return d.abandon(ctx, w, StageProbes, rec)
	}
	rec.Stage(rpc.EventComplete, StageProbes, "", "")
	if w.unavailable != nil {
		return d.finish(ctx, w, rec)
	}

	rec.Stage(rpc.EventStarting, StageSpecialist, "", w.ticket.Domain+" specialist")
	if err := d.specialize(ctx, w, rec); err != nil {
		if rpc.KindOf(err) == rpc.KindTimeout {
			return d.timeoutAnswer(w, StageSpecialist, rec), nil
		}
		if rpc.KindOf(err) == rpc.KindLLMUnavailable && ctx.Err() == nil {
			rec.Fail(rpc.EventError, StageSpecialist, err.Error())
			w.unavailable, w.model = err, ""
			w.lastErr = joinErr(w.lastErr, "specialist: "+err.Error())
			return d.finish(ctx, w, rec)
		}
		if ctx.Err() != nil {
			return d.abandon(ctx, w, StageSpecialist, rec)
		}
		rec.Fail(rpc.EventError, StageSpecialist, err.Error())
		return nil, err
	}
	rec.Stage(rpc.EventComplete, StageSpecialist, "", "")
	return d.finish(ctx, w, rec)
}

// translate fills w.ticket from the LLM, or from keywords when the LLM's
// ticket is unusable or the LLM unavailable (then w.unavailable says why).
// Only a lost client stops here.
func (d *Desk) translate(ctx context.Context, w *work, rec *progress.Recorder) error {
	release, err := d.turn(ctx, w, StageTranslator, rec)
	if err != nil {
		return err
	}
	defer release()
	tctx, cancel := context.WithTimeout(ctx, d.budget.Translator)
	defer cancel()
	t, err := translator.LLM(tctx, d.o.LLM, w.params.Text, w.history)
	// The model was called whatever came of it, so the answer names it
	// even when a keyword ticket or a timeout answer follows.
	w.model = d.o.LLM.Model()
	switch {
	case err == nil:
		w.ticket = t
	case rpc.KindOf(err) == rpc.KindLLMUnavailable && ctx.Err() == nil:
		// The spec: fall back to keywords if the LLM fails. The model was
		// not reached, so the answer names none.
		w.unavailable, w.model = err, ""
		w.lastErr = "translator: " + err.Error() + " (keyword fallback used)"
		rec.Fail(rpc.EventError, StageTranslator, w.lastErr)
		w.ticket = translator.Keywords(w.params.Text)
	case ctx.Err() != nil:
		return fmt.Errorf("cannot finish the request: %w", context.Cause(ctx))
	case tctx.Err() == context.DeadlineExceeded || rpc.KindOf(err) == rpc.KindTimeout:
		w.lastErr = "timeout at translator (keyword fallback used)"
		rec.Fail(rpc.EventTimeout, StageTranslator, w.lastErr)
		w.ticket = translator.Keywords(w.params.Text)
	default:
		w.lastErr = "translator: " + err.Error() + " (keyword fallback used)"
		rec.Fail(rpc.EventError, StageTranslator, w.lastErr)
		w.ticket = translator.Keywords(w.params.Text)
	}
	// The spec asks for clarification only when the translator is unsure.
	if w.ticket.ClarificationQuestion != nil && w.ticket.Confidence >= supervisor.ConfidentAt {
		w.ticket.ClarificationQuestion = nil
	}
	return nil
}

// specialize asks the domain's specialist, streaming its facts into
// progress as each is written.
func (d *Desk) specialize(ctx context.Context, w *work, rec *progress.Recorder) error {
	prompt, err := specialist.Build(specialist.Brief{
		Domain: w.ticket.Domain, Question: w.params.Text, History: w.history, Ticket: w.ticket,
		Probes: w.results, Hardware: w.hardware, Version: d.o.Version,
	})
	if err != nil {
		return rpc.Errorf(rpc.KindInternal, "%v", err)
	}
	w.facts = prompt.Facts
	release, err := d.turn(ctx, w, StageSpecialist, rec)
	if err != nil {
		return err
	}
	defer release()
	sctx, cancel := context.WithTimeout(ctx, d.budget.Specialist)
	defer cancel()
	stream := facts.NewStream(rec.Token)
	reply, err := d.o.LLM.Chat(sctx, llm.Chat{Messages: prompt.Messages, Format: prompt.Format, NumPredict: specialist.NumPredict}, stream.Write)
	if err != nil {
		if sctx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			return rpc.Errorf(rpc.KindTimeout, "cannot get the specialist's answer within %v", d.budget.Specialist)
		}
		return err
	}
	w.answer, w.sources, w.factForm = reply.Content, prompt.Sources, true
	if !reply.Complete {
		w.incomplete = true
		w.lastErr = joinErr(w.lastErr, "specialist: the reply was cut off before the model finished")
		rec.Fail(rpc.EventError, StageSpecialist, "the reply was cut off before the model finished")
	}
	d.log.Debug("specialist answered", "domain", w.ticket.Domain, "prompt_bytes", prompt.Bytes,
		"prompt_tokens", reply.PromptEvalCount, "answer_tokens", reply.EvalCount, "ms", reply.Duration.Milliseconds(),
		"reply", runecut.Ellipsis(reply.Content, maxLoggedReply))
	return nil
}

// maxLoggedReply bounds the model's reply in the debug log, which keeps
// it for a reply the user is told could not be used.
const maxLoggedReply = 2048

func joinErr(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// abandon handles the total deadline or a client that hung up during a
// stage: the first gets the timeout response, the second nothing.
func (d *Desk) abandon(ctx context.Context, w *work, stage string, rec *progress.Recorder) (*rpc.Answer, error) {
	if context.Cause(ctx) == context.DeadlineExceeded {
		return d.timeoutAnswer(w, stage, rec), nil
	}
	return nil, fmt.Errorf("cannot finish the request: %w", context.Cause(ctx))
}

// turn waits for the model, telling the client where it stands in the
// queue and, once served, how long it waited and how much of the budget is
// left. It returns the function that hands the model to the next request.
func (d *Desk) turn(ctx context.Context, w *work, stage string, rec *progress.Recorder) (func(), error) {
	start := time.Now()
	queued := false
	release, err := w.place.Wait(ctx, func(pos int) {
		queued = true
		rec.Queued(stage, pos, fmt.Sprintf("queued, position %d", pos))
	})
	waited := time.Since(start).Round(100 * time.Millisecond)
	if err != nil {
		if queued {
			d.log.Warn("request left the queue for the model", "request", w.params.RequestID, "stage", stage, "waited", waited, "err", err)
		}
		return nil, fmt.Errorf("cannot finish the request: %w", context.Cause(ctx))
	}
	if queued {
		left := "no deadline"
		if dl, ok := ctx.Deadline(); ok {
			left = time.Until(dl).Round(100*time.Millisecond).String() + " of the " + d.budget.Total.String() + " budget left"
		}
		rec.Queued(stage, 0, fmt.Sprintf("left the queue after %v; %s", waited, left))
	}
	return release, nil
}
