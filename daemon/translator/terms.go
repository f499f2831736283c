package translator

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// term is one keyword or phrase (canonical words separated by spaces) with
// the domain it points to, how strongly, and the probes that answer it.
//
// Weights: 3 is a topic noun that belongs to one domain (memory, partition,
// firewall); 2 a strong hint (slow, full, login); 1 a weak hint (computer,
// home). Phrases that override their words carry 4 to 6 ("security update"
// is about packages, not security).
type term struct {
	words  string
	domain string
	weight float64
	probes []string
	seq    []string // words split, filled in by init
}

// Probe sets reused by many terms.
var (
	memProbes  = []string{probes.TopMemory, probes.MemoryInfo}
	cpuProbes  = []string{probes.TopCPU, probes.CPUInfo}
	procProbes = []string{probes.TopCPU, probes.TopMemory}
	slowProbes = []string{probes.TopCPU, probes.CPUInfo, probes.TopMemory}
	hangProbes = []string{probes.TopCPU, probes.TopMemory, probes.SystemLogs}
	svcProbes  = []string{probes.FailedServices, probes.SystemLogs}
	logProbes  = []string{probes.SystemLogs}
	addrProbes = []string{probes.NetworkAddrs}
	netProbes  = []string{probes.NetworkAddrs, probes.NetworkRoutes}
	linkProbes = []string{probes.NetworkAddrs, probes.SystemLogs}
	rtProbes   = []string{probes.NetworkRoutes}
	portProbes = []string{probes.ListeningPorts}
	expProbes  = []string{probes.ListeningPorts, probes.NetworkAddrs}
	dfProbes   = []string{probes.DiskUsage}
	diskProbes = []string{probes.DiskUsage, probes.BlockDevices}
	blkProbes  = []string{probes.BlockDevices}
	hwProbes   = []string{probes.CPUInfo, probes.MemoryInfo}
)

// group declares several words that share a domain, weight and probes.
func group(domain string, weight float64, ps []string, words ...string) []term {
	out := make([]term, len(words))
	for i, w := range words {
		out[i] = term{words: w, domain: domain, weight: weight, probes: ps}
	}
	return out
}

// Packages have no probe in the allowlist: package terms request none, and
// the specialist must say it cannot check rather than guess. The journal's
// warnings rarely concern packages, so system_logs would only add latency.
var terms = slices.Concat(
	// system: memory
	group(rpc.DomainSystem, 3, memProbes, "memory", "ram", "mem", "swap"),
	group(rpc.DomainSystem, 3, []string{probes.SystemLogs, probes.TopMemory, probes.MemoryInfo}, "oom"),
	group(rpc.DomainSystem, 4, []string{probes.SystemLogs, probes.TopMemory, probes.MemoryInfo}, "out of memory"),
	group(rpc.DomainSystem, 4, []string{probes.MemoryInfo}, "how much ram", "how much memory", "free memory", "how much swap"),
	group(rpc.DomainSystem, 2, []string{probes.TopMemory}, "leak"),
	group(rpc.DomainSystem, 1, procProbes, "eat", "top", "task"),
	group(rpc.DomainSystem, 2, procProbes, "hog", "resource", "kill", "performance", "program", "app", "application", "pid"),
	// system: cpu and performance
	group(rpc.DomainSystem, 3, cpuProbes, "cpu"),
	group(rpc.DomainSystem, 3, []string{probes.CPUInfo}, "processor"),
	group(rpc.DomainSystem, 4, []string{probes.CPUInfo}, "what cpu", "which cpu", "cpu model", "how many core", "what processor", "which processor"),
	group(rpc.DomainSystem, 2, []string{probes.CPUInfo}, "core", "temperature"),
	group(rpc.DomainSystem, 1, []string{probes.CPUInfo}, "thread"),
	group(rpc.DomainSystem, 2, []string{probes.TopCPU}, "load", "fan"),
	group(rpc.DomainSystem, 3, []string{probes.TopCPU}, "load average"),
	group(rpc.DomainSystem, 1, []string{probes.TopCPU}, "hot"),
	group(rpc.DomainSystem, 2, cpuProbes, "overheat"),
	group(rpc.DomainSystem, 2, slowProbes, "slow", "sluggish", "laggy", "lag"),
	group(rpc.DomainSystem, 2, hangProbes, "freeze", "frozen", "hang", "unresponsive", "stutter"),
	group(rpc.DomainSystem, 3, procProbes, "process"),
	group(rpc.DomainSystem, 2, []string{probes.TopCPU}, "run"),
	// system: services, boot and logs
	group(rpc.DomainSystem, 3, []string{probes.FailedServices}, "service", "systemd", "systemctl"),
	group(rpc.DomainSystem, 2, []string{probes.FailedServices}, "daemon", "unit", "restart"),
	group(rpc.DomainSystem, 2, svcProbes, "fail", "broken", "boot", "startup"),
	group(rpc.DomainSystem, 3, logProbes, "log", "journal", "journalctl", "dmesg", "syslog", "crash", "segfault", "panic", "coredump"),
	group(rpc.DomainSystem, 5, logProbes, "kernel panic", "segmentation fault", "core dump"),
	group(rpc.DomainSystem, 2, logProbes, "error", "warning", "reboot", "shutdown"),
	// system: hardware and the machine itself
	group(rpc.DomainSystem, 3, nil, "kernel", "uptime", "gpu", "vram", "graphic", "video card"),
	group(rpc.DomainSystem, 2, hwProbes, "hardware", "spec", "specification"),
	group(rpc.DomainSystem, 2, nil, "motherboard", "bios", "battery"),
	group(rpc.DomainSystem, 1, nil, "system", "computer", "machine", "laptop", "desktop", "pc", "os"),
	// network
	group(rpc.DomainNetwork, 3, netProbes, "network", "internet", "connectivity", "vpn", "wireguard", "openvpn", "tailscale"),
	group(rpc.DomainNetwork, 2, netProbes, "online", "offline", "connection", "connect"),
	group(rpc.DomainNetwork, 3, linkProbes, "wifi", "wi-fi", "wireless", "wlan", "disconnect", "dhcp"),
	group(rpc.DomainNetwork, 2, linkProbes, "drop"),
	group(rpc.DomainNetwork, 3, addrProbes, "ethernet", "interface", "nic", "ip", "ipv4", "ipv6", "subnet"),
	group(rpc.DomainNetwork, 4, addrProbes, "ip address", "network card", "mac address"),
	group(rpc.DomainNetwork, 2, addrProbes, "mac", "adapter", "lan"),
	group(rpc.DomainNetwork, 1, addrProbes, "address"),
	group(rpc.DomainNetwork, 3, rtProbes, "route", "routing", "gateway"),
	group(rpc.DomainNetwork, 4, rtProbes, "default route", "routing table"),
	group(rpc.DomainNetwork, 2, rtProbes, "router", "ping", "latency", "packet", "proxy"),
	group(rpc.DomainNetwork, 3, netProbes, "dns", "resolve", "resolv", "nameserver"),
	group(rpc.DomainNetwork, 2, netProbes, "hostname", "lookup", "bandwidth"),
	group(rpc.DomainNetwork, 3, portProbes, "port", "listen", "tcp", "udp"),
	group(rpc.DomainNetwork, 2, portProbes, "socket"),
	group(rpc.DomainNetwork, 4, portProbes, "open port"),
	// storage
	group(rpc.DomainStorage, 3, diskProbes, "disk", "drive", "ssd", "hdd", "nvme", "partition", "storage", "volume", "mount", "unmount", "umount"),
	group(rpc.DomainStorage, 4, diskProbes, "hard drive", "hard disk"),
	group(rpc.DomainStorage, 3, dfProbes, "filesystem", "inode", "fstab", "btrfs", "ext4", "xfs", "zfs", "ntfs"),
	group(rpc.DomainStorage, 4, dfProbes, "file system", "free space", "disk usage", "disk space", "out of space", "home directory"),
	group(rpc.DomainStorage, 5, dfProbes, "no space left"),
	group(rpc.DomainStorage, 3, dfProbes, "out of room"),
	group(rpc.DomainStorage, 2, dfProbes, "space", "full", "quota"),
	group(rpc.DomainStorage, 1, dfProbes, "home", "folder", "directory", "file"),
	group(rpc.DomainStorage, 3, blkProbes, "raid", "lvm", "usb"),
	// security
	group(rpc.DomainSecurity, 3, []string{probes.ListeningPorts, probes.SystemLogs}, "security"),
	group(rpc.DomainSecurity, 3, expProbes, "secure"),
	// Words that alone name a security concern outweigh the topic nouns
	// around them: "which services are exposed", "a weird process, am I hacked?"
	group(rpc.DomainSecurity, 4, expProbes, "expose", "exposure"),
	group(rpc.DomainSecurity, 3, portProbes, "firewall", "iptables", "nftables", "ufw", "firewalld"),
	group(rpc.DomainSecurity, 2, expProbes, "ssh", "sshd"),
	group(rpc.DomainSecurity, 2, logProbes, "login", "password", "auth", "authentication"),
	group(rpc.DomainSecurity, 5, logProbes, "failed login", "login attempt", "brute force", "root login"),
	group(rpc.DomainSecurity, 3, logProbes, "sudo", "audit", "selinux", "apparmor", "fail2ban"),
	group(rpc.DomainSecurity, 4, []string{probes.SystemLogs, probes.ListeningPorts, probes.TopCPU},
		"attack", "hack", "intrusion", "intruder", "breach", "compromise", "malware", "virus", "rootkit"),
	group(rpc.DomainSecurity, 2, []string{probes.TopCPU, probes.ListeningPorts}, "suspicious"),
	group(rpc.DomainSecurity, 3, nil, "permission", "vulnerability", "vulnerable", "cve"),
	group(rpc.DomainSecurity, 4, blkProbes, "encrypt", "encryption", "luks"),
	group(rpc.DomainSecurity, 2, nil, "certificate", "tls", "ssl"),
	// packages
	group(rpc.DomainPackages, 3, nil, "package", "install", "reinstall", "uninstall", "purge", "upgrade", "update", "outdated",
		"apt", "apt-get", "dpkg", "pacman", "dnf", "yum", "rpm", "snap", "snapd", "flatpak", "pip", "npm", "brew", "zypper",
		"aur", "yay", "paru", "repository", "repo", "ppa", "dependency"),
	group(rpc.DomainPackages, 6, nil, "security update", "kernel update", "update kernel"),
	group(rpc.DomainPackages, 2, nil, "remove", "version", "library", "software"),
)

// Indexes over terms, built once: single words, phrases by first word
// (longest first), the vocabulary stems may map onto, and the one-word terms
// long enough for typo correction by initial (sorted, so ties resolve the
// same way every time).
var (
	wordTerms   = map[string]*term{}
	phraseTerms = map[string][]*term{}
	vocab       = map[string]bool{}
	byInitial   = map[byte][]string{}
)

// maxPhraseWords bounds phrase matching at each position.
const maxPhraseWords = 4

func init() {
	for i := range terms {
		t := &terms[i]
		ws := strings.Fields(t.words)
		t.seq = ws
		if len(ws) > maxPhraseWords {
			panic("translator: phrase too long: " + t.words)
		}
		for _, w := range ws {
			vocab[w] = true
		}
		if len(ws) == 1 {
			if _, dup := wordTerms[t.words]; dup {
				panic("translator: duplicate term " + t.words)
			}
			wordTerms[t.words] = t
			if len(t.words) >= 5 {
				byInitial[t.words[0]] = append(byInitial[t.words[0]], t.words)
			}
			continue
		}
		phraseTerms[ws[0]] = append(phraseTerms[ws[0]], t)
	}
	for _, ts := range phraseTerms {
		slices.SortStableFunc(ts, func(a, b *term) int {
			return len(b.seq) - len(a.seq)
		})
	}
	for _, ws := range byInitial {
		slices.Sort(ws)
	}
}

// hit is a term matched at a token position.
type hit struct {
	t   *term
	pos int
}

// scan matches terms greedily: at each position the longest phrase wins and
// consumes its words, so "security updates" never also counts "security".
func scan(words []string) []hit {
	var hits []hit
	for i := 0; i < len(words); {
		n := 0
		for _, t := range phraseTerms[words[i]] {
			if i+len(t.seq) <= len(words) && slices.Equal(words[i:i+len(t.seq)], t.seq) {
				hits, n = append(hits, hit{t, i}), len(t.seq)
				break
			}
		}
		if n == 0 {
			if t, ok := wordTerms[words[i]]; ok {
				hits = append(hits, hit{t, i})
			}
			n = 1
		}
		i += n
	}
	return hits
}
