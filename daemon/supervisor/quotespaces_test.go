package supervisor

import "testing"

// TestQuoteSpaces checks a quotation with one space where the line pads
// its words with two, or a tab: its words, their order and their bounds
// still count.
func TestQuoteSpaces(t *testing.T) {
	log := "probe system_logs journalctl -p warning..alert -n 200 --no-pager\n" +
		"Nov 24 10:00:01 web1 apt-get[900]: Err:3 http://deb.example.org stable InRelease  403  Forbidden [IP: 192.0.2.9 80]\n" +
		"Nov 24 10:00:02 web1 backupd[910]: upload failed:\tquota\texceeded\n"
	checkPairs(t, []pair{
		{"two spaces", log, `apt-get logged "403 Forbidden" from 192.0.2.9.`, `apt-get logged "404 Forbidden" from 192.0.2.9.`},
		{"a tab", log, `backupd said "upload failed: quota exceeded".`, `backupd said "upload failed: quota reached".`},
		{"a word left out", log, "", `apt-get logged "InRelease Forbidden".`},
	})
}
