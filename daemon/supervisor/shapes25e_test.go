package supervisor

import "testing"

// Shapes of round 25–26: counts a predicate selects, sums after lists,
// differences and factors, CPU capacity, port owners, cut-off replies.
func TestRound25Shapes(t *testing.T) {
	node := "probe top_memory ps aux --sort=-%mem\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"root 5101 2.0 9.1 2300000 2200000 ? S 10:00 0:10 /usr/bin/node server.js\n" +
		"root 5102 1.0 6.0 1500000 1450000 ? S 10:00 0:05 /usr/bin/node worker.js\n" +
		"root 5200 0.5 3.0 800000 730000 ? S 10:00 0:02 /usr/sbin/mysqld\n" +
		"root 5103 0.1 0.2 60000 50000 ? S 10:00 0:00 /usr/bin/node health.js\n"
	tests := []pair{
		{"instances a predicate selects", node, "Two node processes hold the most memory: PID 5101 and PID 5102.", "Four node processes hold the most memory."},
		{"instances that dominate", node, "Two node processes dominate memory.", "Four node processes dominate memory."},
		{"selected instances are the name's", node, "Two node processes are the biggest: PID 5101 and PID 5102.", "Two node processes are the biggest: PID 5101 and PID 5200."},
		{"PIDs a count of instances names", node, "Two node processes hold the most memory, more than mysqld (PID 5200).", "There are three node processes: PID 5101, 5102 and 5200."},
		{"bare count of instances stays exact", node, "There are three node processes.", "There are two node processes."},
		{"ranked count of instances", node, "The top two node processes by memory are PID 5101 and PID 5102.", "The top four node processes by memory are PID 5101 and PID 5102."},
	}
	checkPairs(t, tests)
}
