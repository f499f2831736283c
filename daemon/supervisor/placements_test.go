package supervisor

import "testing"

// TestPlacements: "because they sit on that filesystem" places mounts on
// the filesystem named before; it must be theirs by df.
func TestPlacements(t *testing.T) {
	own := overlayDF()
	checkPairs(t, []pair{
		{"placed on the filesystem before", own,
			"/srv on /dev/sda1 is at 59%. /srv/containers/overlay/a1b2c3/merged shows the same 59% because it sits on that filesystem.",
			"/ on /dev/nvme0n1p2 is at 90%. /srv/containers/overlay/a1b2c3/merged is at 59% because it sits on that filesystem."},
		{"mounts under a named path", own,
			"/srv on /dev/sda1 is at 59%. Its overlay under /srv/containers/overlay/a1b2c3 matches because it sits on the same filesystem.",
			"/srv on /dev/sda1 is at 59%. The overlays under /srv/containers match because they sit on the same filesystem."},
	})
	for _, s := range []string{"because the disk is full", "because they filled the filesystem", "because it sits on a slow disk"} {
		if placementCause(s) {
			t.Errorf("%q read as a placement", s)
		}
	}
}

// TestPlacementOfAMountPoint: a placement said of a path that is itself
// df's mount point places that one mount, not the mounts under it; "/
// sits on /dev/vda" says nothing of /dev or /var/lib/docker, which are
// on filesystems of their own.
func TestPlacementOfAMountPoint(t *testing.T) {
	host49 := EvidenceText(scenario(t, "host49"))
	own := overlayDF()
	checkPairs(t, []pair{
		{"root, over mounts of other filesystems", host49,
			"/dev/vda is at 39%. / shows the same 39% because it sits on that filesystem.",
			"/dev/loop0 is at 96%. / shows 39% because it sits on that filesystem."},
		{"a mount point with an overlay of its own below", own,
			"/dev/sda1 is at 59%. /srv shows the same 59% because it sits on that filesystem.",
			"/dev/nvme0n1p2 is at 90%. /srv shows 59% because it sits on that filesystem."},
	})
}
