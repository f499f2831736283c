package translator

import (
	"slices"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// route is one natural-language query with the domain a person would pick
// and the probes that must be among the ticket's (nil: not asserted).
type route struct {
	query  string
	domain string
	probes []string
}

const (
	sys = rpc.DomainSystem
	net = rpc.DomainNetwork
	sto = rpc.DomainStorage
	sec = rpc.DomainSecurity
	pkg = rpc.DomainPackages
)

// routes was written before the classifier and is not tuned to it: the
// queries are how people ask, many without the obvious keyword.
var routes = []route{
	// memory
	{"what's eating my RAM", sys, []string{probes.TopMemory}},
	{"how much swap am I using", sys, []string{probes.MemoryInfo}},
	{"which process uses the most memory?", sys, []string{probes.TopMemory}},
	{"Why is my computer running out of memory?", sys, []string{probes.TopMemory, probes.MemoryInfo}},
	{"firefox is hogging all my ram", sys, []string{probes.TopMemory}},
	{"how much free memory do I have", sys, []string{probes.MemoryInfo}},
	{"is there a memory leak somewhere", sys, []string{probes.TopMemory}},
	{"the OOM killer keeps killing my apps", sys, []string{probes.SystemLogs}},
	{"how much RAM is installed", sys, []string{probes.MemoryInfo}},
	{"what's using so much memory right now", sys, []string{probes.TopMemory}},
	// cpu and performance
	{"why is my laptop so slow", sys, []string{probes.TopCPU}},
	{"what cpu do I have", sys, []string{probes.CPUInfo}},
	{"how many cores does this machine have", sys, []string{probes.CPUInfo}},
	{"which process is using 100% CPU", sys, []string{probes.TopCPU}},
	{"my fans are spinning like crazy", sys, []string{probes.TopCPU}},
	{"what's the load average", sys, []string{probes.TopCPU}},
	{"everything feels sluggish since this morning", sys, []string{probes.TopCPU}},
	{"my desktop freezes every few minutes", sys, []string{probes.TopCPU}},
	{"what processor is in this box", sys, []string{probes.CPUInfo}},
	{"is my CPU overheating", sys, []string{probes.TopCPU}},
	// processes and services
	{"is nginx running", sys, []string{probes.TopCPU}},
	{"restart nginx", sys, nil},
	{"which services failed to start", sys, []string{probes.FailedServices}},
	{"are any systemd units broken", sys, []string{probes.FailedServices}},
	{"what failed during boot", sys, []string{probes.FailedServices, probes.SystemLogs}},
	{"show me the top processes", sys, []string{probes.TopCPU}},
	{"kill the process hogging my cpu", sys, []string{probes.TopCPU}},
	{"is docker running?", sys, []string{probes.TopCPU}},
	{"list running services", sys, nil},
	{"why did apache stop working", sys, []string{probes.SystemLogs}},
	// logs
	{"did anything crash today", sys, []string{probes.SystemLogs}},
	{"show me recent errors in the logs", sys, []string{probes.SystemLogs}},
	{"any warnings in the journal?", sys, []string{probes.SystemLogs}},
	{"why did my computer reboot last night", sys, []string{probes.SystemLogs}},
	{"were there any kernel panics", sys, []string{probes.SystemLogs}},
	{"my app segfaults on launch", sys, []string{probes.SystemLogs}},
	// hardware
	{"what kernel am I running", sys, nil},
	{"what GPU do I have", sys, nil},
	{"how long has the system been up", sys, nil},
	{"what are the specs of this machine", sys, []string{probes.CPUInfo, probes.MemoryInfo}},
	// network
	{"what's my IP", net, []string{probes.NetworkAddrs}},
	{"my wifi keeps dropping", net, []string{probes.NetworkAddrs}},
	{"who is listening on port 8080", net, []string{probes.ListeningPorts}},
	{"can't resolve hostnames", net, []string{probes.NetworkAddrs}},
	{"what's my default gateway", net, []string{probes.NetworkRoutes}},
	{"show me the routing table", net, []string{probes.NetworkRoutes}},
	{"which ports are open on this machine", net, []string{probes.ListeningPorts}},
	{"is eth0 up", net, []string{probes.NetworkAddrs}},
	{"I have no internet connection", net, []string{probes.NetworkAddrs, probes.NetworkRoutes}},
	{"what interfaces do I have", net, []string{probes.NetworkAddrs}},
	{"what's my MAC address", net, []string{probes.NetworkAddrs}},
	{"DNS lookups are really slow", net, nil},
	{"which program is using port 443", net, []string{probes.ListeningPorts}},
	{"is my VPN connected", net, []string{probes.NetworkRoutes}},
	{"what's my IPv6 address", net, []string{probes.NetworkAddrs}},
	{"why can't I ping google.com", net, []string{probes.NetworkRoutes}},
	{"ethernet not detected after reboot", net, []string{probes.NetworkAddrs}},
	{"how fast is my network connection", net, nil},
	{"is anything listening on udp", net, []string{probes.ListeningPorts}},
	{"does wlp3s0 have an address", net, []string{probes.NetworkAddrs}},
	// storage
	{"which partition is almost full", sto, []string{probes.DiskUsage}},
	{"how much disk space is left", sto, []string{probes.DiskUsage}},
	{"what drives are connected", sto, []string{probes.BlockDevices}},
	{"is /dev/sda mounted", sto, []string{probes.BlockDevices}},
	{"my root filesystem is full", sto, []string{probes.DiskUsage}},
	{"what's taking up all my storage", sto, []string{probes.DiskUsage}},
	{"how big is my SSD", sto, []string{probes.BlockDevices}},
	{"list my partitions", sto, []string{probes.BlockDevices}},
	{"is my home directory running out of room", sto, []string{probes.DiskUsage}},
	{"show mounted filesystems", sto, []string{probes.DiskUsage}},
	{"did my USB stick get detected", sto, []string{probes.BlockDevices}},
	{"I'm out of space on /home", sto, []string{probes.DiskUsage}},
	{"how much free space on nvme0n1", sto, []string{probes.DiskUsage}},
	// security
	{"is ssh exposed", sec, []string{probes.ListeningPorts, probes.NetworkAddrs}},
	{"is the firewall on", sec, []string{probes.ListeningPorts}},
	{"has anyone tried to brute force my ssh", sec, []string{probes.SystemLogs}},
	{"any failed login attempts", sec, []string{probes.SystemLogs}},
	{"which services are exposed to the internet", sec, []string{probes.ListeningPorts, probes.NetworkAddrs}},
	{"is my machine secure", sec, []string{probes.ListeningPorts}},
	{"check if ufw is enabled", sec, []string{probes.ListeningPorts}},
	{"who has been using sudo", sec, []string{probes.SystemLogs}},
	{"am I hacked? there's a weird process", sec, nil},
	{"is root login over ssh allowed", sec, nil},
	{"is my disk encrypted", sec, []string{probes.BlockDevices}},
	// packages
	{"upgrade my system", pkg, nil},
	{"check for security updates", pkg, nil},
	{"install docker", pkg, nil},
	{"install htop", pkg, nil},
	{"is python3 installed", pkg, nil},
	{"remove the old kernels", pkg, nil},
	{"are there any updates available", pkg, nil},
	{"what version of firefox do I have", pkg, nil},
	{"apt is stuck on a lock", pkg, nil},
	{"how do I add a PPA", pkg, nil},
	{"which packages were installed recently", pkg, nil},
	{"uninstall snapd please", pkg, nil},
	{"my pacman database is locked", pkg, nil},
	{"flatpak apps won't update", pkg, nil},
	// case, punctuation, typos
	{"WHAT'S USING MY MEMORY???", sys, []string{probes.TopMemory}},
	{"how much memroy is free", sys, []string{probes.MemoryInfo}},
	{"disk usage pls", sto, []string{probes.DiskUsage}},
	{"Network is down!!", net, nil},
	{"show listening sockets", net, []string{probes.ListeningPorts}},
}

// TestRouting reports every miss and requires at least 90% of the domains
// and of the asserted probe sets to be right.
func TestRouting(t *testing.T) {
	if len(routes) < 80 {
		t.Fatalf("routing table has %d queries; want at least 80", len(routes))
	}
	domainOK, probeOK, probeAsserted := 0, 0, 0
	for _, r := range routes {
		tk := Keywords(r.query)
		if tk.Domain == r.domain {
			domainOK++
		} else {
			t.Logf("domain miss: %q -> %s, want %s (confidence %.2f)", r.query, tk.Domain, r.domain, tk.Confidence)
		}
		if r.probes == nil {
			continue
		}
		probeAsserted++
		if containsAll(tk.NeedsProbes, r.probes) {
			probeOK++
		} else {
			t.Logf("probe miss: %q -> %v, want at least %v", r.query, tk.NeedsProbes, r.probes)
		}
	}
	dPct := 100 * float64(domainOK) / float64(len(routes))
	pPct := 100 * float64(probeOK) / float64(probeAsserted)
	t.Logf("domains %d/%d (%.1f%%), probes %d/%d (%.1f%%)", domainOK, len(routes), dPct, probeOK, probeAsserted, pPct)
	if dPct < 90 {
		t.Errorf("domain accuracy %.1f%% < 90%%", dPct)
	}
	if pPct < 90 {
		t.Errorf("probe accuracy %.1f%% < 90%%", pPct)
	}
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// BenchmarkKeywords classifies the whole routing table once per iteration.
func BenchmarkKeywords(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range routes {
			Keywords(r.query)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(routes)), "ns/query")
}
