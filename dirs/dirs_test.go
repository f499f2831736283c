package dirs

import "testing"

func TestLayout(t *testing.T) {
	cases := []struct {
		l    Layout
		got  string
		want string
	}{
		{Host, Host.Socket(), "/run/anna/anna.sock"},
		{Layout{}, Layout{}.Proc(), "/proc"},
		{At("/tmp/x"), At("/tmp/x").Sys(), "/tmp/x/sys"},
		{At("/tmp/x"), At("/tmp/x").ConfigFile(), "/tmp/x/etc/anna/config.toml"},
		{At("/tmp/x/"), At("/tmp/x/").Path("/proc/driver/nvidia"), "/tmp/x/proc/driver/nvidia"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%+v: got %q, want %q", c.l, c.got, c.want)
		}
	}
}
