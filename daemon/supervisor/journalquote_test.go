package supervisor

import "testing"

// TestJournalAfterLongQuote checks that a quoted journal line holding ". "
// before a link or a killed PID does not shift the sentences the journal
// rules read away from the ones their claims are numbered by.
func TestJournalAfterLongQuote(t *testing.T) {
	line := "Nov 24 08:00:01 host diskcheck[812]: Disk check done. Nothing to report on any volume today."
	extra := "\nprobe system_logs journalctl -p warning -b\n" + line + "\n"
	server := EvidenceText(scenario(t, "server")) + extra
	host32 := EvidenceText(scenario(t, "host32")) + extra
	quote := `The journal says "` + line + `". `
	for _, before := range []string{"", quote} {
		where := map[string]string{"": " alone", quote: " after a quoted line"}[before]
		checkPairs(t, []pair{
			{"effect of the sentence before's event" + where, server,
				before + "rsync could not write /srv/data/db.tar at 02:00:04. That is what caused backup.service to fail.",
				before + "The kernel warned about md0's directory index at 03:14:22. That is what caused certbot to fail at 09:12:55."},
			{"PID of a kill beside a restarted process" + where, host32,
				before + "At 20:14 the OOM killer killed java, PID 29962, and billing came back as PID 31200.",
				before + "At 20:14 the OOM killer killed the billing Java process, PID 31200, and billing.service failed."},
		})
	}
}
