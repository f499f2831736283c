package supervisor

import "testing"

// TestItemFigures: a list item's figure is its own item's process's, not
// annotated away by the item above; a typed whole percentage is exact.
func TestItemFigures(t *testing.T) {
	ev := evidence(t, "ps_aux_mem.txt", "free.txt", "df.txt", "ss.txt", "lscpu.txt")
	dev := EvidenceText(scenario(t, "host12"))
	checkPairs(t, []pair{
		{"bracketed PID then a figure, item by item", ev,
			"Top memory users:\n- firefox (PID 4242): 7.4%\n- gnome-shell (PID 2210): 2.9%\n- dockerd (PID 1187): 1.6%",
			"Top memory users:\n- firefox (PID 4242): 7.4%\n- gnome-shell (PID 2210): 4.2%\n- dockerd (PID 1187): 1.6%"},
		{"bracketed PID then a figure, item by item in one sentence", ev,
			"Top memory: firefox (PID 4242): 7.4%, gnome-shell (PID 2210): 2.9%.",
			"Top memory: firefox (PID 4242): 7.4%, gnome-shell (PID 2210): 4.2%."},
		{"typed 0 is 0.0%, not up to 0.5%", dev,
			"process_api (PID 1) uses 0.0% of memory.",
			"process_api (PID 1) uses 0.3% of memory."},
	})
}
