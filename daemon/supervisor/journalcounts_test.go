package supervisor

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// withJournal returns a scenario's evidence with its journal replaced by
// lines given both as printed output and as typed entries, as the journal
// probe gives them (so every entry shows twice in the evidence text).
func withJournal(t testing.TB, name string, lines ...string) string {
	in := scenario(t, name)
	var entries []map[string]any
	for _, l := range lines {
		f := strings.SplitN(l, ": ", 2)
		head := strings.Fields(f[0])
		entries = append(entries, map[string]any{"time": "2026-11-23T" + head[2] + "Z", "identifier": strings.Split(head[4], "[")[0], "message": f[1]})
	}
	out := []rpc.ProbeResult{}
	for _, r := range in.Results {
		if r.Probe != "system_logs" {
			out = append(out, r)
		}
	}
	in.Results = append(out, rpc.ProbeResult{Probe: "system_logs", Command: "journalctl -p warning..alert -n 200 --no-pager",
		Stdout: strings.Join(lines, "\n") + "\n", Data: map[string]any{"entries": entries}})
	return EvidenceText(in)
}

// TestJournalCounts checks counts of journal events, each entry counted
// once: failed logins of a count's own item, lines holding a quoted
// phrase, OOM kills (of the process or unit named); on the laptop's and
// the server's evidence.
func TestJournalCounts(t *testing.T) {
	logins := withJournal(t, "server",
		"Nov 23 07:45:10 srv1 sshd[4410]: Failed password for invalid user admin from 198.51.100.7 port 51122 ssh2",
		"Nov 23 07:45:14 srv1 sshd[4411]: Failed password for invalid user oracle from 198.51.100.7 port 51124 ssh2",
		"Nov 23 08:02:01 srv1 sshd[4420]: Failed password for root from 192.0.2.44 port 40022 ssh2")
	kills := withJournal(t, "laptop",
		"Nov 23 09:41:07 laptop kernel: Out of memory: Killed process 6650 (java) total-vm:9120344kB, anon-rss:4194304kB",
		"Nov 23 09:41:08 laptop systemd[1]: tomcat.service: A process of this unit has been killed by the OOM killer.",
		"Nov 23 09:41:09 laptop systemd[1]: tomcat.service: Failed with result 'oom-kill'.",
		"Nov 23 11:02:00 laptop kernel: Out of memory: Killed process 7120 (java) total-vm:9120344kB, anon-rss:4194304kB",
		"Nov 23 11:02:01 laptop systemd[1]: tomcat.service: A process of this unit has been killed by the OOM killer.",
		"Nov 23 11:02:02 laptop systemd[1]: tomcat.service: Failed with result 'oom-kill'.",
		"Nov 23 11:30:00 laptop kernel: Out of memory: Killed process 4391 (firefox) total-vm:2895120kB, anon-rss:654320kB")
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		// Each entry counts once, though the probe gives it twice.
		{"failed logins counted once", logins, "The journal shows 3 failed passwords.", "The journal shows 6 failed passwords."},
		{"failed logins of an address counted once", logins, "There were 2 failed login attempts from 198.51.100.7.",
			"There were 4 failed login attempts from 198.51.100.7."},
		// A count's address is of its own item, not of a later one.
		{"a count before an item of its part", logins, "That's 3 failed passwords, 2 of them from 198.51.100.7.",
			"That's 2 failed passwords, one of them from 192.0.2.44."},
		// Lines holding a quoted phrase.
		{"quoted phrase lines", logins, `sshd logged 3 "Failed password" lines: two from 198.51.100.7 and one from 192.0.2.44.`,
			`sshd logged 4 "Failed password" lines: two from 198.51.100.7 and one from 192.0.2.44.`},
		{"backticked phrase lines", logins, "The journal has 3 `Failed password` entries.", "The journal has 5 `Failed password` entries."},
		{"quoted phrase lines of an address", logins, `There are 2 "Failed password" entries from 198.51.100.7.`,
			`There are 3 "Failed password" entries from 198.51.100.7.`},
		// "X failed N times", "N failures from X": of its item's address
		// or user.
		{"an address failed N times", logins, "198.51.100.7 failed twice (admin and oracle), and 192.0.2.44 failed once as root.",
			"198.51.100.7 failed three times (admin and oracle), and 192.0.2.44 failed once as root."},
		{"a user failed N times", logins, "The login for root failed once, from 192.0.2.44.", "The login for root failed twice, from 192.0.2.44."},
		{"failures from an address", logins, "There were 2 failures from 198.51.100.7 and one from 192.0.2.44.",
			"There were 3 failures from 198.51.100.7 and one from 192.0.2.44."},
		// Entries in all, or of one identifier; not those a qualifier selects.
		{"journal entries", EvidenceText(scenario(t, "server")), "The journal has 5 entries.", "The journal has 4 entries."},
		{"one identifier's entries", logins, "The log has 3 sshd lines.", "The journal has 2 entries from sshd."},
		{"entries a qualifier selects", logins, "The journal has 2 lines about 198.51.100.7.", ""},
		// OOM kills: all of them, or the named process's or unit's.
		{"OOM kills in all", kills, "The journal shows three OOM kills, at 09:41:07, 11:02:00 and 11:30:00.",
			"The journal shows just one OOM kill, at 11:30:00, when firefox was killed."},
		{"OOM kills of a process", kills, "java was OOM-killed twice, as PIDs 6650 and 7120.", "java was OOM-killed three times."},
		{"OOM kills of a unit", kills, "The tomcat service has been killed by the OOM killer twice today.",
			"The tomcat service has been killed by the OOM killer three times today."},
		{"a count of another verb", kills, "java was OOM-killed and Tomcat restarted twice, the second time at 11:02:01.", ""},
		{"OOM kill of a PID", kills, "PID 4391 was OOM-killed once, at 11:30:00.", ""},
		{"one OOM kill opening a list", kills, "There was one OOM kill at 09:41:07, another at 11:02:00 and a third at 11:30:00.", ""},
		{"the OOM killer fired", laptop, "The OOM killer fired once, killing java (PID 6650).", "The OOM killer fired twice this morning."},
		{"the only OOM kill, said so", laptop, "The only OOM kill was java (PID 6650) at 09:41:07.", ""},
		{"the only OOM kill of several", kills, "", "The only OOM kill was java (PID 6650) at 09:41:07."},
		{"a process never killed", laptop, "java was OOM-killed once, at 09:41:07.", "nginx was OOM-killed once, at 09:41:07."},
		{"no OOM kills", server, "There were no OOM kills; backup.service failed at 02:00:05.", ""},
		{"no OOM kills over one", laptop, "No OOM kills since the reboot; nginx (PID 930) is running.", "There were no OOM kills; nginx (PID 930) is running."},
		{"the only OOM kill", laptop, "The journal shows just one OOM kill: java (PID 6650) at 09:41:07.", "The journal shows two OOM kills."},
	})
}
