package supervisor

import "testing"

// TestTopRowBound checks a bound said of the top row ("even the largest
// process uses less than 3%"): every row below it, or one above it; an
// ordinal ("the second largest") is not the top row.
func TestTopRowBound(t *testing.T) {
	ps := "probe top_memory ps aux --sort=-%mem\n" +
		"USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n" +
		"mysql     1201 14.2  4.6 2410000 760000 ?      Ssl  08:00   1:10 /usr/sbin/mysqld\n" +
		"www-data  1310  2.1  1.2 310000 198000 ?       S    08:00   0:09 php-fpm: pool www\n" +
		"root       640  0.3  0.4  90000  66000 ?       Ss   08:00   0:01 /usr/sbin/sshd -D\n"
	checkPairs(t, []pair{
		{"the largest under", ps, "Even the largest process uses less than 5% of memory.", "Even the largest process uses less than 4% of memory."},
		{"the biggest above", ps, "The biggest memory user takes more than 4% of RAM.", "The biggest memory user takes more than 5% of RAM."},
		{"the busiest above", ps, "The busiest process uses more than 10% CPU.", "The busiest process uses more than 15% CPU."},
		{"the second largest", ps, "", "The second largest process uses more than 4% of memory."},
	})
}
