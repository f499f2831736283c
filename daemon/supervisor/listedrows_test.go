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

// TestListedRowsFigureElsewhere: a wrong count of a list's rows is not
// grounded by the same figure elsewhere in the evidence (a date's "25",
// a row's "18"); the list's rows decide it. A count whose clause goes on
// ("with …", "which …") may be of some rows and is left to other rules.
func TestListedRowsFigureElsewhere(t *testing.T) {
	whole := EvidenceText(scenario(t, "host58"))
	nas := EvidenceText(scenario(t, "host65"))
	checkPairs(t, []pair{
		{"a list's rows, not a date", nas, "There are 23 processes in the memory list.", "There are 25 processes in the memory list."},
		{"a bold count", nas, "The process list shows **23 processes**. The largest is syncthing.", "The process list shows **25 processes**. The largest is syncthing."},
		{"another capture's list", whole, "The memory list shows 17 processes.", "The memory list shows 18 processes."},
		{"some rows, by a clause", nas, "The list shows 3 processes which belong to smbd users.", ""},
		{"a cut list's total", EvidenceText(scenario(t, "host10")), "The process list reports 90 processes in total.", "The process list reports 91 processes in total."},
	})
}
