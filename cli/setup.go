package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mattn/go-runewidth"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// setupWait bounds how long annactl waits for annad to install Ollama or
// pull the model: a large model on a slow link takes a while, but a wait
// that never ends is worse than the advice to come back later.
const setupWait = 30 * time.Minute

// setupPoll is how often annactl asks `status` while it waits.
const setupPoll = 500 * time.Millisecond

// setupUnderWay reports a setup annad is working on: a phase, not ready,
// and no error (an error means it failed and retries later, which
// autofix reports).
func setupUnderWay(s *rpc.Status) bool {
	return s != nil && s.Setup != nil && !s.Setup.Ready && s.Setup.Phase != "" && s.Setup.LastError == ""
}

// setupEnd is how a wait for setup ended.
type setupEnd int

const (
	setupReady setupEnd = iota
	setupFailed
	setupTimedOut
	setupInterrupted
)

// setupView shows the waits: on a terminal one line redrawn in place, else
// one line per new phase or tenth of progress, with no escape codes.
type setupView struct {
	w     io.Writer
	tty   bool
	cols  int
	frame int
	last  string // the last line printed (non-terminal)
	lastP int    // its percent
}

// show draws s.
func (v *setupView) show(s rpc.Setup) {
	phase := Sanitize(s.Phase)
	if !v.tty {
		p := s.Percent
		if phase == v.last && (p < 0 || p < v.lastP+10) && (p != 100 || v.lastP == 100) {
			return
		}
		v.last, v.lastP = phase, p
		fmt.Fprintf(v.w, "setup: %s%s\n", phase, percentText(p))
		return
	}
	v.frame++
	fmt.Fprint(v.w, "\r\x1b[K"+setupBar(spinner[v.frame%len(spinner)], phase, s.Percent, v.cols))
}

// done erases the bar on a terminal.
func (v *setupView) done() {
	if v.tty {
		fmt.Fprint(v.w, "\r\x1b[K")
	}
}

func percentText(p int) string {
	if p < 0 || p > 100 {
		return ""
	}
	return fmt.Sprintf(" %d%%", p)
}

// minBar is the narrowest bar worth drawing.
const minBar = 10

// setupBar is the one-line bar: spinner, phase, percent and a bar filling
// the rest of the width, never the last column (a full line would wrap on
// some terminals). A step with no known size gets no bar.
func setupBar(spin, phase string, percent, cols int) string {
	if cols <= 0 {
		cols = 80
	}
	width := cols - 1
	pct := percentText(percent)
	// spinner, space, phase, percent, space, [bar]
	room := width - 2 - runewidth.StringWidth(pct)
	if pct != "" {
		room -= minBar + 3
	}
	if room < 1 {
		room = 1
	}
	phase = runewidth.Truncate(phase, room, "…")
	line := spin + " " + phase + pct
	if pct == "" {
		return line
	}
	n := width - runewidth.StringWidth(line) - 3
	fill := n * percent / 100
	return line + " [" + strings.Repeat("=", fill) + strings.Repeat(" ", n-fill) + "]"
}

// waitSetup polls `status` until setup is ready or failed, the bounded wait
// ends, or the user presses Ctrl-C, showing the progress on w.
func (s *session) waitSetup(ctx context.Context, w io.Writer, tty bool, first rpc.Setup) (setupEnd, rpc.Setup) {
	ictx, stop := s.sys.Interrupt(ctx)
	defer stop()
	wctx, cancel := context.WithTimeout(ictx, setupWait)
	defer cancel()
	cols := 0
	if tty {
		cols, _ = s.sys.Size()
	}
	v := &setupView{w: w, tty: tty, cols: cols, lastP: -1}
	defer v.done()
	cur := first
	v.show(cur)
	tick := time.NewTicker(setupPoll)
	defer tick.Stop()
	spin := time.NewTicker(frameInterval)
	defer spin.Stop()
	for {
		select {
		case <-wctx.Done():
			if ictx.Err() != nil && ctx.Err() == nil {
				return setupInterrupted, cur
			}
			return setupTimedOut, cur
		case <-spin.C:
			if tty {
				v.show(cur)
			}
			continue
		case <-tick.C:
		}
		st, err := s.statusCall(wctx)
		if err != nil {
			if wctx.Err() != nil {
				continue
			}
			cur.LastError = err.Error()
			return setupFailed, cur
		}
		if st.Setup == nil {
			// annad restarted without a setup to run, or stopped managing.
			return setupFailed, rpc.Setup{Phase: cur.Phase, LastError: "annad no longer reports a setup"}
		}
		cur = *st.Setup
		switch {
		case cur.Ready:
			return setupReady, cur
		case cur.LastError != "":
			return setupFailed, cur
		}
		v.show(cur)
	}
}

// reportSetup prints how a wait ended, one line.
func (s *session) reportSetup(w io.Writer, st style, end setupEnd, last rpc.Setup) {
	switch end {
	case setupReady:
		fmt.Fprintf(w, "setup: %s\n", Sanitize(last.Phase))
	case setupFailed:
		fmt.Fprintf(w, "setup: %s\n", st.red(Sanitize(last.Phase)+" failed: "+Sanitize(last.LastError)))
	case setupTimedOut:
		fmt.Fprintf(w, "setup: still %s after %s; annad goes on, run annactl status later\n", Sanitize(last.Phase), humanDuration(setupWait))
	}
}

// afterSetup looks at an answer written without the model: when annad is
// installing Ollama or pulling the model, it waits for that (a bar on a
// terminal, phase lines on stderr elsewhere) and asks again once the model
// is ready. It returns the answer to print, or an exit code >= 0 when the
// request ends here.
func (s *session) afterSetup(ctx, ictx context.Context, text string, a *rpc.Answer) (*rpc.Answer, int) {
	if a.Origin == rpc.OriginBrain || a.Model != "" {
		return a, -1
	}
	st, err := s.statusCall(ictx)
	if err != nil || !setupUnderWay(st) {
		return a, -1
	}
	w, tty, sty := s.sys.Err, false, s.errs
	if s.sys.OutTTY {
		w, tty, sty = s.sys.Out, true, s.out
	}
	end, last := s.waitSetup(ctx, w, tty, *st.Setup)
	if end == setupInterrupted {
		fmt.Fprintln(s.sys.Err, "canceled")
		return nil, ExitInterrupted
	}
	s.reportSetup(w, sty, end, last)
	if end != setupReady {
		return a, -1
	}
	again, err := s.request(ictx, text)
	switch {
	case err != nil && ictx.Err() != nil && ctx.Err() == nil:
		fmt.Fprintln(s.sys.Err, "canceled")
		return nil, ExitInterrupted
	case err != nil:
		// The first answer stands; the model is ready for the next request.
		return a, -1
	}
	return again, -1
}
