package supervisor

import "testing"

// TestCitedYouClause: what a cited sentence says the user could run is
// advice, which its lines need not print ("you could run `journalctl -u
// billing-sync.service`" citing postgres's socket); the report before
// it is still held to its lines ("exit-code" read off another line than
// df's, on host53).
func TestCitedYouClause(t *testing.T) {
	judgeQuoted(t, socketPeersInput(), []quotedCase{
		{"postgres listens on 127.0.0.1:5432 [5], you could run `journalctl -u billing-sync.service` to see why its client failed.", ""},
	})
	judgeQuoted(t, scenario(t, "host53"), []quotedCase{
		{"Since /var/lib/containerd is at 94% [133], you could run `systemctl status image-prune.service` to see why.", ""},
		{"Since /var/lib/containerd is at 94% [133] and image-prune.service exited with exit-code, you could run `crictl images` to see why.",
			"exit-code (not on the cited lines)"},
	})
}
