package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// statesInput is a hand-written ps aux: a running niced job, a sleeping
// session leader and a zombie.
func statesInput() Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.TopCPU, Command: "ps aux --sort=-%cpu", Stdout: "" +
				"USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n" +
				"backup      3100 41.0  0.5 120344 40212 ?        RNs  09:58   1:02 rsync -a /srv/ backup:/srv/\n" +
				"www-data    3211  2.0  1.5 220344 90212 ?        Ss   09:50   0:12 gunicorn app:main\n" +
				"www-data    3290  0.0  0.0      0     0 ?        Z    09:51   0:00 [python3] <defunct>\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestProcessStates: a state said of a process is its ps STAT; no rule
// read it, so "reprepro PID 1437 is in state Rs" passed where ps prints
// Ss (heldout71.txt:41). One letter agrees with ps's modifiers after it.
func TestProcessStates(t *testing.T) {
	judgeQuoted(t, statesInput(), []quotedCase{
		{"rsync (PID 3100) is in state RNs, niced.", ""},
		{"rsync (PID 3100) is in state R (running).", ""},
		{"rsync (PID 3100) is in state S.", "state s of 3100"},
		{"gunicorn's state is sleeping.", ""},
		{"gunicorn's state is Rs.", "state rs of gunicorn"},
		{"PID 3290 is in state Z, a zombie.", ""},
		{"PID 3290 is in state D.", "state d of 3290"},
	})
	judgeQuoted(t, scenario(t, "host59"), []quotedCase{
		{"reprepro PID 1437 is in state Ss [19].", ""},
		{"reprepro PID 1437 is in state Rs [19].", "state rs of 1437"},
	})
}
