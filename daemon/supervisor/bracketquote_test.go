package supervisor

import "testing"

// TestCommentedQuotes checks a quoted log message with a bracket of
// comment after it (bracketquote.go): it names no process, so the times
// and figures after it belong to the entity before it; a quote with a PID
// bracket still names one. And a number after "status" or "code" is an
// exit status, not a port, however near a "port" before it.
func TestCommentedQuotes(t *testing.T) {
	host31 := EvidenceText(scenario(t, "host31"))
	host33 := EvidenceText(scenario(t, "host33"))
	checkPairs(t, []pair{
		{"a time after a commented quote", host31,
			`At 19:34:21 certbot logged "Challenge failed for domain shop.example.org" (the ACME check), and its main process exited at 19:34:19.`,
			`At 19:34:21 certbot logged "Challenge failed for domain shop.example.org" (the ACME check), and its main process exited at 19:04:30.`},
		{"an exit field after a commented quote", host33,
			`At 19:16:01 systemd logged "Failed to start backup.service - Nightly pg_dump to /mnt/archive" (the nightly dump), after the main process exited with status=2/INVALIDARGUMENT at 19:15:59.`,
			`At 19:16:01 systemd logged "Failed to start backup.service - Nightly pg_dump to /mnt/archive" (the nightly dump), after the main process exited at 20:15:59.`},
		{"an exit status near a port", host33,
			"node listens on 3000, and app.service exited with status=11 at 19:31:09.",
			"node listens on 3000, and app.service exited with status=13 at 19:31:09."},
		{"an exit status apart near a port", host33,
			"node listens on 3000, and app.service exited with status 11 (SEGV) at 19:31:09.",
			"node listens on 3000, and app.service exited with status 13 (SEGV) at 19:31:09."},
	})
	ix := newIndex(host31)
	for _, tc := range []struct {
		answer string
		proc   bool
	}{
		{`certbot logged "Challenge failed for domain shop.example.org" (the ACME check).`, false},
		{`The "Challenge failed for domain shop.example.org" (PID 3402) line.`, true},
	} {
		claims, _ := extractAll(tc.answer, ix.entities, ix.verbatim)
		for _, c := range claims {
			if c.key == "challenge failed for domain shop.example.org" && (c.class == classProcess) != tc.proc {
				t.Errorf("%q: the quote's class is %d, want a process: %v", tc.answer, c.class, tc.proc)
			}
		}
	}
}
