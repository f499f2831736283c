package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestClientPorts: a PostgreSQL backend's ps title writes its client as
// "address(port)", so the bracketed number is that client's port
// (clientports.go); another backend's client port is still not this
// one's, and a port no title gives is still missing.
func TestClientPorts(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.TopMemory, Command: "ps aux --sort=-%mem", Stdout: "USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
			"postgres 2301 0.0 0.2 410000 61000 ? Ss 09:00 0:00 postgres: 16/main: shop billing 10.1.2.3(41822) idle in transaction\n" +
			"postgres 2302 0.0 0.2 410000 52000 ? Ss 09:00 0:00 postgres: 16/main: shop billing 10.1.2.4(41990) idle\n"},
	}})
	checkPairs(t, []pair{
		{"a backend's client port", ev,
			"PID 2301 is connected from 10.1.2.3 port 41822.",
			"PID 2301 is connected from 10.1.2.3 port 41990."},
		{"a port no title gives", ev, "", "PID 2301 is connected from 10.1.2.3 port 41823."},
	})
	judgeCitedPairs(t, "host60", [][2]string{
		{"PID 1911, user `app` on database `orders`, is connected from 10.0.5.21 port 51234 [10].",
			"PID 1911, user `app` on database `orders`, is connected from 10.0.5.21 port 48020 [10, 11]."},
	})
}
