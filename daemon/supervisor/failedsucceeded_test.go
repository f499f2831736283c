package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// sshTriesInput is a hand-written journal: two failed passwords for an
// invalid user, a failed root password and an accepted key for alice.
func sshTriesInput() Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
				"Nov 24 10:00:01 bastion sshd[700]: Failed password for invalid user admin from 198.51.100.9 port 40112 ssh2\n" +
				"Nov 24 10:00:05 bastion sshd[700]: Failed password for invalid user admin from 198.51.100.9 port 40112 ssh2\n" +
				"Nov 24 10:02:30 bastion sshd[731]: Failed password for root from 198.51.100.9 port 40180 ssh2\n" +
				"Nov 24 10:05:12 bastion sshd[760]: Accepted publickey for alice from 10.0.0.4 port 51000 ssh2\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestFailedLoginSucceeded: a login said to have succeeded at a time
// whose only line is a failed password is false; the failures of an
// earlier phrase set off by a comma ("after two failed attempts as
// deploy, the root login at 07:10:34 succeeded") are not this clause's
// own, so they do not make it a try (heldout70.txt:42).
func TestFailedLoginSucceeded(t *testing.T) {
	judgeQuoted(t, sshTriesInput(), []quotedCase{
		{"After two failed attempts as admin, alice's login at 10:05:12 succeeded.", ""},
		{"After two failed attempts as admin, the root login at 10:02:30 succeeded.", "10:02:30 (a failed attempt: succeeded)"},
		{"After two failed attempts as admin, the root login at 10:02:30 failed too.", ""},
		{"The root login at 10:02:30 was successful.", "10:02:30 (a failed attempt: successful)"},
	})
	judgeQuoted(t, scenario(t, "host59"), []quotedCase{
		{"The SSH attacker at 203.0.113.205 did not get in: after two failed attempts as deploy [148, 149], the root login at 07:10:34 failed too [163].", ""},
		{"The SSH attacker at 203.0.113.205 got in: after two failed attempts as deploy [148, 149], the root login at 07:10:34 succeeded [163].", "07:10:34 (a failed attempt: got in)"},
	})
}
