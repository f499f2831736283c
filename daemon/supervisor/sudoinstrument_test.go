package supervisor

import "testing"

// TestSudoInstrument: "restarted prometheus via sudo" tells the command
// as run, so a time whose only sudo line records wrong passwords denies
// it; a line of sudo running the command grounds it.
func TestSudoInstrument(t *testing.T) {
	db1, mon := EvidenceText(scenario(t, "host33")), EvidenceText(scenario(t, "host56"))
	own := "probe system_logs journalctl -p notice\n" +
		"Nov 24 10:00:01 web1 sudo[812]:    alice : TTY=pts/0 ; PWD=/home/alice ; USER=root ; COMMAND=/usr/bin/systemctl restart nginx\n" +
		"Nov 24 10:05:13 web1 sudo[840]:    alice : 3 incorrect password attempts ; TTY=pts/0 ; PWD=/home/alice ; USER=root ; COMMAND=/usr/bin/systemctl restart nginx\n"
	checkPairs(t, []pair{
		{"a sudo that ran", own, "At 10:00:01 alice restarted nginx via sudo.",
			"At 10:05:13 alice restarted nginx via sudo."},
		{"a sudo with wrong passwords", db1, "At 20:11:59 alice tried to restart postgresql with sudo but entered a wrong password 3 times.",
			"At 20:11:59 alice restarted postgresql with sudo."},
		{"a sudo said to succeed", mon, "At 03:58:40 mkowalski failed to restart prometheus via sudo: 3 incorrect password attempts.",
			"mkowalski successfully restarted prometheus via sudo at 03:58:40."},
	})
}
