package supervisor

import "testing"

// TestCountClaims checks claims the evidence must bear out: a figure of
// failed units where the list could not be read, swap said unused, a
// backticked name labelling a figure, included sockets, one process's
// ports, failed logins; on scenarios other than the ones that showed the
// shapes.
func TestCountClaims(t *testing.T) {
	unread := EvidenceText(scenario(t, "host19"))
	noFailed := EvidenceText(scenario(t, "laptop")) + "probe failed_services systemctl --failed\n  UNIT LOAD ACTIVE SUB DESCRIPTION\n0 loaded units listed.\n"
	host28 := EvidenceText(scenario(t, "host28"))
	idleSwap := "probe memory_info free -h\n               total        used        free\nMem:            23Gi       2.8Gi        17Gi\nSwap:          4.0Gi          0B       4.0Gi\n"
	server := EvidenceText(scenario(t, "server"))
	laptop := EvidenceText(scenario(t, "laptop"))
	journal := laptop + "probe system_logs journalctl -p warning..alert -n 200 --no-pager\n" +
		"Nov 23 07:45:10 lap sshd[4410]: Failed password for invalid user admin from 198.51.100.7 port 51122 ssh2\n" +
		"Nov 23 07:45:14 lap sshd[4410]: Failed password for invalid user admin from 198.51.100.7 port 51124 ssh2\n" +
		"Nov 23 08:02:01 lap sshd[4420]: Failed password for root from 192.0.2.44 port 40022 ssh2\n"
	checkPairs(t, []pair{
		// An included count of one protocol's sockets needs that many.
		{"including one UDP socket", laptop, "There are 5 listening sockets, including one UDP socket for mDNS.", ""},
		{"including one UDP socket, none", server, "", "There are 5 listening sockets, including one UDP socket for DNS."},
		// One process's ports, by PID or by name, of the loopback when said.
		{"a PID's ports", laptop, "sshd (PID 812) listens on one port, on both IPv4 and IPv6.", "sshd (PID 812) listens on three ports."},
		{"a PID's localhost ports", laptop, "cupsd (PID 700) listens on one localhost port.", "cupsd (PID 700) listens on two localhost ports."},
		{"a program's ports", server, "redis-server listens on one localhost port.", "annad listens on two ports."},
		// Failed logins counted in the journal, of the user and address named.
		{"failed logins of a user", journal, "There were 2 failed SSH login attempts for user admin from 198.51.100.7.",
			"There were 3 failed SSH login attempts for user admin from 198.51.100.7."},
		{"failed logins in all", journal, "The journal shows three failed password attempts.", "The journal shows two failed password attempts."},
		// host28's journal could not be read: even none is unsupported.
		{"failed logins unread", host28, "", "The journal shows 0 failed SSH login attempts."},
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
