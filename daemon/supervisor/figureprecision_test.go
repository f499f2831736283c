package supervisor

import "testing"

// TestFigurePrecision covers the precision of figures: a typed whole
// number keeps ps's one decimal (typedfigures.go).
func TestFigurePrecision(t *testing.T) {
	host30 := EvidenceText(scenario(t, "host30")) // ./capture 22771 at 0.0 %CPU, 0.0 %MEM
	checkPairs(t, []pair{
		{"typed zero is ps's 0.0", host30, "capture (PID 22771) sits at 0.0%.", "capture (PID 22771) sits at 0.3%."},
		{"typed zero against a CPU share", host30, "The sshd process with PID 22245 is idle at 0.0% CPU.", "The sshd process with PID 22245 is at 0.4% CPU."},
	})
}
