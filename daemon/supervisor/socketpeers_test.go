package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// socketPeersInput is a small hand-written capture: a client whose
// journal line names the server it could not log in to only by its
// address and port, and two servers, postgres on that port and mysqld on
// another.
func socketPeersInput() Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.TopCPU, Command: "ps aux --sort=-%cpu", Stdout: "" +
				"USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n" +
				"postgres     700  0.3  1.1 251312 31040 ?        Ss   08:00   0:04 /usr/lib/postgresql/16/bin/postgres -D /var/lib/postgresql/16/main\n" +
				"mysql        810  0.2  4.0 912344 98212 ?        Ssl  08:00   0:09 /usr/sbin/mysqld\n"},
			{Probe: probes.ListeningPorts, Command: "ss -tulpn", Stdout: "" +
				"Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
				"tcp   LISTEN 0      244        127.0.0.1:5432      0.0.0.0:*     users:((\"postgres\",pid=700,fd=5))\n" +
				"tcp   LISTEN 0      151        127.0.0.1:3306      0.0.0.0:*     users:((\"mysqld\",pid=810,fd=21))\n"},
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
				"Nov 24 10:00:01 db1 billing-sync[2300]: psql: error: connection to server at \"127.0.0.1\", port 5432 failed: FATAL:  password authentication failed for user \"billing\"\n" +
				"Nov 24 10:00:01 db1 systemd[1]: billing-sync.service: Failed with result 'exit-code'.\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestSocketPeerCauses: a cause said of a client may name the server its
// line reaches by address and port (postgres's socket on 127.0.0.1:5432),
// on the whole evidence and on the client's cited line alone; a server
// that listens elsewhere (mysqld on 3306) is still no cause of it.
func TestSocketPeerCauses(t *testing.T) {
	judgeQuoted(t, socketPeersInput(), []quotedCase{
		{"billing-sync.service failed because of a failed PostgreSQL password authentication.", ""},
		{"billing-sync.service failed because of a failed MySQL password authentication.", "cause: mysql"},
		{"billing-sync.service failed because of a failed PostgreSQL password authentication [7, 8].", ""},
		{"billing-sync.service failed because of a failed MySQL password authentication [7, 8].", "MySQL"},
		{"At 10:00:01 billing-sync could not log in to PostgreSQL at 127.0.0.1 port 5432 [7].", ""},
		{"At 10:00:01 billing-sync could not log in to MySQL at 127.0.0.1 port 5432 [7].", "MySQL"},
	})
}

// TestSocketPeerServerCauses: a cause said of the server (postgres,
// listening on 127.0.0.1:5432 on host57) may read the line of a client
// that failed to log in there; a cause no such line gives is still
// invented.
func TestSocketPeerServerCauses(t *testing.T) {
	judgeQuoted(t, scenario(t, "host57"), []quotedCase{
		{"PostgreSQL at 127.0.0.1 port 5432 turned psql away because password authentication failed for user \"cdrexport\".", ""},
		{"PostgreSQL at 127.0.0.1 port 5432 turned psql away because its disk was full.", "cause: full"},
	})
}

// TestRejectedLogin: a server "rejected the password" is what its
// client's line logs as "password authentication failed"; what it is said
// to have rejected must still be on the line.
func TestRejectedLogin(t *testing.T) {
	judgeQuoted(t, socketPeersInput(), []quotedCase{
		{"billing-sync.service failed because PostgreSQL rejected the password for user \"billing\".", ""},
		{"billing-sync.service failed because PostgreSQL rejected the certificate for user \"billing\".", "cause: certificate"},
		{"billing-sync.service failed because MySQL rejected the password for user \"billing\".", "cause: mysql"},
		{"billing-sync.service failed because PostgreSQL rejected the password for user \"billing\" [7, 8].", ""},
	})
}
