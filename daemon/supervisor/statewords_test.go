package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
)

// TestStateWordsMisread checks three words read as states that state
// none, or a state its cited line does show: "down to 94%" is a figure's
// fall, "veth interfaces attached" no interface named "attached", and
// systemd's "status=1/FAILURE" the exit that fails its unit. A state the
// lines contradict, or a wrong figure in the same shape, is still caught.
func TestStateWordsMisread(t *testing.T) {
	for _, c := range []struct {
		host, answer, missing string
	}{
		{"host53", "/var/lib/containerd is up to 94% [133].", ""},
		{"host53", "/var/lib/containerd is up to 49% [133].", "49%"},
		{"host54", "eth0 is down [152].", "down (for eth0)"},
		{"host50", "docker0 has a veth interface attached: veth1a2b3c4 [93].", ""},
		{"host50", "The veth interfaces attached to the bridges are veth1a2b3c4 and veth5d9e0f1 [93, 101].", ""},
		{"host50", "docker0 has a veth interface attached: veth5d9e0f1 [101].", "docker0"},
		{"host50", "docker0 has a veth interface attached: veth1a2b3c5 [93].", "veth1a2b3c5"},
		{"host31", "certbot.service failed at 19:34:19 with status=1/FAILURE [103].", ""},
		{"host31", "certbot.service is running [103].", "running (for certbot.service)"},
	} {
		in := scenario(t, c.host)
		in.Sources = sources.Number(in.Results)
		in.Answer = c.answer
		r := Judge(in)
		if c.missing == "" {
			if !r.Signals.AnswerGrounded {
				t.Errorf("%q: not grounded: %+v", c.answer, r.Grounding)
			}
			continue
		}
		if r.Signals.AnswerGrounded || !contains(r.Grounding.Missing, c.missing) {
			t.Errorf("%q: grounded, want %q missing: %+v", c.answer, c.missing, r.Grounding)
		}
	}
}
