package facts

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// machine is a small machine's probe output as the model is shown it.
func machine() []sources.Line {
	return sources.Number([]rpc.ProbeResult{
		{Probe: "top_memory", Command: "ps aux --sort=-%mem", Stdout: "" +
			"USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n" +
			"clamav     633  3.4  5.7 3183024 1420500 ?     Ss   08:29   0:06 /usr/sbin/clamd --foreground=true\n" +
			"redis      602  0.9  0.7 248812 189828 ?       Ssl  08:29   0:01 /usr/bin/redis-server 127.0.0.1:6379\n"},
		{Probe: "memory_info", Command: "free -h", Stdout: "" +
			"               total        used        free      shared  buff/cache   available\n" +
			"Mem:            23Gi       3.6Gi        17Gi       8.7Mi       2.6Gi        19Gi\n" +
			"Swap:          2.0Gi          0B       2.0Gi\n"},
		{Probe: "disk_usage", Command: "df -h", Stdout: "" +
			"Filesystem               Size  Used Avail Use% Mounted on\n" +
			"/dev/vda                 252G   58G   34G  63% /\n" +
			"/dev/loop0                59G   55G  1.7G  98% /var/vmail\n"},
		{Probe: "network_addrs", Command: "ip addr show", Stdout: "" +
			"2: ens3@if48: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 state UP qlen 1000\n" +
			"    link/ether 52:54:00:3a:7c:19\n" +
			"    inet 203.0.113.25/24 scope global ens3\n"},
		{Probe: "listening_ports", Command: "ss -tulpn", Stdout: "" +
			"Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
			"tcp   LISTEN 0      4096      127.0.0.1:6379 0.0.0.0:*         users:((\"redis-server\",pid=602,fd=6))\n"},
		{Probe: "system_logs", Command: "journalctl -p warning", Stdout: "" +
			"Nov 25 08:33:34 mx-02 fail2ban-server[712]: fail2ban.actions        [712]: NOTICE  [postfix-sasl] Ban 192.0.2.147\n" +
			"Nov 25 08:31:23 mx-02 postfix/smtp[21000]: 470E53B278: to=<orders@example.com>, status=deferred (connect to mx2.example.com[198.51.100.41]:25: Connection timed out)\n" +
			"Nov 25 08:33:43 mx-02 postfix/smtp[21002]: 6D34E13F49: to=<d.morgan@example.com>, status=deferred (connect to mx2.example.com[198.51.100.41]:25: Connection timed out)\n" +
			"Nov 25 01:47:10 mx-02 certbot[900]: Failed to renew certificate mail.example.de with error: unauthorized\n"},
		{Probe: "block_devices", Command: "lsblk", Stdout: "" +
			"NAME   MAJ:MIN RM   SIZE RO TYPE MOUNTPOINTS\n" +
			"sda      8:0    0 476.9G  0 disk\n" +
			"├─sda1   8:1    0   512M  0 part /boot/efi\n"},
		{Probe: "failed_services", Command: "systemctl --failed", Stdout: "" +
			"  UNIT          LOAD   ACTIVE SUB    DESCRIPTION\n" +
			"● nginx.service loaded failed failed A high performance web server\n"},
	})
}

func TestCheck(t *testing.T) {
	e := NewEvidence(machine(), "cpu_model AMD EPYC 9654\ncpu_cores 2\nram_available_gb 19.9 GiB\n")
	cases := []struct {
		name string
		f    Fact
		bad  string // a part of the reason, "" when the fact holds
	}{
		{"ps RSS", Fact{2, "clamd", "RSS", "1420500", ""}, ""},
		{"ps RSS by a plain name", Fact{2, "clamd (PID 633)", "memory", "1420500", ""}, ""},
		{"ps %MEM", Fact{2, "clamd", "%MEM", "5.7", ""}, ""},
		{"ps %CPU given as memory", Fact{2, "clamd", "memory", "3.4", ""}, "not the column"},
		{"another row's RSS", Fact{2, "clamd", "RSS", "189828", ""}, "not on line 2"},
		{"another row's name", Fact{3, "clamd", "RSS", "189828", ""}, "subject clamd"},
		{"a neighbour of the right line", Fact{3, "clamd", "RSS", "1420500", ""}, ""},
		{"a neighbour's fact said of another column", Fact{3, "clamd", "%CPU", "1420500", ""}, "not on line 3"},
		{"a figure inside another", Fact{2, "clamd", "RSS", "14205", ""}, "not on line 2"},
		{"ps user", Fact{3, "redis-server", "USER", "redis", ""}, ""},
		{"free used", Fact{5, "Mem:", "used", "3.6Gi", ""}, ""},
		{"free available called used", Fact{5, "Mem:", "used", "19Gi", ""}, "not the column"},
		{"swap used", Fact{6, "Swap:", "used", "0B", ""}, ""},
		{"df use%", Fact{9, "/var/vmail", "Use%", "98%", ""}, ""},
		{"df avail as free space", Fact{9, "/var/vmail", "free space", "1.7G", ""}, ""},
		{"df size called avail", Fact{9, "/var/vmail", "Avail", "59G", ""}, "not the column"},
		{"df other mount", Fact{9, "/", "Use%", "98%", ""}, "subject /"},
		{"ip addr under its interface", Fact{11, "ens3", "address", "52:54:00:3a:7c:19", ""}, ""},
		{"ip addr inet", Fact{12, "ens3", "inet", "203.0.113.25/24", ""}, ""},
		{"ss local address", Fact{14, "redis-server", "Local Address:Port", "127.0.0.1:6379", ""}, ""},
		{"ss process pid", Fact{14, "redis-server", "pid", "pid=602", ""}, ""},
		{"journal ban", Fact{15, "fail2ban", "Ban", "192.0.2.147", ""}, ""},
		{"journal jail", Fact{15, "fail2ban", "jail", "postfix-sasl", ""}, ""},
		{"journal wrong jail", Fact{15, "fail2ban", "jail", "sshd", ""}, "not on line 15"},
		{"journal time", Fact{15, "192.0.2.147", "time", "08:33:34", ""}, ""},
		{"journal invented state", Fact{18, "certbot", "renewed successfully", "mail.example.de", ""}, "field renewed"},
		{"journal state not on the line", Fact{15, "fail2ban", "banned", "192.0.2.147", ""}, "field banned"},
		{"journal negation not on the line", Fact{16, "postfix/smtp", "not deferred", "orders@example.com", ""}, "field not"},
		{"journal failure", Fact{18, "certbot", "failed to renew", "mail.example.de", ""}, ""},
		{"journal error", Fact{18, "certbot", "error", "unauthorized", ""}, ""},
		{"a whole number is not the start of a decimal", Fact{5, "Mem:", "used", "3", ""}, "not on line 5"},
		{"nor its end", Fact{2, "clamd", "%MEM", "7", ""}, "not on line 2"},
		{"a symbol alone is no value inside a path", Fact{9, "/var/vmail", "Mounted on", "/", ""}, "not on line 9"},
		{"a lsblk child under its tree glyphs", Fact{21, "sda1", "NAME", "sda1", ""}, ""},
		{"a lsblk child's mount point", Fact{21, "sda1", "MOUNTPOINTS", "/boot/efi", ""}, ""},
		{"a systemctl row after its bullet", Fact{23, "nginx.service", "ACTIVE", "failed", ""}, ""},
		{"a systemctl row's description", Fact{23, "nginx.service", "LOAD", "failed", ""}, "not the column"},
		{"another probe's line holding the fact", Fact{15, "redis", "port", "6379", ""}, "not on line 15"},
		{"line not shown", Fact{99, "x", "y", "z", ""}, "not shown"},
		{"empty value", Fact{2, "clamd", "RSS", " ", ""}, "no value"},
		{"no subject", Fact{2, "", "RSS", "1420500", ""}, "no subject"},
		{"hardware", Fact{0, "CPU", "model", "AMD EPYC 9654", ""}, ""},
		{"hardware wrong", Fact{0, "CPU", "cores", "4", ""}, "hardware"},
		{"a snapshot name as the subject", Fact{0, "", "cpu_model", "AMD EPYC", ""}, ""},
		{"a snapshot name's size", Fact{0, "", "ram_available_gb", "19.9 GiB", ""}, ""},
		{"another name's value", Fact{0, "", "cpu_cores", "19.9 GiB", ""}, "snapshot's cpu_cores"},
		{"no subject and a field no snapshot name", Fact{0, "", "model", "AMD EPYC", ""}, "no subject"},
		{"count", Fact{Count: "status=deferred", Value: "2"}, ""},
		{"count wrong", Fact{Count: "status=deferred", Value: "3"}, "2 lines"},
		{"count by case", Fact{Count: "Status=Deferred", Value: "2"}, "0 lines"},
		{"count not a number", Fact{Count: "status=deferred", Value: "two"}, "not a number"},
		{"count of too little", Fact{Count: "2", Value: "9"}, "too short"},
	}
	for _, c := range cases {
		got := e.Check(c.f)
		if c.bad == "" && got != "" || c.bad != "" && !strings.Contains(got, c.bad) {
			t.Errorf("%s: Check(%+v) = %q, want %q", c.name, c.f, got, c.bad)
		}
	}
}

func TestHasToken(t *testing.T) {
	for _, c := range []struct {
		hay, needle string
		want        bool
	}{
		{"rss 55g", "55g", true},
		{"rss 55g", "55", false},
		{"/usr/sbin/clamd --x", "clamd", true},
		{"08:33:34", "08:33", true},
		{"108:33", "08:33", false},
		{"a-b", "-", true},
		{"x", "", false},
	} {
		if got := hasToken(c.hay, c.needle); got != c.want {
			t.Errorf("hasToken(%q, %q) = %v", c.hay, c.needle, got)
		}
	}
}

// A count is right of the lines as the prompt showed them, cut to their
// probe's bound, or of their whole text: a model that counted what it saw
// is not wrong for the text a cut hid from it.
func TestCountOfCutLines(t *testing.T) {
	pad := strings.Repeat("x", sources.LineBytes("system_logs"))
	lines := sources.Number([]rpc.ProbeResult{{Probe: "system_logs", Command: "journalctl", Stdout: "" +
		"postgres[1]: ERROR: relation \"pg_stat_statements\" does not exist\n" +
		"postgres[1]: STATEMENT: " + pad + " pg_stat_statements\n" +
		"postgres[2]: ERROR: relation \"pg_stat_statements\" does not exist\n"}})
	e := NewEvidence(lines, "")
	for _, c := range []struct {
		value, bad string
	}{
		{"2", ""}, // as shown: line 2's mention was cut off
		{"3", ""}, // in full
		{"1", "3 lines hold \"pg_stat_statements\" (2 as shown)"},
	} {
		if got := e.Check(Fact{Count: "pg_stat_statements", Value: c.value}); got != c.bad {
			t.Errorf("count %s: Check = %q, want %q", c.value, got, c.bad)
		}
	}
}

// A structured log line's key names its value: another key's value on the
// same line is not the field's, in JSON or logfmt.
func TestKeyedValues(t *testing.T) {
	etcd := `Nov 25 07:58:06 db-02 etcd[601]: {"level":"warn","msg":"apply request took too long","took":"612.305ms","expected-duration":"100ms","n":3,"m":3}`
	logfmt := `Nov 25 08:01:02 web-03 app[88]: level=error msg="upstream timed out" status=504 took=2.1s`
	e := NewEvidence([]sources.Line{{N: 1, Probe: probes.SystemLogs, Text: etcd}, {N: 2, Probe: probes.SystemLogs, Text: logfmt}}, "")
	checkAll(t, e, []checkCase{
		{Fact{Line: 1, Subject: "etcd[601]", Field: "took", Value: "612.305ms"}, true},
		{Fact{Line: 1, Subject: "etcd[601]", Field: "took", Value: "100ms"}, false},
		{Fact{Line: 1, Subject: "etcd[601]", Field: "expected-duration", Value: "100ms"}, true},
		{Fact{Line: 1, Subject: "etcd[601]", Field: "n", Value: "3"}, true},
		{Fact{Line: 1, Subject: "etcd[601]", Field: "m", Value: "3"}, true}, // its own key's value, another's too
		{Fact{Line: 1, Subject: "etcd[601]", Field: "msg", Value: "apply request took too long"}, true},
		{Fact{Line: 1, Subject: "etcd[601]", Field: "message", Value: "100ms"}, true}, // no such key: the line's words judge it
		{Fact{Line: 2, Subject: "app[88]", Field: "status", Value: "504"}, true},
		{Fact{Line: 2, Subject: "app[88]", Field: "took", Value: "504"}, false},
		{Fact{Line: 2, Subject: "app[88]", Field: "msg", Value: "upstream timed out"}, true},
		{Fact{Line: 2, Subject: "app[88]", Field: "level", Value: "08:01:02"}, true}, // no key's value: the line's words judge it
	})
}

// The probe's name, shown above its lines, may name a line's subject, and
// a line that is no row of its table needs none when its field is in its
// words: the three true facts of round 93–96 this flagged, and the false
// ones beside them.
func TestSubjectFromTheProbeName(t *testing.T) {
	e := NewEvidence([]sources.Line{
		{N: 1, Probe: probes.CPUInfo, Text: "Model name:          AMD EPYC"},
		{N: 2, Probe: probes.FailedServices, Header: "  UNIT LOAD ACTIVE SUB DESCRIPTION", Text: "● certbot.service loaded failed failed Certbot"},
		{N: 3, Probe: probes.FailedServices, Header: "  UNIT LOAD ACTIVE SUB DESCRIPTION", Text: "2 loaded units listed."},
	}, "")
	checkAll(t, e, []checkCase{
		{Fact{Line: 1, Subject: "CPU", Field: "Model name", Value: "AMD EPYC"}, true},
		{Fact{Line: 1, Subject: "GPU", Field: "Model name", Value: "AMD EPYC"}, false},
		{Fact{Line: 3, Subject: "failed units", Field: "loaded units listed", Value: "2"}, true},
		{Fact{Line: 3, Subject: "systemctl --failed", Field: "loaded units listed", Value: "2"}, true},
		{Fact{Line: 3, Subject: "journalctl", Field: "loaded units listed", Value: "2"}, false},
		{Fact{Line: 3, Subject: "loaded units listed", Field: "count", Value: "2"}, true},
		{Fact{Line: 3, Subject: "", Field: "units listed", Value: "2 loaded units listed."}, true},
		{Fact{Line: 3, Subject: "", Field: "failed", Value: "2"}, false},
		{Fact{Line: 3, Subject: "failed units", Field: "loaded units listed", Value: "3"}, false},
		{Fact{Line: 2, Subject: "", Field: "ACTIVE", Value: "failed"}, false},
	})
}

// checkCase is a fact and whether Check finds it true.
type checkCase struct {
	f  Fact
	ok bool
}

// checkAll checks each case's fact against e.
func checkAll(t *testing.T, e *Evidence, cases []checkCase) {
	t.Helper()
	for _, c := range cases {
		if why := e.Check(c.f); (why == "") != c.ok {
			t.Errorf("Check(%s) = %q, want ok %v", c.f.Statement(), why, c.ok)
		}
	}
}
