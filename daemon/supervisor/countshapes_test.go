package supervisor

import "testing"

// TestCountAndArithmeticShapes checks counts a predicate selects ("two
// python3 processes hold the most memory") and sums after lists.
func TestCountAndArithmeticShapes(t *testing.T) {
	node := "probe top_memory ps aux --sort=-%mem\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"root 5101 2.0 9.1 2300000 2200000 ? S 10:00 0:10 /usr/bin/node server.js\n" +
		"root 5102 1.0 6.0 1500000 1450000 ? S 10:00 0:05 /usr/bin/node worker.js\n" +
		"root 5200 0.5 3.0 800000 730000 ? S 10:00 0:02 /usr/sbin/mysqld\n" +
		"root 5103 0.1 0.2 60000 50000 ? S 10:00 0:00 /usr/bin/node health.js\n"
	tests := []pair{
		{"instances a predicate selects", node, "Two node processes hold the most memory: PID 5101 and PID 5102.", "Four node processes hold the most memory."},
		{"instances that dominate", node, "Two node processes dominate memory.", "Four node processes dominate memory."},
		{"selected instances are the name's", node, "Two node processes are the biggest: PID 5101 and PID 5102.", "Two node processes are the biggest: PID 5101 and PID 5200."},
		{"PIDs a count of instances names", node, "Two node processes hold the most memory, more than mysqld (PID 5200).", "There are three node processes: PID 5101, 5102 and 5200."},
		{"bare count of instances stays exact", node, "There are three node processes.", "There are two node processes."},
		{"ranked count of instances", node, "The top two node processes by memory are PID 5101 and PID 5102.", "The top four node processes by memory are PID 5101 and PID 5102."},
	}
	checkPairs(t, tests)
}

// A figure before "more … than" is the two sides' difference; a number
// before "times more than" their factor, checked when hedged.
func TestDifferencesAndFactors(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		{"size difference", laptop, "firefox uses about 0.7 GiB more than gnome-shell.", "firefox uses about 1.5 GiB more than gnome-shell."},
		{"percentage difference", laptop, "firefox uses 4.5% more memory than gnome-shell.", "firefox uses 6% more memory than gnome-shell."},
		{"hedged factor", laptop, "firefox uses roughly 125 times more memory than sshd.", "firefox uses roughly 40 times more memory than sshd."},
		{"factor against the list above", laptop,
			"- firefox (PID 4242): 1153024 KiB\n- sshd (PID 812): 9216 KiB\nfirefox uses roughly 125 times as much as sshd.",
			"- firefox (PID 4242): 1153024 KiB\n- sshd (PID 812): 9216 KiB\nfirefox uses roughly 400 times as much as sshd."},
		{"difference against the list above", server,
			"- postgres (PID 2231): 12.4% MEM\n- dockerd (PID 3120): 6.6% MEM\npostgres holds 5.8% more than the Docker daemon.",
			"- postgres (PID 2231): 12.4% MEM\n- dockerd (PID 3120): 6.6% MEM\npostgres holds 8.8% more than the Docker daemon."},
	}
	checkPairs(t, tests)
}

// A percentage said of the CPUs' whole is 100% per logical CPU.
func TestCPUCapacity(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	tests := []pair{
		{"capacity after 'of the'", laptop, "firefox uses 12.3% of the 1600% that the 16 CPUs can give.", "firefox uses 12.3% of the 800% that the 16 CPUs can give."},
		{"capacity word after it", server, "PostgreSQL's 38.6% is a small part of the 3200% capacity of its 32 CPUs.", "PostgreSQL's 38.6% is a small part of the 1600% capacity of its 32 CPUs."},
		{"no capacity: a process's share", laptop, "", "firefox uses 1600% of the CPUs."},
	}
	checkPairs(t, tests)
}

// A program said to own a port must be a socket's process on it.
func TestPortOwners(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	host18 := EvidenceText(scenario(t, "host18"))
	host14 := EvidenceText(scenario(t, "host14"))
	tests := []pair{
		{"program in brackets after the service", laptop, "Port 5353 is the mDNS service (avahi-daemon).", "Port 5353 is the mDNS service (systemd-resolved)."},
		{"unknown program in brackets", host18, "Port 5353 is a socat listener.", "Port 5353 is the mDNS daemon (avahi-daemon), bound to 127.0.0.53."},
		{"program of another port in brackets", host14, "Port 31337 is the relay service (socat).", "Port 31337 is the model server (ollama-runner)."},
		{"program named in the description", laptop, "Port 80 is the nginx web server.", "Port 22 is the nginx web server."},
		{"program in brackets before its port", laptop, "The mDNS service (avahi-daemon) on port 5353 answers local queries.", ""},
		{"other program in brackets before a port", host14, "", "The Kubernetes network service (kube-proxy) listens on port 31337."},
		{"port belongs to a program", laptop, "Port 631 belongs to cupsd.", "Port 631 belongs to sshd."},
	}
	checkPairs(t, tests)
}
