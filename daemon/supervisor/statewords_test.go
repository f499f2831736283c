package supervisor

import "testing"

// TestStateWordsMisread checks three words read as states that state
// none, or a state its cited line does show: "down to 94%" is a figure's
// fall, "veth interfaces attached" no interface named "attached", and
// systemd's "status=1/FAILURE" the exit that fails its unit. A state the
// lines contradict, or a wrong figure in the same shape, is still caught.
func TestStateWordsMisread(t *testing.T) {
	judgeQuoted(t, scenario(t, "host53"), []quotedCase{
		{"/var/lib/containerd is up to 94% [133].", ""},
		{"/var/lib/containerd is up to 49% [133].", "49%"},
	})
	judgeQuoted(t, scenario(t, "host54"), []quotedCase{{"eth0 is down [152].", "down (for eth0)"}})
	judgeQuoted(t, scenario(t, "host50"), []quotedCase{
		{"docker0 has a veth interface attached: veth1a2b3c4 [93].", ""},
		{"The veth interfaces attached to the bridges are veth1a2b3c4 and veth5d9e0f1 [93, 101].", ""},
		{"docker0 has a veth interface attached: veth5d9e0f1 [101].", "docker0"},
		{"docker0 has a veth interface attached: veth1a2b3c5 [93].", "veth1a2b3c5"},
	})
	judgeQuoted(t, scenario(t, "host31"), []quotedCase{
		{"certbot.service failed at 19:34:19 with status=1/FAILURE [103].", ""},
		{"certbot.service is running [103].", "running (for certbot.service)"},
	})
}
