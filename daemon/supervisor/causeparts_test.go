package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// journalEvidence is the evidence of a journal probe printing log.
func journalEvidence(log string) string {
	return EvidenceText(Input{Results: []rpc.ProbeResult{{Probe: probes.SystemLogs,
		Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: log}}})
}

// TestCauseWordParts checks that a causal clause's words are found as the
// parts of a hyphenated name ("shipper" of "log-shipper:1.8.3"), that a
// mail server is what a line calls email or smtp, and that "After it come
// X and Y" ranks rather than explains; an invented cause is still caught.
func TestCauseWordParts(t *testing.T) {
	pull := journalEvidence(`Nov 25 04:35:30 node1 containerd[900]: PullImage "docker.io/acme/cert-renewer:2.1" failed: docker.io/acme/cert-renewer:2.1: not found
`)
	notify := journalEvidence(`Nov 25 04:28:49 mon1 alertmanager[700]: level=error msg="Notify for alerts failed" err="ops-email/email[0]: establish connection to server: dial tcp 10.1.2.3:587: connect: connection refused"
`)
	cpu := EvidenceText(scenario(t, "host37"))
	checkPairs(t, []pair{
		{"a part of a hyphenated image name", pull,
			"The cert-renewer container can't start because docker.io/acme/cert-renewer:2.1 was not found.",
			"The cert-renewer container can't start because docker.io/acme/cert-updater:2.1 was not found."},
		{"a mail server is the email notifier's server", notify,
			"alertmanager failed to send email because the mail server 10.1.2.3:587 refused the connection.",
			"alertmanager failed to send email because the database server 10.1.2.3:587 refused the connection."},
		{"after it come ranks", cpu,
			"The process using the most CPU is fail2ban-server (PID 26967) at 103% CPU. After it come named at 18.5% and clamd at 8.9%.",
			"The process using the most CPU is fail2ban-server (PID 26967) at 103% CPU. After it come named at 18.5% and clamd at 9.8%."},
		{"after it with another verb is still a cause", EvidenceText(scenario(t, "host53")), "",
			"The kernel killed java (PID 19437) after it ran out of disk space."},
	})
}
