package desk

import (
	"context"
	"fmt"

	"github.com/jjgarcianorway/anna-assistant/daemon/brain"
	"github.com/jjgarcianorway/anna-assistant/daemon/progress"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// StageBrain names the fast path in progress events.
const StageBrain = "brain"

// Self is what the fast path knows about annad itself: its health, for
// "are you ok?", and the daemon-wide debug mode, which "enable debug mode"
// changes. The daemon implements it; a desk without one has no fast path.
type Self interface {
	Health() brain.HealthState
	DebugMode() bool
	// SetDebugMode changes the debug mode and persists it; on error the
	// mode is unchanged.
	SetDebugMode(on bool) error
}

// fast answers a question the brain recognized: its probes are read (the
// second-to-second ones fresh, bypassing the 30 s cache; the process
// tables in their brief form, since the brain quotes their first row), the
// brain composes the answer, and the supervisor judges it like any other.
// No LLM is called and the model's queue is not waited on; the request was
// still admitted, so the busy limits hold.
func (d *Desk) fast(ctx context.Context, w *work, in brain.Intent, rec *progress.Recorder) (*rpc.Answer, error) {
	w.origin, w.model, w.ticket = rpc.OriginBrain, "", in.Ticket()
	rec.Stage(rpc.EventStarting, StageBrain, "", string(in.Kind))
	debug := brain.DebugState{Was: d.o.Self.DebugMode()}
	debug.On = debug.Was
	if in.Kind == brain.DebugOn || in.Kind == brain.DebugOff {
		debug.On = in.Kind == brain.DebugOn
		if debug.On != debug.Was {
			if err := d.o.Self.SetDebugMode(debug.On); err != nil {
				rec.Fail(rpc.EventError, StageBrain, err.Error())
				return nil, rpc.Errorf(rpc.KindInternal, "cannot change the debug mode: %v", err).
					WithHint("check the journal (journalctl -u annad) and the state directory's permissions")
			}
			d.log.Info("debug mode changed", "on", debug.On, "uid", w.uid, "request", w.params.RequestID)
		}
	}
	if ids := in.Probes(); len(ids) > 0 {
		rec.Stage(rpc.EventStarting, StageProbes, "", fmt.Sprintf("%d probes", len(ids)))
		pctx, cancel := context.WithTimeout(probes.WithBrief(probes.WithFresh(ctx, brain.Fresh)), d.budget.Probes)
		w.results = d.o.Probes.RunMany(pctx, ids, func(ev probes.ProbeEvent) { rec.Stage(ev.Kind, StageProbes, ev.Probe, "") })
		cancel()
		if ctx.Err() != nil {
			return d.abandon(ctx, w, StageProbes, rec)
		}
		rec.Stage(rpc.EventComplete, StageProbes, "", "")
	}
	var health brain.HealthState
	if in.Kind == brain.Health {
		health = d.o.Self.Health()
	}
	reply := brain.Compose(in, brain.Input{Results: w.results, Hardware: w.hardware, Health: health, Version: d.o.Version, Debug: debug})
	w.facts, w.answer, w.lastErr = reply.Facts, reply.Text, reply.LastError
	rec.Stage(rpc.EventComplete, StageBrain, "", "")
	return d.finish(ctx, w, rec)
}
