package supervisor

import (
	"strings"
	"testing"
)

// TestElidedQuotations checks quotations of a log line shortened in the
// middle (quoteelision.go): the pieces of one line, in order, leaving out
// a bracketed tag or a marked part, are quoted; pieces of two lines, out
// of order, with a figure changed or a negation left out are not.
func TestElidedQuotations(t *testing.T) {
	host33 := EvidenceText(scenario(t, "host33"))
	host31 := EvidenceText(scenario(t, "host31"))
	host35 := EvidenceText(scenario(t, "host35"))
	checkPairs(t, []pair{
		{"a bracketed tag left out", host33,
			`smartd logged "Device: /dev/sdb 8 Currently unreadable (pending) sectors" at 18:37:39.`,
			`smartd logged "Device: /dev/sdb 9 Currently unreadable (pending) sectors" at 18:37:39.`},
		{"two places left out", host31,
			`The kernel logged "Out of memory: Killed process 3187 total-vm:6148352kB anon-rss:3921412kB" at 19:04:19.`,
			`The kernel logged "Out of memory: Killed process 3187 total-vm:6148352kB anon-rss:3921421kB" at 19:04:19.`},
		{"a one-word piece after an unmarked cut", host33,
			`smartd logged "Device: /dev/sdb [SAT], 8 Currently unreadable (pending) sectors" at 18:37:39.`,
			`smartd logged "Device: /dev/sdb 8 Currently unreadable sectors" at 18:37:39.`},
		{"pieces of one line, not of two", host31,
			`The kernel logged "Out of memory: Killed process 3187 total-vm:6148352kB" at 19:04:19.`,
			`The kernel logged "Out of memory: Killed process 3187 Main process exited" at 19:04:19.`},
		{"pieces in order", host31,
			`sshd logged "Failed password for root port 51166 ssh2" at 18:44:34.`,
			`sshd logged "port 51166 ssh2 Failed password for root" at 18:44:34.`},
		{"a negation left out", host33,
			`The kernel said "nfs: server nas01 not responding" at 19:50:59.`,
			`The kernel said "nfs: server nas01 responding, still trying" at 19:50:59.`},
		{"a marked cut", host35,
			`The kernel logged "nvme0: Device not ready … CSTS=0x1" at 20:01:48.`,
			`The kernel logged "nvme0: Device ready … CSTS=0x1" at 20:01:48.`},
		{"a marked cut, not across lines", host35,
			"",
			`The kernel logged "nvme0: Device not ready … reset controller" at 20:01:48.`},
		{"a marked cut, pieces of one line", host35,
			`cupsd logged "[Job 42] Printer … not responding, retrying in 30 seconds" at 20:33:28.`,
			`cupsd logged "[Job 42] Printer … not responding, retrying in 60 seconds" at 20:33:28.`},
		{"a clause is no tag", host31,
			`redis-server warned "WARNING Memory overcommit must be enabled!" at 20:04:19.`,
			`redis-server warned "WARNING Memory overcommit may fail under low memory condition." at 20:04:19.`},
	})
}

// TestElisionBounded checks that a long quotation against lines of
// repeated words, which could be cut in very many ways, is given up on
// within elisionBudget searches rather than tried every way. It counts
// the searches, not the time, so a loaded machine cannot fail it.
func TestElisionBounded(t *testing.T) {
	line := strings.Repeat("a b ", 60) + "q c x r d"
	text := strings.Repeat(line+"\n", 300)
	key := strings.TrimSpace(strings.Repeat("a b ", 30)) + " a c d r"
	if hasTextElided(text, claim{key: key}) {
		t.Errorf("%q is not in the lines", key)
	}
	e := newElision(markedParts(key), false)
	e.line, e.failed = line, map[[3]int]bool{}
	if e.from(0, 0, maxCuts) {
		t.Errorf("%q is not in %q", key, line)
	}
	// Without the budget this line costs 298,281 searches.
	const most = 5000
	if e.steps > most {
		t.Errorf("%d searches on one line, want at most %d", e.steps, most)
	}
}
