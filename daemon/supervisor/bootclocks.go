package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// "The machine booted at 04:34, when kubelet started": a clock time said
// as the machine's boot is PID 1's start, not the start of the services
// ps lists beside it, though those are real times of the evidence. When
// the typed ps data gives PID 1's start, a boot time must be its hour
// and minute (ps prints START as a date for a day-old process, so the
// typed timestamp is the one read).

// bootWords say the machine started.
var bootWords = lexicon.NewSet(`booted boot rebooted reboot`)

// bootLinks may stand between a boot word and its clock: "booted today
// at 04:34", "last boot was at 12:18", "boot time: 12:18".
var bootLinks = lexicon.NewSet(`at today yesterday on around about approximately roughly time was is
	since this morning utc`)

// bootSaid reports a clock said as the machine's boot: a boot word before
// it in its clause, joined to it only by bootLinks.
func bootSaid(answer string, c claim) bool {
	if c.kind != kindClock || c.clause > c.off {
		return false
	}
	ws := plainWords(answer[c.clause:c.off])
	k := len(ws) - 1
	for k >= 0 && bootLinks[ws[k]] {
		k--
	}
	return k >= 0 && bootWords[ws[k]]
}

// bootClock returns where a clock said as the boot is reported, g's
// Found when it is PID 1's start and its Missing when not, and the text
// to report; ok is false when it is no boot time or the evidence has no
// typed start for PID 1.
func (ix *index) bootClock(g *Grounding, answer string, c claim) (list *[]string, text string, ok bool) {
	if !bootSaid(answer, c) {
		return nil, "", false
	}
	clk := ix.times()
	from, _, isClock := clockSpan(c.key)
	if !clk.pidOne || !isClock {
		return nil, "", false
	}
	boot, h, m := clk.boot, from/3600, from/60%60
	if m == boot.Minute() && (h == boot.Hour() || h+12 == boot.Hour()) {
		return &g.Found, c.text, true
	}
	return &g.Missing, c.text + " (not the boot time)", true
}
