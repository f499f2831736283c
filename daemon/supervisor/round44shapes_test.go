package supervisor

import "testing"

// TestRound44Shapes holds true answers of round 43–44's shapes that were
// flagged, each beside a false answer of the same shape.
func TestRound44Shapes(t *testing.T) {
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		// "…, but you could …" opens advice: its commands and paths are not facts.
		{"advice after but", server,
			"Swap has 256Mi used, but you could install `zram-tools` and edit /etc/default/zramswap.",
			"Swap has 512Mi used, but you could install `zram-tools` and edit /etc/default/zramswap."},
		{"advice after but should", server,
			"backup.service has failed, but you should first check `/var/log/backup.log` and run `df -i`.",
			"nginx.service has failed, but you should first check `/var/log/backup.log` and run `df -i`."},
		// A size before its own resource noun after "while" is that resource's, not swap's.
		{"memory figure in a while clause after swap", server,
			"256Mi of the 4.0Gi swap is in use while 18Gi RAM is still available.",
			"256Mi of the 4.0Gi swap is in use while 3.8Gi RAM is still available."},
		{"memory figure of memory in an and clause after swap", server,
			"Swap holds 256Mi and 18 GiB of memory is available.",
			"Swap holds 256Mi and 3.8 GiB of memory is available."},
		// A count of the journal's entries above ten is that rule's alone,
		// not a plain number to find; a typed message holding a clock-like
		// PCI address ("0000:00:02.0") is no printed entry.
		{"journal entries above ten", EvidenceText(scenario(t, "host31")),
			"The journal has 23 warning-or-worse entries.", "The journal has 24 warning-or-worse entries."},
		{"journal excerpt count", EvidenceText(scenario(t, "host35")),
			"The journal excerpt shows 18 entries.", "The journal excerpt shows 19 entries."},
		// A quotation of a log line may drop the line's inner quote marks.
		{"quotation without the line's inner quotes", EvidenceText(scenario(t, "host36")),
			`cupsd logged "[Job 42] Printer HP_LaserJet_M404 not responding, retrying in 30 seconds".`,
			`cupsd logged "[Job 42] Printer HP_LaserJet_M404 not responding, retrying in 60 seconds".`},
		{"quotation without quotes around a connection name", EvidenceText(scenario(t, "host36")),
			`NetworkManager logged "Activation: failed for connection Office-5G" at 19:20:38.`,
			`NetworkManager logged "Activation: failed for connection Office-2G" at 19:20:38.`},
		// A name with its PID in a bracket is that PID's row, also for the
		// sentences after it, though the journal logs the bare name too.
		{"product name bound to its bracketed PID", EvidenceText(scenario(t, "host36")),
			"Memory's biggest user is Firefox ESR (PID 733, user alice). It holds 4.0% of RAM.",
			"Memory's biggest user is Firefox ESR (PID 733, user alice). It holds 2.5% of RAM."},
		{"product name ranked by its bracketed PID", EvidenceText(scenario(t, "host36")),
			"The process using the most memory is Firefox (`firefox-esr`, PID 733).",
			"The process using the most memory is Firefox (`firefox-esr`, PID 1389)."},
		// A name before another process name describes it and ranks nothing.
		{"descriptor before the ranked name", EvidenceText(scenario(t, "host36")),
			"The top CPU user is the Go test binary supervisor.test.",
			"The top CPU user is the Go compiler `compile` (PID 2610)."},
		{"descriptor before a quoted name and its PID", EvidenceText(scenario(t, "host36")),
			"The top CPU user is the Go test binary `supervisor.test` (PID 2709) at 82.3% CPU.",
			"The top CPU user is the Go test binary `supervisor.test` (PID 2709) at 62.6% CPU."},
		{"descriptor before a name that is not first", EvidenceText(scenario(t, "host35")),
			"", "The busiest process is the Go `compile` process (PID 1476)."},
		// A trailing list of PIDs pairs in order with a trailing list of figures.
		{"trailing PIDs pair with trailing figures", EvidenceText(scenario(t, "laptop")),
			"gnome-shell (PID 2210) is at 1.0% CPU, and two firefox processes (PIDs 4242 and 4391) use 12.3% and 3.1%.",
			"gnome-shell (PID 2210) is at 1.0% CPU, and two firefox processes (PIDs 4242 and 4391) use 3.1% and 12.3%."},
	}
	checkPairs(t, tests)
}
