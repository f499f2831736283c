package cli

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// spinner frames, one column each.
var spinner = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// maxTrail bounds the remembered stage steps; the status line shows only
// the latest ones that fit anyway.
const maxTrail = 16

// live is the area a request draws on a terminal while it runs: a status
// line (spinner, stage trail, elapsed time) and below it the answer as the
// model writes it, dimmed. It redraws the whole area each time and erases it
// before the final answer is printed, so only the formatted block remains.
type live struct {
	w          io.Writer
	st         style
	cols, rows int
	start      time.Time
	now        func() time.Time

	trail  []string        // stage steps, e.g. "translator…"
	raw    strings.Builder // token text as received
	lines  []string        // raw, sanitized and wrapped
	full   bool            // the text reached the window height
	frame  int
	drawn  int // rows drawn below the status line; -1 when nothing is drawn
	failed bool
}

func newLive(w io.Writer, st style, cols, rows int, now func() time.Time) *live {
	if cols <= 0 {
		cols = 80
	}
	if rows <= 0 {
		rows = 24
	}
	return &live{w: w, st: st, cols: cols, rows: rows, start: now(), now: now, drawn: -1}
}

// add takes progress events: stage events extend the trail, token events
// the text.
func (l *live) add(events []rpc.Event) {
	for _, e := range events {
		if e.Kind == rpc.EventToken {
			l.addText(e.Text)
			continue
		}
		step := describe(e)
		// A new place in the queue replaces the old one rather than
		// growing the trail.
		if e.Kind == rpc.EventQueued && len(l.trail) > 0 && strings.HasPrefix(l.trail[len(l.trail)-1], queuedStep) {
			l.trail = l.trail[:len(l.trail)-1]
		}
		if step != "" && (len(l.trail) == 0 || l.trail[len(l.trail)-1] != step) {
			l.trail = append(l.trail, step)
			if len(l.trail) > maxTrail {
				l.trail = l.trail[1:]
			}
		}
	}
}

// addText appends a chunk of the answer unless the text would no longer fit
// in the window: the area can only be erased while all of it is on screen.
func (l *live) addText(chunk string) {
	if l.full || chunk == "" {
		return
	}
	l.raw.WriteString(chunk)
	// Sanitize the whole text, not the chunk: an escape sequence may
	// arrive split over two chunks.
	lines := strings.Split(wrap(Sanitize(l.raw.String()), l.cols-1), "\n")
	if len(lines) > max(l.rows-2, 1) {
		l.full = true
		return
	}
	l.lines = lines
}

// queuedStep starts the step of a request waiting for the model.
const queuedStep = "waiting for the model"

// describe names the step an event starts, or "" when it starts none.
func describe(e rpc.Event) string {
	stage, probe := Sanitize(e.Stage), Sanitize(e.Probe)
	switch e.Kind {
	case rpc.EventQueued:
		// Position 0: the request left the queue; the next stage says so.
		if e.Position > 0 {
			return fmt.Sprintf("%s: position %d…", queuedStep, e.Position)
		}
	case rpc.EventStarting:
		if stage != "" {
			return stage + "…"
		}
	case rpc.EventProbeRunning:
		// Name the stage unless it already says it runs probes.
		step := "probe " + probe + "…"
		if stage != "" && !strings.HasPrefix(stage, "probe") {
			step = stage + ": " + step
		}
		return step
	case rpc.EventTimeout:
		if stage != "" {
			return stage + " timed out"
		}
		return "timed out"
	case rpc.EventError:
		if stage != "" {
			return stage + " failed"
		}
	}
	return ""
}

// statusLine is the spinner, the trail (or "working…" until a stage is
// known) and the elapsed seconds, cut to fit one row.
func (l *live) statusLine() string {
	trail := "working…"
	if len(l.trail) > 0 {
		trail = strings.Join(l.trail, " ")
	}
	elapsed := fmt.Sprintf("  %ds", int(l.now().Sub(l.start)/time.Second))
	room := l.cols - 1 - 2 - cells.StringWidth(elapsed)
	if room < 1 {
		return spinner[l.frame%len(spinner)]
	}
	return spinner[l.frame%len(spinner)] + " " + fitTail(trail, room) + l.st.dim(elapsed)
}

// draw replaces what is on screen with the current area.
func (l *live) draw() {
	var b strings.Builder
	l.erase(&b)
	b.WriteString(l.statusLine())
	for _, line := range l.lines {
		b.WriteString("\n" + l.st.dim(line))
	}
	l.drawn = len(l.lines)
	l.frame++
	l.write(b.String())
}

// clear erases the area and leaves the cursor where it began.
func (l *live) clear() {
	var b strings.Builder
	l.erase(&b)
	l.drawn = -1
	l.write(b.String())
}

func (l *live) erase(b *strings.Builder) {
	if l.drawn < 0 {
		return
	}
	b.WriteString("\r")
	if l.drawn > 0 {
		fmt.Fprintf(b, "\x1b[%dA", l.drawn)
	}
	b.WriteString("\x1b[J")
}

// write sends one frame in a single write, so it does not flicker. A broken
// terminal stops the animation; the final output reports the problem.
func (l *live) write(s string) {
	if s == "" || l.failed {
		return
	}
	if _, err := io.WriteString(l.w, s); err != nil {
		l.failed = true
	}
}
