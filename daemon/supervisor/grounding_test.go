package supervisor

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fixtureProbes names the probe each fixture file is the output of.
var fixtureProbes = map[string]string{
	"ps_aux_mem.txt": "top_memory ps aux --sort=-%mem", "free.txt": "memory_info free -h", "df.txt": "disk_usage df -h",
	"ss.txt": "listening_ports ss -tulpn", "journal.txt": "system_logs journalctl", "lscpu.txt": "cpu_info lscpu",
	"lsblk.txt": "block_devices lsblk",
}

// evidence is fixture files as EvidenceText writes probe output: each
// after its probe's marker line.
func evidence(t testing.TB, names ...string) string {
	t.Helper()
	var b strings.Builder
	for _, n := range names {
		b.WriteString("probe " + fixtureProbes[n] + "\n" + fixture(t, n) + "\n")
	}
	return b.String()
}

func fixture(t testing.TB, names ...string) string {
	t.Helper()
	var b strings.Builder
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
		b.WriteString("\n")
	}
	return b.String()
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name     string
		evidence []string
		answer   string
		given    []string
		grounded bool
		found    []string // must all be in Found
		missing  []string // must equal Missing
	}{
		{
			name:     "ps exact figures",
			evidence: []string{"ps_aux_mem.txt"},
			answer:   "Firefox (PID 4242) uses the most memory: 7.4% of RAM, 1153024 KiB resident, running since 09:12.",
			grounded: true,
			found:    []string{"Firefox", "4242", "7.4%", "1153024 KiB", "09:12"},
		},
		{
			name:     "ps converted",
			evidence: []string{"ps_aux_mem.txt"},
			answer:   "**firefox** is the biggest process at about 1.1 GiB (1126 MiB) of resident memory.",
			grounded: true,
			found:    []string{"firefox", "1.1 GiB", "1126 MiB"},
		},
		{
			name:     "size absent",
			evidence: []string{"ps_aux_mem.txt"},
			answer:   "firefox uses 3.2 GiB of memory.",
			found:    []string{"firefox"},
			missing:  []string{"3.2 GiB"},
		},
		{
			name:     "name absent",
			evidence: []string{"ps_aux_mem.txt"},
			answer:   "postgres is using 2.9% of memory.",
			found:    []string{"2.9%"},
			missing:  []string{"postgres"},
		},
		{
			// A word only its position makes a name is checked where
			// nothing else in its sentence is: it may describe the
			// process ("the build process (PID 4242)").
			name:     "unknown process by context",
			evidence: []string{"ps_aux_mem.txt"},
			answer:   "The frobnicator process uses 12.3% CPU.",
			found:    []string{"12.3%"},
			missing:  []string{"frobnicator"},
		},
		{
			name:     "unknown word beside a real PID",
			evidence: []string{"ps_aux_mem.txt"},
			answer:   "The frobnicator process (PID 4242) is the heaviest.",
			grounded: true,
			found:    []string{"4242"},
		},
		{
			name:     "known program beside another's PID",
			evidence: []string{"ps_aux_mem.txt"},
			answer:   "The nginx process (PID 4242) uses 12.3% CPU.",
			found:    []string{"12.3%"},
			missing:  []string{"4242 (with nginx)"},
		},
		{
			name:     "no claims",
			evidence: []string{"ps_aux_mem.txt", "free.txt"},
			answer:   "Your system looks fine and nothing stands out right now.",
		},
		{
			name:     "free -h",
			evidence: []string{"free.txt"},
			answer:   "You have 15 GiB of RAM: 6.1 GiB used, 9.3 GiB available (about 10 GB), and 1.1 GiB of your 2.0 GiB swap in use.",
			grounded: true,
			found:    []string{"15 GiB", "6.1 GiB", "9.3 GiB", "10 GB", "1.1 GiB", "2.0 GiB"},
		},
		{
			name:     "derived percentage",
			evidence: []string{"free.txt"},
			answer:   "6.1 GiB of 15 GiB is in use (41%).",
			grounded: true,
			found:    []string{"6.1 GiB", "15 GiB", "41%"},
		},
		{
			name:     "invented percentage",
			evidence: []string{"free.txt"},
			answer:   "6.1 GiB is in use, which is 75% of your memory.",
			found:    []string{"6.1 GiB"},
			missing:  []string{"75%"},
		},
		{
			name:     "df",
			evidence: []string{"df.txt"},
			answer:   "The root filesystem on /dev/nvme0n1p2 is 90% full with 47G left; /home on sda1 is 59% used (358G free).",
			grounded: true,
			found:    []string{"/dev/nvme0n1p2", "90%", "47G", "/home", "sda1", "59%", "358G"},
		},
		{
			name:     "df wrong figure",
			evidence: []string{"df.txt"},
			answer:   "/home is 95% full.",
			found:    []string{"/home"},
			missing:  []string{"95%"},
		},
		{
			name:     "ss",
			evidence: []string{"ss.txt"},
			answer:   "sshd listens on port 22 on 0.0.0.0 and [::], nginx on :80, and cupsd only on 127.0.0.1:631.",
			grounded: true,
			found:    []string{"sshd", "port 22", "0.0.0.0", "nginx", ":80", "cupsd", "127.0.0.1", "127.0.0.1:631"},
		},
		{
			name:     "ss invented service",
			evidence: []string{"ss.txt"},
			answer:   "mysql listens on port 3306 and sshd on port 22.",
			found:    []string{"sshd", "port 22"},
			missing:  []string{"mysql", "port 3306"},
		},
		{
			name:     "address boundary",
			evidence: []string{"ss.txt"},
			answer:   "cupsd is bound to 127.0.0.12.",
			found:    []string{"cupsd"},
			missing:  []string{"127.0.0.12"},
		},
		{
			name:     "journal",
			evidence: []string{"journal.txt"},
			answer:   "The kernel's OOM killer killed java (PID 6650) at 09:41:07, and postgresql.service failed at 10:02.",
			grounded: true,
			found:    []string{"java", "6650", "09:41:07", "postgresql.service", "10:02"},
		},
		{
			name:     "quoted log line",
			evidence: []string{"journal.txt"},
			answer:   "The journal says `Out of memory: Killed process 6650 (java)`.",
			grounded: true,
			found:    []string{"Out of memory: Killed process 6650 (java)"},
		},
		{
			name:     "quoted text absent",
			evidence: []string{"journal.txt"},
			answer:   `The journal says "disk quota exceeded" for wlp3s0.`,
			found:    []string{"wlp3s0"},
			missing:  []string{"disk quota exceeded"},
		},
		{
			name:     "interface absent",
			evidence: []string{"journal.txt"},
			answer:   "eth0 lost its link at 10:15:48.",
			found:    []string{"10:15:48"},
			missing:  []string{"eth0"},
		},
		{
			name:     "lscpu",
			evidence: []string{"lscpu.txt"},
			answer:   "You have an AMD Ryzen 7 5800X with 8 cores and 16 threads, boosting to 4.85 GHz.",
			grounded: true,
			found:    []string{"AMD", "Ryzen 7 5800X", "8 cores", "16 threads", "4.85 GHz"},
		},
		{
			name:     "small numbers and years are prose",
			evidence: []string{"ps_aux_mem.txt"},
			answer:   "The top 3 processes in 2025 are firefox, gnome-shell and dockerd; the last 200 lines show 1 warning.",
			grounded: true,
			found:    []string{"firefox", "gnome-shell", "dockerd"},
		},
		{
			name:     "truncated process name",
			evidence: []string{"ps_aux_mem.txt"},
			answer:   "systemd-journald uses 16384 KiB.",
			grounded: true,
			found:    []string{"systemd-journald", "16384 KiB"},
		},
		{
			name:     "program and daemon, run-together names",
			evidence: []string{"ps_aux_mem.txt", "journal.txt", "ss.txt"},
			answer:   "Docker is running (dockerd), CUPS (cupsd) is up, and the Network Manager service logged a warning.",
			grounded: true,
			found:    []string{"Docker", "dockerd", "CUPS", "cupsd", "Manager"},
		},
		{
			name:     "advice naming absent things costs nothing",
			evidence: []string{"df.txt"},
			answer:   "/ is 90% full. Clear ~/.cache or run `docker system prune`.",
			grounded: true,
			found:    []string{"90%"},
		},
		{
			name:     "lsblk disk without a digit",
			evidence: []string{"lsblk.txt"},
			answer:   "sda is a 931.5G disk; sdb is not attached.",
			found:    []string{"sda", "931.5G"},
			missing:  []string{"sdb"},
		},
		{
			name:     "given by the user",
			evidence: []string{"ps_aux_mem.txt"},
			answer:   "mysqld is not running. The top process is firefox (PID 4242).",
			given:    []string{"is mysqld running?"},
			grounded: true,
			found:    []string{"firefox", "4242"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Check(tt.answer, evidence(t, tt.evidence...), tt.given...)
			if g.Grounded() != tt.grounded {
				t.Errorf("grounded %v, want %v: %+v", g.Grounded(), tt.grounded, g)
			}
			for _, f := range tt.found {
				if !slices.Contains(g.Found, f) {
					t.Errorf("%q not in Found %q (missing %q)", f, g.Found, g.Missing)
				}
			}
			if !slices.Equal(g.Missing, append([]string{}, tt.missing...)) {
				t.Errorf("Missing %q, want %q (found %q)", g.Missing, tt.missing, g.Found)
			}
		})
	}
}

// TestFigureTolerance pairs an answer figure with evidence written another
// way: units, bases and rounding.
func TestFigureTolerance(t *testing.T) {
	tests := []struct {
		claim, evidence string
		match           bool
	}{
		{"1.2 GiB", "size_bytes 1288490188 B", true},
		{"1.2 GiB", "1288490188", false}, // a bare number is a count
		{"1.2 GiB", "USER PID %CPU %MEM VSZ RSS\nalice 1 0.0 0.0 10 1258291", true},
		{"1.2G", "rss_kib 1258291 KiB", true},
		{"1229 MiB", "Used 1.2G", true},
		{"1.2 GiB", "Used 1.2G", true},
		{"1.3 GiB", "Used 1.2G", false},
		{"3.4 GB", "free 3.2Gi", true},
		{"3.2 GB", "free 3.2Gi", true},
		{"512M", "shared 512Mi", true},
		{"2048 MB", "total 2.0Gi", true},
		{"37%", "USER PID %MEM\nalice 12 37.4", true},
		{"37 %", "mem_percent 37.4%", true},
		{"38%", "mem_percent 37.4%", false},
		{"37.5 %", "USER PID %MEM\nalice 12 37.5", true},
		{"37.5%", "USER PID %MEM\nalice 12 37.4", false},
		{"37%", "PID 37", false},         // a count is no percentage
		{"45.3%", "TIME 0:45.30", false}, // nor is a clock time
		{"4 logical CPUs", "CPU(s): 4", true},
		{"4 logical CPUs", "CPU(s): 2\nModel: 4", false},
		{"1,288,490,188 bytes", "size_bytes 1288490188 B", true},
		{"4.2 GHz", "CPU max MHz: 4200.0000", true},
		{"4.3 GHz", "CPU max MHz: 4200.0000", false},
		{"PID 4242", "alice 4242 12.3", true},
		{"PID 4243", "alice 4242 12.3", false},
	}
	for _, tt := range tests {
		g := Check(tt.claim, tt.evidence)
		if g.Grounded() != tt.match {
			t.Errorf("%q vs %q: grounded %v, want %v (%+v)", tt.claim, tt.evidence, g.Grounded(), tt.match, g)
		}
	}
}

func TestCheckIsDeterministic(t *testing.T) {
	ev := evidence(t, "ps_aux_mem.txt", "free.txt", "df.txt", "ss.txt", "journal.txt")
	answer := "firefox (PID 4242) uses 1.1 GiB; postgres 42.5 GiB; /home is 59% used; sshd on port 22."
	a, b := Check(answer, ev), Check(answer, ev)
	if !slices.Equal(a.Found, b.Found) || !slices.Equal(a.Missing, b.Missing) {
		t.Fatalf("%+v then %+v", a, b)
	}
	// postgres is found: the journal names postgresql.service.
	if !slices.Equal(a.Missing, []string{"42.5 GiB"}) {
		t.Errorf("Missing %q", a.Missing)
	}
}
