package supervisor

import "testing"

// TestLooseShapes checks the rules that let true answers be said loosely
// (rounded figures, descriptive words, other phrasings of an absence),
// each with a true answer that must stay grounded and the same shape with
// one fact wrong that must not.
func TestLooseShapes(t *testing.T) {
	ev := evidence(t, "ps_aux_mem.txt", "free.txt", "df.txt", "ss.txt", "lscpu.txt")
	noSwap := "probe memory_info free -h\n               total        used        free\nMem:            23Gi       2.8Gi        17Gi\nSwap:             0B          0B          0B\n"
	server := "probe top_cpu ps aux --sort=-%cpu\n" + fixture(t, "server/ps_cpu.txt") +
		"probe failed_services systemctl --failed\n" + fixture(t, "server/failed.txt") +
		"probe disk_usage df -h\n" + fixture(t, "server/df.txt")
	ollama := "probe top_memory ps aux\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"root 22086 34.2 0.1 1700160 44944 ? SNl 05:15 0:05 /root/ollama serve\n" +
		"root 22444 48.3 0.1 1774024 44600 ? SNl 05:15 0:03 /root/ollama serve\n" +
		"probe listening_ports ss -tulpn\ntcp LISTEN 0 4096 127.0.0.1:40309 0.0.0.0:* users:((\"ollama\",pid=22048,fd=3))\n"
	tests := []pair{
		{"processes counted with their sockets", ollama, "Three ollama processes are running.", "Five ollama processes are running."},
		{"superlative among one program's processes", ev, "The biggest firefox process is PID 4242.", "The biggest firefox process is PID 930."},
		{"PID after a role noun and 'process'", ev, "The linker process 4242 uses 12.3% CPU.", "The linker process 4242 uses 3.1% CPU."},
		{"product name of a process", server, "PostgreSQL is the busiest process at 38.6% CPU.", "PostgreSQL is using 21.7% CPU."},
		{"count of failed units alone", server, "Two units have failed.", "Three units have failed."},
		{"about a rounded percentage", ev, "firefox uses about 12% CPU.", "firefox uses about 30% CPU."},
		{"about a round figure", ev, "firefox (PID 4242) uses about 10% CPU.", "firefox (PID 4242) uses about 20% CPU."},
		{"about a rounded size", ev, "gnome-shell uses about 450 MiB.", "gnome-shell uses about 1.1 GiB."},
		{"about with a fraction stays close", ev, "firefox's resident memory is about 1.1 GiB.", "firefox's resident memory is about 1.4 GiB."},
		{"field before about", ev, "Used memory is about 6 GiB.", "Used memory is about 9 GiB."},
		{"slash before about", ev, "RAM: 15 GiB total / about 6 GiB used / about 9 GiB available.", "RAM: 15 GiB total / about 9 GiB used / about 6 GiB available."},
		{"descriptive word beside a real PID", ev, "The build process (PID 4242) uses 12.3% CPU.", "The build process (PID 4242) uses 3.1% CPU."},
		{"unknown name alone", ev, "", "frobnicator uses 12.3% CPU."},
		{"program denied where the evidence lacks it", ev, "firefox uses 12.3% CPU; MySQL and Apache are not installed.", "firefox uses 12.3% CPU; MySQL and Apache are installed."},
		{"PIDs listed after 'processes'", ev, "nginx serves on port 80 with two processes (930 and 931).", "nginx serves on port 80 with two processes (930 and 9310)."},
		{"identifier the evidence has", "probe cpu_info lscpu\nArchitecture: x86_64\n", "The architecture is x86_64.", "The architecture is aarch64."},
		{"identifier the evidence lacks costs nothing", evidence(t, "ss.txt"), "sshd listens on port 22 for IPv4 and IPv6.", "sshd listens on port 23 for IPv4 and IPv6."},
		{"no name across a line break", ev, "Here's a summary:\n\n| Process | PID | CPU |\n|---|---|---|\n| firefox | 4242 | 12.3% |", "Here's a summary:\n\n| Process | PID | CPU |\n|---|---|---|\n| firefox | 4242 | 45.3% |"},
		{"descriptive word ranks nothing", EvidenceText(scenario(t, "host7")), "The fuzzing run is using most of the CPU.", "The go test run is using most of the CPU."},
		{"state of every entity but the excepted", server, "All units except backup.service and certbot.timer are active.", "All units except backup.service are failed, and certbot.timer is active."},
		{"in a failed state", server, "backup.service is in a failed state.", "nginx.service is in a failed state."},
		{"virtual size before its figure", ev, "firefox's virtual size is 11.2 GiB.", "firefox's virtual size is 1.1 GiB."},
		{"unknown name a PID is said to be", ev, "PID 4242 is firefox.", "PID 4242 is frobnicator."},
		{"user a process is run by", ev, "firefox (PID 4242) is run by alice.", "firefox (PID 4242) is run by root."},
		{"swap not configured", noSwap, "Swap is not configured.", ""},
		{"swap disabled", ev, "", "Swap is disabled on this machine."},
		{"hardware count after a model name", ev, "Your CPU: AMD Ryzen 7 5800X (16 CPUs).", "Your CPU: AMD Ryzen 7 5800X (32 CPUs)."},
		{"count after a model name and comma", ev, "AMD Ryzen 7 5800X, 8 cores, 2 threads per core.", "AMD Ryzen 7 5800X, 12 cores, 2 threads per core."},
		{"nothing else beyond a bound", ev, "firefox is at 12.3% CPU; nothing else uses more than 5% CPU.", "firefox is at 12.3% CPU; nothing else uses more than 2% CPU."},
		{"nothing beyond a bound", ev, "No process uses more than 13% CPU.", "Nothing uses more than 10% CPU."},
		{"everything else below a bound", ev, "firefox is at 12.3% CPU. Everything else is below 4% CPU.", "firefox is at 12.3% CPU. Everything else is below 2% CPU."},
		{"memory after 'and' is the machine's", ev, "/ is 90% used and memory usage is moderate (6.1 GiB of 15 GiB).", "/ is 90% used and memory usage is moderate (7.4 GiB of 15 GiB)."},
		{"nothing listens on a port", ev, "Nothing is listening on port 3306.", "Nothing is listening on port 22."},
		{"a port that is not open", ev, "Port 3306 is not open.", "Port 631 is not open."},
		{"advice after 'unless you'", ev, "sshd listens on port 22, which is normal unless you do not use `ssh-keygen`.", "sshd listens on port 80, which is normal unless you do not use `ssh-keygen`."},
		{"general statement after a fact", ev, "/ is 90% full. Docker images can be pruned with `docker image prune`.", "/ is 50% full. Docker images can be pruned with `docker image prune`."},
		{"general statement ties its figures", ev, "sshd listens on port 22, which is normal.", "nginx listens on port 8080, which is normal."},
		{"gerund of an advice verb", ev, "Swap is 2.0 GiB. Adding a 4 GiB swap file is a cheap safety net.", "Swap is 4.0 GiB. Adding a 4 GiB swap file is a cheap safety net."},
		{"probe failure in other words", "probe system_logs journalctl\n\ncannot read the journal: no journal files\n", "The journal could not be read.", ""},
		{"probe failure the evidence lacks", evidence(t, "journal.txt"), "", "The journal could not be read."},
		{"share of the machine's memory", ev, "About 40% of the memory is in use.", "About 70% of the memory is in use."},
		{"memory label after a sentence", ev, "All fine. Memory is fine: 9.3 GiB available out of 15 GiB.", "All fine. Memory is fine: 7.7 GiB available out of 15 GiB."},
		{"share under a memory label", ev, "Used RAM: 6.1 GiB (40%).", "Used RAM: 6.1 GiB (60%)."},
	}
	checkPairs(t, tests)
}
