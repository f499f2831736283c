package supervisor

import "testing"

// TestVersusAgainstBold: "than B: **X** (…) against **Y** (…)" sets the
// two sides against each other as "vs" does, and the bold that ends
// before a restating bracket still leaves the bracket the figure's; the
// sides swapped, or a figure from another process, stay wrong.
func TestVersusAgainstBold(t *testing.T) {
	// firefox (PID 4242): 7.4% MEM, RSS 1153024 KiB; gnome-shell (PID
	// 2210): 2.9% MEM, RSS 452112 KiB.
	laptop := EvidenceText(scenario(t, "laptop"))
	// asterisk: RSS 305464 KiB, 1.2%; named: 49436 KiB, 0.2%;
	// fail2ban-server: 48324 KiB, 0.1%.
	pbx := EvidenceText(scenario(t, "host57"))
	checkPairs(t, []pair{
		{"against, bold with brackets", laptop,
			"firefox (PID 4242) uses more memory than gnome-shell: **1153024 KiB** (~1.1 GiB, 7.4%) against **452112 KiB** (~442 MiB, 2.9%).",
			"firefox (PID 4242) uses more memory than gnome-shell: **452112 KiB** (~442 MiB, 2.9%) against **1153024 KiB** (~1.1 GiB, 7.4%)."},
		{"vs, bold with brackets", laptop,
			"firefox uses more memory than gnome-shell: **1153024 KiB** (~1.1 GiB, 7.4%) vs **452112 KiB** (~442 MiB, 2.9%).",
			"gnome-shell uses more memory than firefox: **1153024 KiB** (~1.1 GiB, 7.4%) vs **452112 KiB** (~442 MiB, 2.9%)."},
		{"against, the other side another process's", pbx,
			"Yes, asterisk (PID 10868) uses far more memory than named: **305464 KiB** (~298 MiB, 1.2%) against **49436 KiB** (~48 MiB, 0.2%), about six times as much.",
			"Yes, asterisk (PID 10868) uses far more memory than named: **305464 KiB** (~298 MiB, 1.2%) against **48324 KiB** (~47 MiB, 0.1%), about six times as much."},
	})
}
