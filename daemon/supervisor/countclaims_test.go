package supervisor

import "testing"

// TestCountClaims checks counts the evidence must bear out: a figure of
// failed units where the list could not be read, swap said unused, a backticked name labelling a figure, on scenarios other than
// the ones that showed the shapes.
func TestCountClaims(t *testing.T) {
	unread := EvidenceText(scenario(t, "host19"))
	noFailed := EvidenceText(scenario(t, "laptop")) + "probe failed_services systemctl --failed\n  UNIT LOAD ACTIVE SUB DESCRIPTION\n0 loaded units listed.\n"
	host28 := EvidenceText(scenario(t, "host28"))
	idleSwap := "probe memory_info free -h\n               total        used        free\nMem:            23Gi       2.8Gi        17Gi\nSwap:          4.0Gi          0B       4.0Gi\n"
	server := EvidenceText(scenario(t, "server"))
	laptop := EvidenceText(scenario(t, "laptop"))
	checkPairs(t, []pair{
		// A backticked name a dash or colon joins to a figure is that
		// figure's process, in a numbered list or alone.
		{"backticked list item with a share", server, "Top CPU users:\n1. `postgres` — 38.6%\n2. `annad` — 14.3%\n3. `redis-server` — 4.1%",
			"Top CPU users:\n1. `postgres` — 38.6%\n2. `memcached` — 14.3%\n3. `redis-server` — 4.1%"},
		{"backticked name after a bullet with a colon", laptop, "- `firefox`: 12.3% CPU\n- `gnome-shell`: 1.0% CPU",
			"- `firefox`: 12.3% CPU\n- `Überwacher`: 1.0% CPU"},
		// Swap said unused in "none of it in use" wording.
		{"swap none of it in use", idleSwap, "Swap: 4.0Gi total, none of it in use.", ""},
		{"swap none in use, used", host28, "", "Swap: 255Mi total, none of it in use."},
		{"swap nothing used", idleSwap, "Swap is 4.0Gi with nothing used.", ""},
		{"swap nothing used, used", host28, "", "Swap is 255Mi with nothing used."},
		// "0 failed units" is "no failed units" in figures.
		{"zero failed units as a figure", noFailed, "`systemctl --failed` reports **0 failed units**.", ""},
		{"zero failed units unread", unread, "", "`systemctl --failed` reports **0 failed units**, so everything is running."},
	})
}
