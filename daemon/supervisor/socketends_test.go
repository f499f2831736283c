package supervisor

import (
	"fmt"
	"net/netip"
	"reflect"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// peerInput is a hand-written capture of a postgres listening on listen
// (ss's "address:port"), a machine whose own addresses are 127.0.0.1 and
// 10.0.5.25, and one journal line of a client that failed to log in.
func peerInput(listen, line string) Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.TopCPU, Command: "ps aux --sort=-%cpu", Stdout: "" +
				"USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n" +
				"postgres     700  0.3  1.1 251312 31040 ?        Ss   08:00   0:04 /usr/lib/postgresql/16/bin/postgres -D /var/lib/postgresql/16/main\n"},
			{Probe: probes.NetworkAddrs, Command: "ip addr show", Stdout: "" +
				"1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 state UNKNOWN qlen 1000\n" +
				"    inet 127.0.0.1/8 scope host lo\n" +
				"2: ens4: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 state UP qlen 1000\n" +
				"    inet 10.0.5.25/24 scope global ens4\n"},
			{Probe: probes.ListeningPorts, Command: "ss -tulpn", Stdout: "" +
				"Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
				"tcp   LISTEN 0      244     " + listen + "      0.0.0.0:*     users:((\"postgres\",pid=700,fd=5))\n"},
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
				"Nov 24 10:00:01 db1 billing-sync[2300]: " + line + "\n" +
				"Nov 24 10:00:01 db1 systemd[1]: billing-sync.service: Failed with result 'exit-code'.\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestSocketPeerFarEnd: a client's line reaches postgres's socket only by
// its far end, at the socket's own port and address, or at an address of
// this machine's when the socket listens on every address. The same port
// at another address ("127.0.0.10" is not "127.0.0.1"), a remote host's
// server on the port a wildcard socket holds, and a port the line gives
// its near end ("from … port 5432") are no connection to it.
func TestSocketPeerFarEnd(t *testing.T) {
	const (
		cause   = "billing-sync.service failed because of a failed PostgreSQL password authentication."
		refused = `psql: error: connection to server at %s, port 5432 failed: FATAL:  password authentication failed for user "billing"`
	)
	const cited = "billing-sync.service failed because of a failed PostgreSQL password authentication [9, 10]."
	for _, c := range []struct {
		listen, to, missing string
	}{
		{"127.0.0.1:5432", `"127.0.0.1"`, ""},
		{"0.0.0.0:5432", `"127.0.0.1"`, ""},
		{"0.0.0.0:5432", `"10.0.5.25"`, ""},
		{"[::]:5432", `"::1"`, ""},
		{"127.0.0.1:5432", `"localhost" (127.0.0.1)`, ""},
		{"127.0.0.1:5432", `"localhost"`, ""},
		{"127.0.0.1:5432", `"10.9.8.7"`, "cause: postgresql"},
		{"127.0.0.1:5432", `"127.0.0.10"`, "cause: postgresql"},
		{"0.0.0.0:5432", `"10.9.8.7"`, "cause: postgresql"},
		{"*:5432", `"10.9.8.7"`, "cause: postgresql"},
		{"0.0.0.0:5432", `"::1"`, "cause: postgresql"},
		{"10.0.5.25:5432", `"127.0.0.1"`, "cause: postgresql"},
		{"127.0.0.1:5432", `"localhost" (10.9.8.7)`, "cause: postgresql"},
		{"10.0.5.25:5432", `"localhost"`, "cause: postgresql"},
	} {
		line := fmt.Sprintf(refused, c.to)
		t.Run(c.listen+" "+c.to, func(t *testing.T) {
			judgeQuoted(t, peerInput(c.listen, line), []quotedCase{{cause, c.missing}, {cited, citedMissing(c.missing)}})
		})
	}
	for _, listen := range []string{"127.0.0.1:5432", "0.0.0.0:5432"} {
		near := `login from 127.0.0.1 port 5432: password authentication failed for user "billing"`
		judgeQuoted(t, peerInput(listen, near), []quotedCase{{cause, "cause: postgresql"}, {cited, "PostgreSQL"}})
	}
}

// citedMissing is what a cited answer misses when the uncited misses
// m: the cited lines lack the server's name.
func citedMissing(m string) string {
	if m == "" {
		return ""
	}
	return "PostgreSQL"
}

// TestLineEnds: the far end of a line is the endpoint after its connect
// phrase; a clock's seconds ("08:29:22") and the near end ("from … port
// 40222") are none.
func TestLineEnds(t *testing.T) {
	lo := netip.MustParseAddr("127.0.0.1")
	mx := netip.MustParseAddr("198.51.100.41")
	for _, c := range []struct {
		line string
		want []farEnd
	}{
		{`psql: error: connection to server at "127.0.0.1", port 5432 failed`, []farEnd{{addr: lo, port: 5432}}},
		{`ssh: connect to host 198.51.100.41 port 22: Connection refused`, []farEnd{{addr: mx, port: 22}}},
		{`status=deferred (connect to mx2.example[198.51.100.41]:25: Connection timed out)`, []farEnd{{addr: mx, port: 25}}},
		{`Could not connect to Redis at 127.0.0.1:6379: Connection refused`, []farEnd{{addr: lo, port: 6379}}},
		{`dial tcp [::ffff:127.0.0.1]:8080: connect: connection refused`, []farEnd{{addr: lo, port: 8080}}},
		{`connect() failed (111) while connecting to upstream, client: 198.51.100.41, upstream: "http://127.0.0.1:3000/"`, []farEnd{{addr: lo, port: 3000}}},
		{`Nov 25 08:29:22 mx-02 unbound[498]: warning: so-rcvbuf 1048576 was not granted.`, nil},
		{`error: maximum authentication attempts exceeded for root from 127.0.0.1 port 22 ssh2`, nil},
		{`connect to mx.partner.example:25: Connection timed out`, nil},
	} {
		if got := lineEnds(c.line); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: far ends %+v, want %+v", c.line, got, c.want)
		}
	}
}

// TestBanJailSocket: on host63 (sshd on 0.0.0.0:22, a clock "08:29:22" in
// the journal) the sshd socket reaches no journal line, so a ban the line
// gives the postfix-sasl jail is not the sshd jail's.
func TestBanJailSocket(t *testing.T) {
	judgeQuoted(t, scenario(t, "host63"), []quotedCase{
		{"fail2ban banned 192.0.2.147 at 08:33:34 in the postfix-sasl jail [289], after several failed login attempts [282, 286, 288].", ""},
		{"fail2ban banned 192.0.2.147 at 08:33:34 in the sshd jail [289], after several failed login attempts [282, 286, 288].", "sshd"},
	})
}
