package supervisor

import "testing"

// TestListedRows checks a count of processes said of a process list: the
// number of its distinct PIDs, on a capture whose list is whole (host58,
// 17 processes) and on one whose list the probe cut (host10, 50 of 90).
func TestListedRows(t *testing.T) {
	whole := EvidenceText(scenario(t, "host58"))
	cut := EvidenceText(scenario(t, "host10"))
	checkPairs(t, []pair{
		{"the list's rows", whole, "The process list shows 17 processes.", "The process list shows 16 processes."},
		{"every process of a whole list", whole, "There are 17 processes running.", "There are 18 processes running."},
		{"some of the rows", whole, "", "The process list shows 17 processes using over 1% of memory."},
		{"a cut list's rows", cut, "The ps output lists 50 processes.", "The ps output lists 49 processes."},
		{"every process of a cut list", cut, "", "There are 50 processes running on this machine."},
	})
}
