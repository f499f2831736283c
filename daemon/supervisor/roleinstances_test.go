package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// roleInput is a hand-written ps table: an nginx master and three
// workers, and gunicorn processes whose titles give no role.
func roleInput() Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.TopMemory, Command: "ps aux --sort=-%mem", Stdout: "" +
				"USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n" +
				"www-data    5101  0.0  0.3 220344 40212 ?        S    09:58   0:01 nginx: worker process\n" +
				"www-data    5102  0.0  0.3 220344 40100 ?        S    09:58   0:01 nginx: worker process\n" +
				"www-data    5103  0.0  0.3 220344 39900 ?        S    09:58   0:01 nginx: worker process\n" +
				"root        5100  0.0  0.2 210000 30000 ?        Ss   09:58   0:00 nginx: master process /usr/sbin/nginx\n" +
				"app         6001  0.1  0.4 300000 50000 ?        S    09:58   0:03 /usr/bin/python3 /usr/bin/gunicorn app:wsgi\n" +
				"app         6002  0.1  0.4 300000 50000 ?        S    09:58   0:03 /usr/bin/python3 /usr/bin/gunicorn app:wsgi\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestRoleInstances: "nginx has a master process … and 3 worker
// processes" counts the program's rows whose title gives that role; the
// count's name ("worker") anchored nothing, so it passed unchecked. A
// program whose titles give no role is not judged.
func TestRoleInstances(t *testing.T) {
	judgeQuoted(t, roleInput(), []quotedCase{
		{"nginx runs a master process, PID 5100, and 3 worker processes [2-5].", ""},
		{"nginx runs a master process, PID 5100, and 4 worker processes [2-5].", "not nginx worker (4 processes)"},
		{"gunicorn (PID 6001) runs 5 worker processes [6, 7].", ""}, // no row says "gunicorn: worker": unknown
	})
	// host56: nginx's two "nginx: worker process" rows (heldout62.txt:72 said 3).
	judgeQuoted(t, scenario(t, "host56"), []quotedCase{
		{"nginx has a master process, PID 24100, and 2 worker processes [11, 12, 15].", ""},
		{"nginx has a master process, PID 24100, and 3 worker processes [11, 12, 15].", "not nginx worker (3 processes)"},
	})
	// host53: nginx's workers run as postgres there.
	judgeQuoted(t, scenario(t, "host53"), []quotedCase{
		{"nginx (PID 27220) has 2 worker processes [21-23].", ""},
		{"nginx (PID 27220) has 4 worker processes [21-23].", "not nginx worker (4 processes)"},
	})
}
