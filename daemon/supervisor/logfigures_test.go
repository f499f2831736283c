package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

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

// TestLogFigureEvent: a figure quoted from a log line may be printed by
// another line its program logged within eventWindow seconds (the kernel
// prints a cgroup's usage just before the kill it causes), but not by one
// logged minutes later.
func TestLogFigureEvent(t *testing.T) {
	logs := "Nov 24 23:11:14 ci-03 kernel: cc1plus invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n" +
		"Nov 24 23:11:14 ci-03 kernel: memory: usage 2097148kB, limit 2097152kB, failcnt 4821\n" +
		"Nov 24 23:11:15 ci-03 kernel: Memory cgroup out of memory: Killed process 1122 (cc1plus) total-vm:1845680kB, anon-rss:1842176kB, file-rss:2024kB, shmem-rss:0kB, UID:987 pgtables:3640kB oom_score_adj:0\n" +
		"Nov 24 23:14:02 ci-03 kernel: memory: usage 524288kB, limit 2097152kB, failcnt 0\n"
	journal := EvidenceText(Input{Results: []rpc.ProbeResult{{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: logs}}})
	checkPairs(t, []pair{
		{"usage logged a second before the kill", journal,
			"The kernel ended the build with a cgroup OOM kill at 2097148 kB.",
			"The kernel ended the build with a cgroup OOM kill at 524288 kB."},
	})
}
