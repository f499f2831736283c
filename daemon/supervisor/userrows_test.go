package supervisor

import "testing"

// A count of one user's processes is the number of a process list's rows
// with that user in the USER column, not the same figure anywhere else in
// the evidence; where the list is cut, a count above its rows is not
// judged, but one below them still is.
func TestUserRows(t *testing.T) {
	h57 := EvidenceText(scenario(t, "host57"))
	h60 := EvidenceText(scenario(t, "host60"))
	cut := "probe top_memory ps aux\nnote: listed the 3 processes that use the most, of 90\n" +
		"USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"www-data 4100 12.0 2.0 90000 41000 ? S 10:00 0:09 php-fpm: pool www\n" +
		"www-data 4101 11.0 2.0 90000 41000 ? S 10:00 0:09 php-fpm: pool www\n" +
		"systemd+ 4200 30.0 4.0 95000 82000 ? S 10:00 0:21 /lib/systemd/systemd-resolved\n" +
		"probe disk df\nFilesystem Size Used Avail Use% Mounted on\n/dev/sda1 40G 13G 27G 33% /\n"
	checkPairs(t, []pair{
		{"root's rows of a capture", h57, "The process list shows the processes; 38 of them run as root.",
			"The process list shows the processes; 36 of them run as root."},
		{"a figure printed elsewhere", h60, "There are 31 processes in the list. 20 of them run as user postgres.",
			"There are 31 processes in the list. 22 of them run as user postgres."},
		{"owned by a cut user name", h60, "", "13 processes are owned by prometheus."},
		{"a cut list", cut, "", "Of the 90 processes, 13 processes run as www-data."},
	})
}
