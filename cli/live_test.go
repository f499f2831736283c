package cli

import (
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// clock is a manual time source for the elapsed counter.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func newTestLive(cols, rows int) (*live, *strings.Builder, *clock) {
	var b strings.Builder
	c := &clock{t: time.Unix(1000, 0)}
	return newLive(&b, style{}, cols, rows, c.now), &b, c
}

func TestLiveSpinnerWithoutStages(t *testing.T) {
	lv, b, c := newTestLive(80, 24)
	lv.draw()
	c.t = c.t.Add(3 * time.Second)
	lv.draw()
	frames := strings.Split(b.String(), "\r\x1b[J")
	if len(frames) != 2 || frames[0] != spinner[0]+" working…  0s" || frames[1] != spinner[1]+" working…  3s" {
		t.Errorf("frames %q", frames)
	}
}

func TestLiveStageTrail(t *testing.T) {
	lv, b, _ := newTestLive(80, 24)
	lv.add([]rpc.Event{
		{Kind: rpc.EventStarting, Stage: "translator"},
		{Kind: rpc.EventComplete, Stage: "translator"},
		{Kind: rpc.EventStarting, Stage: "dispatcher"},
		{Kind: rpc.EventProbeRunning, Stage: "dispatcher", Probe: "top_memory"},
		{Kind: rpc.EventProbeComplete, Stage: "dispatcher", Probe: "top_memory"},
		{Kind: rpc.EventStarting, Stage: "specialist\x1b[2J"},
	})
	lv.draw()
	want := "translator… dispatcher… dispatcher: probe top_memory… specialist…"
	if !strings.Contains(b.String(), want) {
		t.Errorf("status line %q lacks %q", b.String(), want)
	}
	lv.add([]rpc.Event{{Kind: rpc.EventProbeRunning, Stage: "probes", Probe: "system_logs"}})
	if got := lv.trail[len(lv.trail)-1]; got != "probe system_logs…" {
		t.Errorf("probe step under the probes stage is %q", got)
	}
	lv.add([]rpc.Event{{Kind: rpc.EventTimeout, Stage: "specialist"}, {Kind: rpc.EventError, Stage: "supervisor"}})
	if got := strings.Join(lv.trail[len(lv.trail)-2:], " "); got != "specialist timed out supervisor failed" {
		t.Errorf("trail ends %q", got)
	}
}

func TestLiveStatusLineFitsNarrowTerminal(t *testing.T) {
	lv, _, _ := newTestLive(30, 24)
	for _, s := range []string{"translator", "dispatcher", "specialist", "supervisor"} {
		lv.add([]rpc.Event{{Kind: rpc.EventStarting, Stage: s}})
	}
	line := lv.statusLine()
	if w := cells.StringWidth(line); w > 29 {
		t.Errorf("status line %q is %d columns in a 30-column terminal", line, w)
	}
	if !strings.Contains(line, "supervisor…") {
		t.Errorf("status line %q drops the latest stage", line)
	}
}

func TestLiveTokensAndErase(t *testing.T) {
	lv, b, _ := newTestLive(20, 24)
	lv.draw()
	lv.add([]rpc.Event{{Kind: rpc.EventToken, Text: "Firefox uses \x1b[3"}, {Kind: rpc.EventToken, Text: "1mthe most memory right now."}})
	lv.draw()
	// "Firefox uses the most memory right now." wraps at 19 columns.
	if want := []string{"Firefox uses the", "most memory right", "now."}; strings.Join(lv.lines, "|") != strings.Join(want, "|") {
		t.Errorf("live lines %q, want %q", lv.lines, want)
	}
	lv.clear()
	out := b.String()
	if !strings.HasSuffix(out, "\r\x1b[3A\x1b[J") {
		t.Errorf("clear does not go back up over 3 text rows: %q", out[len(out)-20:])
	}
	// Only the erase sequences are escapes; the split "\x1b[3" + "1m" from
	// the daemon is gone.
	rest := strings.NewReplacer("\x1b[J", "", "\x1b[2A", "", "\x1b[3A", "").Replace(out)
	if strings.Contains(rest, "\x1b") || strings.Contains(rest, "1m") {
		t.Errorf("unexpected escapes in %q", out)
	}
	b.Reset()
	lv.clear()
	if b.String() != "" {
		t.Errorf("second clear wrote %q", b.String())
	}
}

func TestLiveStopsAtWindowHeight(t *testing.T) {
	lv, _, _ := newTestLive(20, 6)
	for range 10 {
		lv.add([]rpc.Event{{Kind: rpc.EventToken, Text: "line\n"}})
	}
	// 6 rows: the status line, 4 text rows, one spare for the prompt.
	if len(lv.lines) != 4 || !lv.full {
		t.Errorf("kept %d lines (full=%v), want 4", len(lv.lines), lv.full)
	}
	lv.add([]rpc.Event{{Kind: rpc.EventToken, Text: "more"}})
	if len(lv.lines) != 4 {
		t.Errorf("grew after it was full: %q", lv.lines)
	}
}

func TestLiveDimsTokensWithColor(t *testing.T) {
	var b strings.Builder
	lv := newLive(&b, style{color: true}, 80, 24, time.Now)
	lv.add([]rpc.Event{{Kind: rpc.EventToken, Text: "partial"}})
	lv.draw()
	if !strings.Contains(b.String(), "\n\x1b[2mpartial\x1b[0m") {
		t.Errorf("tokens not dimmed: %q", b.String())
	}
}
