package supervisor

import "testing"

// TestPairingShapes checks the shapes of blind round 33–34 where true
// answers paired figures with the wrong item: a bracket's figures belong
// to the name it follows, not to the last word inside it.
func TestPairingShapes(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	host17 := EvidenceText(scenario(t, "host17"))
	host26 := EvidenceText(scenario(t, "host26"))
	host25 := EvidenceText(scenario(t, "host25"))
	pgOnlyInSS := "probe listening_ports ss -tulpn\n" +
		"tcp LISTEN 0 5 0.0.0.0:5432 0.0.0.0:* users:((\"postgres\",pid=4100,fd=5))\n"
	checkPairs(t, []pair{
		{"a field word closing a bracket before a verb", laptop,
			"firefox (PID 4242, 1153024 KiB RSS) uses far more memory than gnome-shell (452112 KiB).",
			"firefox (PID 4242, 452112 KiB RSS) uses far more memory than gnome-shell (1153024 KiB)."},
		{"a bracket's figures before the next item with no comma", laptop,
			"Biggest memory users: firefox PID 4242 (7.4%, ~1.1 GiB) then gnome-shell PID 2210 (2.9%, ~442 MiB).",
			"Biggest memory users: firefox PID 4242 (7.4%, ~442 MiB) then gnome-shell PID 2210 (2.9%, ~1.1 GiB)."},
		{"a port set apart from the subject by an opening 'besides'", host17,
			"Besides port 2024, socat on 0.0.0.0:3306 (PID 8075) is bound to all addresses.",
			"Besides port 2025, socat on 0.0.0.0:3306 (PID 8075) is bound to all addresses."},
		{"a bound over the rest after a sentence naming the PIDs set apart", laptop,
			"The biggest memory users are PID 4242 at 7.4% and PID 4391 at 4.2%. Everything else is under 3%.",
			"The biggest memory user is PID 4242 at 7.4%. Everything else is under 3%."},
		{"a count completing a ranked subject selects among the program's rows", laptop,
			"The biggest memory users are two firefox processes.",
			"The biggest memory users are three firefox processes."},
		// host17 runs three python3 processes: two of them are selected,
		// and a bare count of two is wrong.
		{"a count completing a ranked subject is no count of all the rows", host17,
			"The biggest memory users are two python3 processes.",
			"There are two python3 processes."},
		{"a port opening its own clause after an item with its port", host17,
			"socat on port 3306 and whatever holds port 2024 both listen on 0.0.0.0.",
			"socat on port 3306 and whatever holds port 8088 both listen on 0.0.0.0."},
		{"a port opening its own comma clause after a bracket of PIDs", host17,
			"socat on port 3306 listens on 0.0.0.0 (PID 8075), port 2024 listens on 0.0.0.0.",
			"socat on port 3306 listens on 0.0.0.0 (PID 8075), port 8088 listens on 0.0.0.0."},
		{"a port merely listed after another is still the name's", host17,
			"socat listens on 3306, 5005.",
			"socat listens on 3306, 8088."},
		{"a product named by the process only ss shows", pgOnlyInSS,
			"PostgreSQL listens on 0.0.0.0:5432.",
			"MariaDB listens on 0.0.0.0:5432."},
		{"each item of a reach list held to its own segment's words", host26,
			"Exposed sockets: TCP 2024 on 0.0.0.0, TCP 22 (sshd) on all IPv6 addresses.",
			"Exposed sockets: TCP 2024 on 0.0.0.0, TCP 631 (cupsd) on all IPv6 addresses."},
		{"the first item of a reach list keeps the label's reach", host26,
			"Exposed sockets: TCP 22 (sshd) on 0.0.0.0, TCP 22 on all IPv6 addresses.",
			"Exposed sockets: TCP 631 (cupsd) on 127.0.0.1, TCP 22 on all IPv6 addresses."},
		{"an IPv6 address written with its port and no brackets", host25,
			"redis-server listens on fd00::2:6379.",
			"postgres listens on fd00::2:6379."},
	})
}
