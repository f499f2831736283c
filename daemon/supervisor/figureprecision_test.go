package supervisor

import "testing"

// TestFigurePrecision covers the precision of figures on both sides: a
// typed whole number keeps ps's one decimal (typedfigures.go), and two
// numbers next to each other are a range only when a dash joins them
// (rangegaps.go).
func TestFigurePrecision(t *testing.T) {
	host30 := EvidenceText(scenario(t, "host30")) // ./capture 22771 at 0.0 %CPU, 0.0 %MEM
	host33 := EvidenceText(scenario(t, "host33")) // /dev/loop0 272M 263M 0 100% /mnt/archive
	checkPairs(t, []pair{
		{"typed zero is ps's 0.0", host30, "capture (PID 22771) sits at 0.0%.", "capture (PID 22771) sits at 0.3%."},
		{"typed zero against a CPU share", host30, "The sshd process with PID 22245 is idle at 0.0% CPU.", "The sshd process with PID 22245 is at 0.4% CPU."},
		{"table cells are no range", host33,
			"| Mount | Device | Size | Used | Avail | Use% |\n|---|---|---|---|---|---|\n| /mnt/archive | /dev/loop0 | 272M | 263M | 0 | 100% |\n\n/mnt/archive is full.",
			"| Mount | Device | Size | Used | Avail | Use% |\n|---|---|---|---|---|---|\n| /mnt/archive | /dev/loop0 | 272M | 263M | 0 | 40% |\n\n/mnt/archive is full."},
		{"copied df row", host33, "df shows /dev/loop0 272M 263M 0 100% /mnt/archive.", "df shows /dev/loop0 272M 263M 0 30% /mnt/archive."},
		{"a dashed range still spans", host33, "/mnt/archive holds 260–265 MiB.", "/mnt/archive holds 200–220 MiB."},
	})
}
