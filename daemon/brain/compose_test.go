package brain

import (
	"os"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/supervisor"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// review scores a reply the way the desk will: the supervisor's five
// signals over the intent's ticket, the probes it needs and the results.
func review(i Intent, question string, in Input, r Reply) supervisor.Review {
	return supervisor.Judge(supervisor.Input{
		Ticket: i.Ticket(), Question: question, Requested: i.Probes(), Results: in.Results,
		Hardware: in.Hardware, Facts: r.Facts, Answer: r.Text,
	})
}

// TestComposeFromFixtures asserts the exact text of every fact answered
// from real-shaped evidence, and that the supervisor finds each one fully
// grounded (score 100, computed, not assumed).
func TestComposeFromFixtures(t *testing.T) {
	if os.Getpagesize() != 4096 {
		t.Skipf("the fixture host's RSS figures assume 4 KiB pages, this host has %d", os.Getpagesize())
	}
	host := hostResults(t, probes.MemoryInfo, probes.TopMemory, probes.TopCPU)
	in := Input{
		Results:  append(host, diskResult, addrResult, routeResult, portResult, failedResult),
		Hardware: fixtureHardware,
		Version:  "0.1.0",
	}
	for _, c := range []struct {
		question string
		want     string
	}{
		{"how much ram do I have", "You have 15.3 GiB of RAM in total; 8.6 GiB is available."},
		{"how much memory is free", "8.6 GiB of your 15.3 GiB of RAM is available; 6.7 GiB is in use."},
		{"what cpu do I have", `Your CPU is "AMD Ryzen 7 5800X 8-Core Processor", with 8 cores and 16 threads.`},
		{"how many cores do I have", `Your CPU ("AMD Ryzen 7 5800X 8-Core Processor") has 8 cores and 16 threads.`},
		{"how much free disk space do I have", "Free disk space:\n" +
			"/: 46.5 GiB free of 468.0 GiB (90% used)\n" +
			"/boot/efi: 504.9 MiB free of 511.0 MiB (2% used)\n" +
			"/home: 358.0 GiB free of 915.8 GiB (59% used)"},
		{"which process uses the most memory", "firefox-esr (PID 42) uses the most memory: 976.6 MiB RSS (6.2%)."},
		{"which process uses the most cpu", "firefox-esr (PID 42) uses the most CPU: 150% of one CPU, averaged since it started (as ps counts it)."},
		{"what is my ip address", "Your IP addresses: enp3s0 192.168.1.23/24, 2a02:8108:1140:2e00::23/64."},
		{"what is my default gateway", "Your default gateways are 192.168.1.1 on enp3s0 and fe80::1 on enp3s0 (IPv6)."},
		{"what ports are open", "Listening:\n" +
			"Port 22 (tcp, all addresses): sshd (PID 812)\n" +
			"Port 80 (tcp, all addresses): nginx (PID 930) and nginx (PID 931)\n" +
			"Port 631 (tcp, 127.0.0.1): cupsd (PID 700)\n" +
			"Port 5353 (udp, all addresses): avahi-daemon (PID 640)"},
		{"is anything listening on port 22", "Port 22 (tcp, all addresses): sshd (PID 812)."},
		{"what is on 8080", "Nothing is listening on port 8080. Listening: port 22, port 80, port 631 and port 5353."},
		{"failed services", "2 systemd units have failed: backup.service (Nightly backup) and nfs-mount.mount (/mnt/nas)."},
		{"what gpu do I have", `You have 2 GPUs: "NVIDIA GeForce RTX 3060" with 12.0 GiB of VRAM; "AMD Radeon Graphics", integrated (it shares system RAM and has no VRAM of its own).`},
		{"what version are you", "I am Anna 0.1.0."},
	} {
		i, ok := Match(c.question)
		if !ok {
			t.Errorf("%q: no match", c.question)
			continue
		}
		r := Compose(i, in)
		if r.Text != c.want {
			t.Errorf("%q (%v):\n got %q\nwant %q", c.question, i, r.Text, c.want)
		}
		if r.LastError != "" {
			t.Errorf("%q: last error %q", c.question, r.LastError)
		}
		if rv := review(i, c.question, in, r); rv.Score != 100 {
			t.Errorf("%q: score %d, signals %+v, grounding %+v", c.question, rv.Score, rv.Signals, rv.Grounding)
		}
	}
}

// TestComposeWhenProbesFail checks the honest answer when the evidence is
// missing: a failed probe, one that did not run, and data of the wrong type.
func TestComposeWhenProbesFail(t *testing.T) {
	failed := rpc.ProbeResult{Probe: probes.MemoryInfo, Command: "free -h", ExitCode: probes.ExitFailed,
		Stderr: "cannot read /proc/meminfo: permission denied\nsecond line"}
	timedOut := rpc.ProbeResult{Probe: probes.TopCPU, ExitCode: probes.ExitTimeout}
	untyped := rpc.ProbeResult{Probe: probes.DiskUsage, Stdout: "Filesystem ...", Data: map[string]any{"x": 1}}
	for _, c := range []struct {
		intent      Intent
		results     []rpc.ProbeResult
		text, error string
	}{
		{Intent{Kind: RAMTotal}, []rpc.ProbeResult{failed},
			"I cannot tell how much memory you have: the memory_info probe failed (cannot read /proc/meminfo: permission denied).",
			"probe memory_info failed: cannot read /proc/meminfo: permission denied"},
		{Intent{Kind: TopCPU}, []rpc.ProbeResult{timedOut},
			"I cannot tell which process uses the most CPU: the top_cpu probe failed (exit code 124).",
			"probe top_cpu failed: exit code 124"},
		{Intent{Kind: DiskFree}, []rpc.ProbeResult{untyped},
			"I cannot tell how much disk space is free: the disk_usage probe returned no data I can read.",
			"probe disk_usage returned no typed data"},
		{Intent{Kind: ListeningPorts, Port: 22}, nil,
			"I cannot tell what is listening: the listening_ports probe did not run.",
			"probe listening_ports did not run"},
		{Intent{Kind: TopMemory}, []rpc.ProbeResult{result(probes.TopMemory, "ps", "", []probes.Process{})},
			"I cannot tell which process uses the most memory: the top_memory probe listed no process.",
			"probe top_memory listed no process"},
	} {
		r := Compose(c.intent, Input{Results: c.results})
		if r.Text != c.text || r.LastError != c.error {
			t.Errorf("%v:\n got %q, %q\nwant %q, %q", c.intent, r.Text, r.LastError, c.text, c.error)
		}
		if rv := review(c.intent, "", Input{Results: c.results}, r); rv.Signals.ProbeCoverage && rv.Signals.AnswerGrounded {
			t.Errorf("%v: a failure scored as covered and grounded: %+v", c.intent, rv.Signals)
		}
	}
}

// TestComposeEdges covers the answers for absences: no default route, no
// failed unit, no listener, no GPU, no CPU topology, and a hung mount.
func TestComposeEdges(t *testing.T) {
	for _, c := range []struct {
		name   string
		intent Intent
		in     Input
		want   string
	}{
		{"no default route", Intent{Kind: DefaultGateway},
			Input{Results: []rpc.ProbeResult{result(probes.NetworkRoutes, "ip route", "", []probes.Route{
				{Family: "inet", Dst: "10.0.0.0/24", Dev: "eth0"}})}},
			"There is no default route, so this machine has no default gateway."},
		{"default route without gateway", Intent{Kind: DefaultGateway},
			Input{Results: []rpc.ProbeResult{result(probes.NetworkRoutes, "ip route", "", []probes.Route{
				{Family: "inet", Dst: "default", Default: true, Dev: "wg0"},
				{Family: "inet", Dst: "default", Default: true, Type: "unreachable"}})}},
			"Your default route goes straight out through wg0, with no gateway."},
		{"one gateway", Intent{Kind: DefaultGateway},
			Input{Results: []rpc.ProbeResult{result(probes.NetworkRoutes, "ip route", "", []probes.Route{
				{Family: "inet", Dst: "default", Default: true, Gateway: "10.0.0.1", Dev: "eth0"}})}},
			"Your default gateway is 10.0.0.1 on eth0."},
		{"no failed unit", Intent{Kind: FailedServices},
			Input{Results: []rpc.ProbeResult{result(probes.FailedServices, "systemctl --failed", "0 loaded units listed.\n", []probes.FailedUnit{})}},
			`No systemd unit has failed: systemctl --failed shows "0 loaded units listed".`},
		{"nothing listens", Intent{Kind: ListeningPorts},
			Input{Results: []rpc.ProbeResult{result(probes.ListeningPorts, "ss -tulpn", "", []probes.ListeningSocket{})}},
			"Nothing is listening on any TCP or UDP port."},
		{"no GPU", Intent{Kind: GPU}, Input{}, "I found no GPU on this machine."},
		{"one GPU without VRAM figure", Intent{Kind: GPU},
			Input{Hardware: rpc.Hardware{GPUs: []rpc.GPU{{Vendor: "amd", Model: "Radeon RX 580"}}}},
			`Your GPU is "Radeon RX 580" (its driver does not report its VRAM).`},
		{"no topology", Intent{Kind: CPUCores}, Input{Hardware: rpc.Hardware{Threads: 4}},
			"Your CPU has 4 threads; the kernel does not say how many physical cores."},
		{"no CPU model", Intent{Kind: CPUModel}, Input{},
			"I do not know your CPU model: /proc/cpuinfo does not name it."},
		{"hung mount", Intent{Kind: DiskFree},
			Input{Results: []rpc.ProbeResult{result(probes.DiskUsage, "df -h", "", []probes.Filesystem{
				{Source: "nas:/srv", FSType: "nfs4", MountPoint: "/mnt/nas", UsePercent: -1, Error: "statfs did not answer within 2s (a hung network mount?)"}})}},
			"/mnt/nas: no figures (statfs did not answer within 2s (a hung network mount?))."},
		{"only pseudo file systems", Intent{Kind: DiskFree},
			Input{Results: []rpc.ProbeResult{result(probes.DiskUsage, "df -h", "", []probes.Filesystem{
				{Source: "overlay", FSType: "overlay", MountPoint: "/var/lib/docker/x", SizeBytes: 1 << 30}})}},
			"I found no disk file system: df lists only memory and pseudo file systems here."},
	} {
		if got := Compose(c.intent, c.in).Text; got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestComposeCleansHostText checks that a process name from the host
// cannot carry terminal escapes or bidi overrides into the answer, and is
// bounded.
func TestComposeCleansHostText(t *testing.T) {
	evil := "/tmp/\x1b]0;owned\x07x\u202eyz" + strings.Repeat("a", 200) + " --flag"
	in := Input{Results: []rpc.ProbeResult{result(probes.TopMemory, "ps", "", []probes.Process{
		{PID: 7, RSSKiB: 2048, MemPercent: 0.1, Command: evil}})}}
	got := Compose(Intent{Kind: TopMemory}, in).Text
	if strings.ContainsAny(got, "\x1b\x07\u202e") {
		t.Errorf("control characters reached the answer: %q", got)
	}
	name, _, _ := strings.Cut(got, " (PID")
	if n := len([]rune(name)); n > maxName+1 {
		t.Errorf("name of %d runes, want at most %d: %q", n, maxName+1, name)
	}
	if !strings.HasSuffix(got, "uses the most memory: 2.0 MiB RSS (0.1%).") {
		t.Errorf("got %q", got)
	}
}
