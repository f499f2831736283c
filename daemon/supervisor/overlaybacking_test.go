package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestOverlayBacking: an overlay mount under another mount, with that
// mount's Size, Used and Avail, sits on its filesystem; one whose figures
// differ does not.
func TestOverlayBacking(t *testing.T) {
	host49 := EvidenceText(scenario(t, "host49"))
	own := overlayDF()
	checkPairs(t, []pair{
		{"overlay on its parent's device", host49,
			"/var/lib/docker/overlay2/9c3e11f0a2b4/merged is on the same device as /var/lib/docker.",
			"/var/lib/docker/overlay2/9c3e11f0a2b4/merged is on the same disk as /."},
		{"overlay with its parent's figures", own,
			"/srv/containers/overlay/a1b2c3/merged is on the same disk as /srv.",
			"/srv/containers/overlay/a1b2c3/merged is on the same disk as /."},
		{"overlay with figures of its own", own,
			"/srv is at 59%; /srv/containers/overlay/d4e5f6/merged is on a different device.",
			"/srv is at 59%; /srv/containers/overlay/d4e5f6/merged is on the same device."},
	})
}

// overlayDF is the evidence of a made-up df: one overlay with its parent's
// figures (/srv on sda1), one with figures of its own.
func overlayDF() string {
	df := "Filesystem      Size  Used Avail Use% Mounted on\n" +
		"/dev/sda1       916G  512G  358G  59% /srv\n" +
		"overlay         916G  512G  358G  59% /srv/containers/overlay/a1b2c3/merged\n" +
		"overlay          20G  1.0G   19G   5% /srv/containers/overlay/d4e5f6/merged\n" +
		"/dev/nvme0n1p2  468G  398G   47G  90% /\n"
	return EvidenceText(Input{Results: []rpc.ProbeResult{{Probe: probes.DiskUsage, Command: "df -h", Stdout: df}}})
}

// TestOverlayOnOverlay: an overlay mounted inside another overlay (a
// container's storage in a container) with the same Size, Used and Avail
// sits on the filesystem the outer overlay sits on, not on "overlay".
func TestOverlayOnOverlay(t *testing.T) {
	df := "Filesystem      Size  Used Avail Use% Mounted on\n" +
		"/dev/sda1       916G  512G  358G  59% /srv\n" +
		"overlay         916G  512G  358G  59% /srv/containers/overlay/a1b2c3/merged\n" +
		"overlay         916G  512G  358G  59% /srv/containers/overlay/a1b2c3/merged/var/lib/containers/overlay/77aa01/merged\n" +
		"/dev/nvme0n1p2  468G  398G   47G  90% /\n"
	nested := EvidenceText(Input{Results: []rpc.ProbeResult{{Probe: probes.DiskUsage, Command: "df -h", Stdout: df}}})
	inner := "/srv/containers/overlay/a1b2c3/merged/var/lib/containers/overlay/77aa01/merged"
	checkPairs(t, []pair{
		{"inner overlay on the outer one's device", nested,
			inner + " is on the same disk as /srv.",
			inner + " is on the same disk as /."},
		{"inner overlay placed on the outer one's filesystem", nested,
			"/srv on /dev/sda1 is at 59%. " + inner + " shows the same 59% because it sits on that filesystem.",
			"/ on /dev/nvme0n1p2 is at 90%. " + inner + " is at 59% because it sits on that filesystem."},
	})
}
