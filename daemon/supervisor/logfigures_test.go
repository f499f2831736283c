package supervisor

import "testing"

// TestLogFigures: a figure given as what a log line says must be that
// line's (or its event's), not the same program's figure in ps.
func TestLogFigures(t *testing.T) {
	web := EvidenceText(scenario(t, "host31"))
	mail := EvidenceText(scenario(t, "host38"))
	checkPairs(t, []pair{
		{"OOM line's anon-rss, not ps's RSS", web,
			"The kernel's OOM killer killed java with an anon-rss of 3921412 kB.",
			"The kernel's OOM killer killed java with an anon-rss of 1537284 kB."},
		{"allocation failure's size", mail,
			"At 21:51:15 clamd couldn't allocate 1291524 KiB for the signature database, so the reload failed.",
			"At 21:51:15 clamd couldn't allocate 318624 KiB for the signature database, so the reload failed."},
		{"ps figure beside the event, not quoted from it", mail,
			"The reload failed at 21:51:15, and the new clamd (PID 27151) now uses 318624 KiB.",
			"The reload failed at 21:51:15, and the new clamd (PID 27151) now uses 1291524 KiB."},
	})
}
