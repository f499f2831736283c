package supervisor

import "testing"

// TestPositionalRules checks the rules that read where a claim sits and
// what its sentence relates, each with a true answer that must stay
// grounded and the same shape with one fact wrong that must not.
func TestPositionalRules(t *testing.T) {
	ev := evidence(t, "ps_aux_mem.txt", "free.txt", "df.txt", "ss.txt", "journal.txt", "lscpu.txt")
	empty := ev + "probe system_logs journalctl\n-- No entries --\n"
	tests := []pair{
		{"figure opens its segment", ev, "Memory: 7.4% firefox, 2.9% gnome-shell.", "Memory: 7.4% firefox, 1.6% gnome-shell."},
		{"bracket annotates the name before it", ev, "nginx's master (PID 930) and firefox (PID 4242) run.", "nginx's master (PID 4242) and firefox (PID 930) run."},
		{"agent after by", ev, "Port 22 is listened on by sshd (PID 812).", "Port 22 is listened on by nginx (PID 930)."},
		{"slash divides figures", ev, "RAM: 15 GiB total / 6.1 GiB used / 9.3 GiB available.", "RAM: 15 GiB total / 9.3 GiB used / 6.1 GiB available."},
		{"port with protocol", ev, "Ports: 22/tcp (sshd), 80/tcp (nginx).", "Ports: 22/tcp (sshd), 80/tcp (cupsd)."},
		{"heading over indented lines", ev, "firefox:\n  pid: 4242\n  memory: 7.4%", "firefox:\n  pid: 4242\n  memory: 2.9%"},
		{"respectively", ev, "firefox and gnome-shell use 7.4% and 2.9% of memory respectively.", "firefox and gnome-shell use 2.9% and 7.4% of memory respectively."},
		{"superlative", ev, "The biggest memory user is firefox.", "The biggest memory user is gnome-shell."},
		{"denied state", ev, "cupsd has not failed, and nginx is running.", "nginx is not running."},
		{"counted noun", ev, "sshd uses 9216 KiB.", "There are 12 processes running as alice."},
		{"user name", ev, "nginx (PID 930) runs as root.", "nginx (PID 931) runs as root."},
		{"buff/cache is its own column", ev, "Used memory is 6.1 GiB.", "Used memory is 6.4 GiB."},
		{"empty journal", empty, "The journal is empty.", ""},
		{"journal with entries", ev, "", "The journal is empty, no errors."},
		{"evidence phrase", "probe failed_services systemctl\ncannot list failed units: no connection to the systemd system bus\n", "There is no connection to the systemd system bus.", "There is no connection to the network."},
	}
	checkPairs(t, tests)
}

// TestAdviceShapes checks that advice in its newer shapes names commands,
// paths and programs at no cost.
func TestAdviceShapes(t *testing.T) {
	ev := evidence(t, "ps_aux_mem.txt", "df.txt", "ss.txt")
	for _, answer := range []string{
		"sshd listens on port 22. Hardening tips: set PasswordAuthentication no in /etc/ssh/sshd_config.",
		"/ is 90% full. Options:\n- `VACUUM FULL` large tables\n- grow the array",
		"sshd listens on port 22. Installing fail2ban (`apt install fail2ban`) would block repeated attempts.",
		"/ is 90% full. I'd look at /var/log/journal next.",
	} {
		if g := Check(answer, ev); !g.Grounded() {
			t.Errorf("%q: advice cost grounding: %+v", answer, g)
		}
	}
}
