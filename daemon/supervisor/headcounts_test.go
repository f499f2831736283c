package supervisor

import "testing"

// TestHeadingCounts: a count heading a list it does not count is the
// count of all the listeners; one that counts its list is a choice.
func TestHeadingCounts(t *testing.T) {
	laptop := evidence(t, "ss.txt")
	checkPairs(t, []pair{
		{"count over a list of fewer items", laptop, "4 TCP listeners: 22 (IPv4 and IPv6), 80 and 631.", "5 TCP listeners: 22 (IPv4 and IPv6), 80 and 631."},
		{"count over a list with a bracketed pair", laptop, "Three TCP ports: 22 (v4 and v6), 80 (nginx) and 631.", "Six TCP listeners: 22 (v4 and v6), 80 and 631."},
		{"count of its own list", laptop, "Two listeners: 22 and 80.", ""},
		{"list of them all leaves none out", laptop, "3 TCP ports: 22 (v4 and v6), 80 (nginx) and cupsd on 127.0.0.1.", "3 TCP ports: 22 (v4 and v6) and 80."},
	})
}
