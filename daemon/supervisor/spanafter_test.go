package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestSpanAfter: "both before and after the upgrade" tells when logins
// failed, on either side of an event, not what caused them (causes.go);
// "after the upgrade" alone still names a cause the lines must hold.
func TestSpanAfter(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 09:12:01 app01 sshd[3310]: Failed password for bob from 192.0.2.44 port 50122 ssh2\n" +
			"Nov 24 10:40:17 app01 sshd[4102]: Failed password for bob from 192.0.2.44 port 50310 ssh2\n"},
	}})
	checkPairs(t, []pair{
		{"before and after", ev,
			"sshd logged failed passwords for bob at 09:12:01 and 10:40:17. Bob's client seems to use a stale password, both before and after the upgrade.",
			"sshd logged failed passwords for bob at 09:12:01 and 10:40:17. Bob's logins failed after the upgrade."},
	})
	judgeCitedPairs(t, "host59", [][2]string{
		{"gitea PID 2240 logged a failed authentication attempt for jenkins at 07:10:29 [160]. The CI job for jenkins is using a wrong password for gitea, both before and after the restart.",
			"gitea PID 2240 logged a failed authentication attempt for jenkins at 07:10:29 [160]. The CI job for jenkins failed after the restart."},
	})
}
