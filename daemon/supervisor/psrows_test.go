package supervisor

import "testing"

// TestKernelRows checks the one kernel-thread test of a ps row, by PID
// and by name: VSZ 0 and a bracketed name alone; a bracketed name with
// memory is a user-space process named like a kernel thread.
func TestKernelRows(t *testing.T) {
	ps := "probe top_cpu ps aux\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"root 77 0.3 0.0 0 0 ? S 08:00 0:01 [kdamond.0]\n" +
		"root 5120 40.0 1.2 123456 20000 ? S 08:00 9:01 [kminer]\n"
	checkPairs(t, []pair{
		{"by name", ps, "The kernel thread kdamond.0 is at 0.3% CPU.", "The kernel thread kminer is at 40.0% CPU."},
		{"by PID", ps, "PID 77 is a kernel thread at 0.3% CPU.", "PID 5120 is a kernel thread at 40.0% CPU."},
	})
}

// TestCommandName checks a command's program name, and that a blank
// command has none.
func TestCommandName(t *testing.T) {
	for cmd, want := range map[string]string{"[kdamond.0]": "kdamond", "/usr/bin/java -Xmx2g": "java", "  ": "", "": ""} {
		if got := commandName(cmd); got != want {
			t.Errorf("commandName(%q) = %q, want %q", cmd, got, want)
		}
	}
}
