package supervisor

import "testing"

// TestVersusBracket checks that "(A vs B)" after a comparative with no
// "than" gives A to the clause's subject and B to the other process its
// sentence compares it with.
func TestVersusBracket(t *testing.T) {
	host27 := EvidenceText(scenario(t, "host27"))
	tests := []pair{
		{"subject's figure first", host27,
			"`php-fpm` (PID 29001, ~318 MiB RSS) uses more memory than `Überwacher` (PID 28995, only 7984 KiB RSS) — but `Überwacher` uses far more CPU (81.6% vs 1.7%).",
			"`php-fpm` (PID 29001, ~318 MiB RSS) uses more memory than `Überwacher` (PID 28995, only 7984 KiB RSS) — but `Überwacher` uses far more CPU (80.8% vs 1.7%)."},
		{"other's figure second", host27,
			"sha1sum (1780 KiB RSS) uses less memory than php-fpm (about 318 MiB), yet sha1sum uses much more CPU (80.8% vs 1.7%).",
			"sha1sum (1780 KiB RSS) uses less memory than php-fpm (about 318 MiB), yet sha1sum uses much more CPU (80.8% vs 81.6%)."},
	}
	checkPairs(t, tests)
}
