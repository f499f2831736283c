package supervisor

import "testing"

// TestCutNames: a reply that stops inside a name of the evidence is
// unusable; one that ends on a whole name, or a word of its own, is not.
func TestCutNames(t *testing.T) {
	in := scenario(t, "host14")
	tests := []struct{ name, cut, whole string }{
		{"device path", "Here's what I found:\n\n- **Memory:** 23Gi total\n- **Disk:** /dev/vd", "Here's what I found:\n\n- **Memory:** 23Gi total\n- **Disk:** /dev/vda"},
		{"interface", "The only interface that is up is eth0; ifb0 and ifb1 are down, and the loopback is lo. Up: et", "The only interface that is up is eth0; ifb0 and ifb1 are down. Up: eth0"},
		{"process name", "The biggest memory user is PID 19153, qemu-system-x8", "The biggest memory user is PID 19153, qemu-system-x86_64"},
		{"directory ends in a slash", "", "Nothing looks wrong; the logs are under /var/log/"},
		{"program word the evidence only has versioned", "", "PID 19564 at 5.0% memory is python"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.cut != "" {
				in.Answer = tc.cut
				if r := Judge(in); r.Unusable == "" || r.Score > 20 {
					t.Errorf("%q stops mid-name but is usable: score %d", tc.cut, r.Score)
				}
			}
			in.Answer = tc.whole
			if r := Judge(in); r.Unusable != "" {
				t.Errorf("%q ends on a whole word but is unusable: %s", tc.whole, r.Unusable)
			}
		})
	}
}
