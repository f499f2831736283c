package supervisor

import "testing"

// TestOwnedPortRuns checks bare numbers before "on" and an address in a
// line that names their owner (ownedports.go): they are ports, checked
// against that owner's sockets; a count by address names no owner.
func TestOwnedPortRuns(t *testing.T) {
	host31 := EvidenceText(scenario(t, "host31"))
	host33 := EvidenceText(scenario(t, "host33"))
	checkPairs(t, []pair{
		{"one port per owner", host31,
			"Listening:\n- nginx (PID 29711): 80 on 0.0.0.0 and [::]\n- java (PID 29962): 8081 on 0.0.0.0\n- php-fpm8.2 (PID 29699): 9000 on 127.0.0.1",
			"Listening:\n- nginx (PID 29711): 80 on 0.0.0.0 and [::]\n- java (PID 29962): 8081 on 0.0.0.0\n- php-fpm8.2 (PID 29699): 9000 on 0.0.0.0"},
		{"a port after plus, of another owner", host31,
			"Listening:\n- java (PID 29962): 8081 on 0.0.0.0\n- php-fpm8.2 (PID 29699): port 9000 on 127.0.0.1",
			"Listening:\n- redis-server (PID 29963): 6379 on 127.0.0.1, plus 9000 on 127.0.0.1"},
		{"a port after plus", host33,
			"Listening:\n- postgres (PID 373): 5432 on 127.0.0.1, plus 5432 on [::1]",
			"Listening:\n- postgres (PID 373): 5432 on 127.0.0.1, plus 3000 on 0.0.0.0"},
		{"ports joined by and", host33,
			"Listening:\n- postgres (PID 373): 5432 on 127.0.0.1 and [::1]\n- node (PID 381): 3000 on 0.0.0.0",
			"Listening:\n- node (PID 381): 3000 and 9100 on 0.0.0.0"},
	})
	for _, tc := range []struct {
		answer, number string
		port           bool
	}{
		{"- master (PID 26950): 25 and 587 on 0.0.0.0", "587", true},
		{"- named (PID 26992): port 53 on 127.0.0.1, plus 953 on 127.0.0.1", "953", true},
		{"Counted by address: 12 on 0.0.0.0 and 14 on [::].", "12", false},
		{"Counted by address: 12 on 0.0.0.0 and 14 on [::].", "14", false},
		{"- master (PID 26950): 25 and 587 processes", "587", false},
	} {
		var found []claim
		for _, c := range extract(tc.answer, nil) {
			if c.text == tc.number {
				found = append(found, c)
			}
		}
		if len(found) != 1 {
			t.Errorf("%q in %q: %d claims, want one", tc.number, tc.answer, len(found))
		} else if (found[0].kind == kindPort) != tc.port {
			t.Errorf("%q in %q: kind %d, want a port: %v", tc.number, tc.answer, found[0].kind, tc.port)
		}
	}
}
