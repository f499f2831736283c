package supervisor

import "testing"

// TestMountShapes checks answers about filesystems and block devices: the
// figures, devices and relations said of a mount must be its df and lsblk
// rows'.
func TestMountShapes(t *testing.T) {
	host18 := EvidenceText(scenario(t, "host18"))
	checkPairs(t, []pair{
		// free's 3.7Gi used is no tmpfs's whole.
		{"a mount's whole after of", host18, "/mnt/scratch is 40% full: 200M used of 512M.", "/mnt/scratch is 40% full: 200M used of 3.7G."},
		{"a mount's whole after a slash", host18, "/mnt/scratch: 200M / 512M (40%).", "/mnt/scratch: 200M / 3.7G (40%)."},
	})
}
