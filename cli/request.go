package cli

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Timing of a request on a terminal. The poll interval is the spec's; the
// frame interval only drives the spinner.
const (
	pollInterval  = 250 * time.Millisecond
	frameInterval = 100 * time.Millisecond
	// callTimeout bounds the short calls (status, reset).
	callTimeout = 15 * time.Second
)

// session is one annactl run: its client, streams and styles, and for the
// REPL the session id that ties follow-up questions together.
type session struct {
	sys    IO
	client *rpc.Client
	out    style // for sys.Out
	errs   style // for sys.Err
	id     string
	now    func() time.Time
}

func newSession(sys IO) *session {
	client := rpc.NewClient(sys.socketPath())
	// Polkit may prompt for a password only when someone can type it.
	client.AllowInteraction(sys.InTTY)
	return &session{
		sys:    sys,
		client: client,
		out:    style{color: sys.colorOK(sys.OutTTY)},
		errs:   style{color: sys.colorOK(sys.ErrTTY)},
		now:    time.Now,
	}
}

// newID returns 128 random bits in hex, valid as a session or request id.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails on Linux
	return hex.EncodeToString(b[:])
}

// oneShot answers `annactl <request…>`.
func (s *session) oneShot(ctx context.Context, text string) int {
	return s.ask(ctx, text)
}

// ask sends one request, shows its progress on a terminal, prints the
// answer or the advice, and returns the exit code. Ctrl-C cancels the
// request (ExitInterrupted) and nothing else.
func (s *session) ask(ctx context.Context, text string) int {
	ictx, stop := s.sys.Interrupt(ctx)
	defer stop()
	a, err := s.request(ictx, text)
	switch {
	case err != nil && ictx.Err() != nil && ctx.Err() == nil:
		fmt.Fprintln(s.sys.Err, "canceled")
		return ExitInterrupted
	case err != nil:
		adv := advise(err, "the request", rpc.RequestTimeout)
		printAdvice(s.sys.Err, adv, s.errs)
		return adv.code
	}
	a, code := s.afterSetup(ctx, ictx, text, a)
	if code >= 0 {
		return code
	}
	cols := 0
	if s.sys.OutTTY {
		cols, _ = s.sys.Size()
	}
	if err := renderAnswer(s.sys.Out, text, a, cols, s.out); err != nil {
		return ExitFailed
	}
	return ExitOK
}

type outcome struct {
	answer *rpc.Answer
	err    error
}

// request calls `request` under the spec's 45 s client deadline. On a
// terminal it polls `progress` on the same client meanwhile and animates
// the live area; elsewhere it only waits.
func (s *session) request(ctx context.Context, text string) (*rpc.Answer, error) {
	ctx, cancel := context.WithTimeout(ctx, rpc.RequestTimeout)
	defer cancel()
	params := rpc.RequestParams{Text: text, Session: s.id, RequestID: newID()}
	if !s.sys.OutTTY {
		return s.client.Request(ctx, params)
	}

	done := make(chan outcome, 1)
	go func() {
		a, err := s.client.Request(ctx, params)
		done <- outcome{a, err}
	}()
	events := make(chan []rpc.Event)
	pctx, stopPoll := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { s.poll(pctx, params.RequestID, events) })

	cols, rows := s.sys.Size()
	lv := newLive(s.sys.Out, s.out, cols, rows, s.now)
	lv.draw()
	frames := time.NewTicker(frameInterval)
	defer frames.Stop()
	for {
		select {
		case o := <-done:
			stopPoll()
			wg.Wait()
			lv.clear()
			return o.answer, o.err
		case evs := <-events:
			lv.add(evs)
			lv.draw()
		case <-frames.C:
			lv.draw()
		}
	}
}

// poll fetches progress events every pollInterval until ctx ends or the
// daemon says the request is done. Errors are expected while the request is
// not yet registered (not_found) and never matter more than the answer, so
// they are skipped.
func (s *session) poll(ctx context.Context, id string, out chan<- []rpc.Event) {
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	since := 0
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		p, err := s.client.Progress(ctx, rpc.ProgressParams{RequestID: id, Since: since})
		if err != nil {
			continue
		}
		since = p.Next
		if len(p.Events) > 0 {
			select {
			case out <- p.Events:
			case <-ctx.Done():
				return
			}
		}
		if p.Done {
			return
		}
	}
}

// statusCall fetches rpc.Status under callTimeout.
func (s *session) statusCall(ctx context.Context) (*rpc.Status, error) {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	return s.client.Status(ctx)
}

// status answers `annactl status`.
func (s *session) status(ctx context.Context) int {
	st, err := s.statusCall(ctx)
	if err != nil {
		adv := advise(err, "status", callTimeout)
		printAdvice(s.sys.Err, adv, s.errs)
		return adv.code
	}
	if err := renderStatus(s.sys.Out, st, s.out); err != nil {
		return ExitFailed
	}
	if setupUnderWay(st) && s.sys.OutTTY {
		end, last := s.waitSetup(ctx, s.sys.Out, true, *st.Setup)
		if end == setupInterrupted {
			fmt.Fprintln(s.sys.Err, "canceled")
			return ExitInterrupted
		}
		s.reportSetup(s.sys.Out, s.out, end, last)
		if end == setupReady {
			return ExitOK
		}
	}
	if needsAutofix(st) {
		s.autofix(ctx)
	}
	return ExitOK
}
