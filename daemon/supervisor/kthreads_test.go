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
		{"not a kernel thread", host16,
			"PID 7745 is not a kernel thread: it has a command line and 2592 KiB VSZ.", ""},
	})
}
