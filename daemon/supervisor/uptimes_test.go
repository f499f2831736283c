package supervisor

import "testing"

// TestUptimeRounding: a plain elapsed time may round the span from PID 1's
// start to the newest timestamp, or cut it at its last digit, as uptime
// prints days; not more. Without PID 1 the earliest start stands in.
func TestUptimeRounding(t *testing.T) {
	rows := func(pid1 bool, newest string) string {
		init := "command /sbin/init pid 1 start 2026-11-14T10:00:00Z stat Ss\n"
		if !pid1 {
			init = "command /usr/sbin/cron pid 412 start 2026-11-14T10:00:00Z stat Ss\n"
		}
		return init + "command nginx pid 930 start " + newest + " stat S\n"
	}
	short := rows(true, "2026-11-24T12:00:00Z") // 10 days 2 hours
	long := rows(true, "2026-11-25T00:00:00Z")  // 10 days 14 hours
	noInit := rows(false, "2026-11-24T12:00:00Z")
	checkPairs(t, []pair{
		{"10 days 2 hours is not 11 days", short,
			"The machine has been up for 10 days.", "The machine has been up for 11 days."},
		{"10 days 2 hours is about 10 days", short,
			"The machine has been up for about 10 days.", "The machine has been up for about 13 days."},
		{"10 days 14 hours rounds up", long,
			"The machine has been up for 11 days.", "The machine has been up for 12 days."},
		{"10 days 14 hours cut at the day", long,
			"Uptime: 10 days.", "Uptime: 9 days."},
		{"no PID 1: the earliest start", noInit,
			"The machine has been up for 10 days.", "The machine has been up for 3 days."},
	})
}
