package supervisor

import (
	"slices"
	"strings"
	"testing"
)

// An event the answer denies of the evidence is missing where the
// evidence records it (heldout94: "no out-of-memory or OOM killer
// events" over a kernel OOM kill); a denial scoped to an entity, a time
// or a condition is left unjudged, and one over evidence without the
// event holds.
func TestDeniedEvents(t *testing.T) {
	const head = "probe system_logs journalctl\n" +
		"Nov 25 12:40:01 web-03 nginx[990]: worker process started\n"
	oom := head + "Nov 25 12:44:22 web-03 kernel: python3 invoked oom-killer: gfp_mask=0x140cca, order=0\n" +
		"Nov 25 12:44:22 web-03 kernel: Out of memory: Killed process 2874 (python3) total-vm:2418836kB\n"
	clean := head + "Nov 25 12:44:22 web-03 systemd[1]: Started Session 4 of user root.\n"
	failed := head + "Nov 25 13:23:35 wp-02 systemd[1]: Failed to start backup-sites.service - Back up WordPress sites.\n"
	perhaps := head + "Nov 25 13:02:22 web-03 gunicorn[2113]: [ERROR] Worker (pid:3390) timed out. Perhaps out of memory?\n"
	const denial = "The journal lines shown contain no out-of-memory or OOM killer events, so past memory pressure cannot be confirmed."
	for _, tc := range []struct {
		evidence, answer string
		missing          bool
	}{
		{oom, denial, true},
		{clean, denial, false},
		{perhaps, denial, false}, // a guess in a log line is no OOM kill
		{oom, "Nothing was killed according to the logs.", true},
		{clean, "Nothing was killed according to the logs.", false},
		{oom, "The logs show no crash and no OOM kill.", true},
		{oom, "The logs show no crash.", false},
		{oom, "The journal shows that nginx was not killed.", false},              // said of nginx
		{oom, "The journal shows no OOM kill since the restart at 13:00.", false}, // after the kill
		{oom, "If the logs show no OOM kill, memory was never short.", false},
		{oom, "Memory pressure cannot be confirmed from the journal.", false},
		{failed, "The journal does not show any failed service.", true},
		{failed, "The probes show no failed unit and the journal has no service failures.", true},
		{clean, "The journal does not show any failed service.", false},
		{failed, "The journal shows no failed units.", false},           // systemctl's state, not the journal's event
		{failed, "The probes show no failures.", false},                 // not said of the journal
		{oom, "The journal shows no memory pressure.", false},           // only "out of memory" is the event
		{oom, "The logs would show no OOM kill if it were not.", false}, // a condition, no comma before it
		{oom, "Check that the journal shows no OOM kill.", false},       // advice
	} {
		g := Check(tc.answer, tc.evidence)
		got := slices.ContainsFunc(g.Missing, func(m string) bool { return strings.Contains(m, "evidence records") })
		if got != tc.missing {
			t.Errorf("%q: denied event missing %v, want %v (%+v)", tc.answer, got, tc.missing, g)
		}
	}
}
