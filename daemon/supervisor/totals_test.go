package supervisor

import "testing"

// TestProcessTotals: a count of every process is the probe's total, not
// the length of its list; counts of the list itself stay valid.
func TestProcessTotals(t *testing.T) {
	host14 := EvidenceText(scenario(t, "host14"))
	host10 := EvidenceText(scenario(t, "host10"))
	checkPairs(t, []pair{
		{"processes running in total", host14, "There are 110 processes running on this machine in total.", "There are 50 processes running on this machine in total."},
		{"there are N processes", host14, "There are 110 processes, and qemu (PID 19153) uses the most memory.", "There are 50 processes, and qemu (PID 19153) uses the most memory."},
		{"terse count", host14, "110 procs; qemu pid 19153 6.6% mem", "50 procs; qemu pid 19153 6.6% mem"},
		{"the machine runs N processes", host14, "The machine is running 110 processes.", "The machine is running 50 processes."},
		{"either probe's total", host10, "A total of 89 processes exist.", "A total of 50 processes exist."},
		{"running before the noun", host14, "The system has 110 running processes.", "The system has 50 running processes."},
		{"label of all processes", host14, "Total processes: 110", "Total processes: 50"},
		{"process count label", host10, "Process count: 90.", "Process count: 50."},
		{"label of the list", host14, "Processes listed: 50", ""},
		{"the list's length is no total", host14, "ps listed 50 processes out of 110 in total.", "ps listed 50 processes out of 120 in total."},
		{"count of the list", host14, "The process list shows 50 processes; qemu (PID 19153) is first.", ""},
		{"top N", host14, "The top 10 processes include qemu (PID 19153).", ""},
	})
}
