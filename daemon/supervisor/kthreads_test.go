package supervisor

import "testing"

// TestKernelThreads: a process called a kernel thread must show VSZ 0 and
// a bracketed name alone in ps.
func TestKernelThreads(t *testing.T) {
	host30 := EvidenceText(scenario(t, "host30"))
	host16 := EvidenceText(scenario(t, "host16"))
	checkPairs(t, []pair{
		{"a kernel worker by PID", host30,
			"PID 44 [kworker/1:1H-kblockd] is a kernel worker thread, idle at 0% CPU.",
			"PID 22241 is a kernel worker thread at 95.3% CPU, just kernel housekeeping."},
		{"a kernel thread by PID in parentheses", host16,
			"kworker/0:1-events (PID 11) is a kernel thread.",
			"pg_dumpall-nightly (PID 7745) is a kernel thread at 60.2% CPU."},
		{"the kernel thread named after another PID", host30,
			"clamscan (PID 22241) is at 95.3%, followed by the kernel thread kdamond.0.",
			"mongod is busy, and the kernel thread clamscan (PID 22241) is at 95.3%."},
		{"the kernel thread by name alone", host30,
			"The kernel thread kworker/1:1H-kblockd is idle.",
			"Next comes the kernel thread clamscan at 95.3% CPU."},
		{"the subject before the descriptor, after another PID", host30,
			"clamscan (PID 22241) is at 95.3%, and kworker/1:1H-kblockd (PID 44) is a kernel thread.",
			"kworker/1:1H-kblockd (PID 44) is idle, and clamscan (PID 22241) is a kernel thread."},
		{"a named subject before the descriptor", host30,
			"clamscan (PID 22241) is busy, while kdamond.0 is a kernel thread.",
			"PID 44 is idle, while clamscan is a kernel thread."},
		{"not a kernel thread", host16,
			"PID 7745 is not a kernel thread: it has a command line and 2592 KiB VSZ.", ""},
	})
}
