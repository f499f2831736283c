package lexicon

import (
	"strings"
	"testing"
)

// check runs f on every word of the yes list, expecting true, and of the no
// list, expecting false.
func check(t *testing.T, name string, f func(string) bool, yes, no string) {
	t.Helper()
	for _, w := range strings.Fields(yes) {
		if !f(w) {
			t.Errorf("%s(%q) = false, want true", name, w)
		}
	}
	for _, w := range strings.Fields(no) {
		if f(w) {
			t.Errorf("%s(%q) = true, want false", name, w)
		}
	}
}

func TestIsName(t *testing.T) {
	check(t, "IsName", IsName,
		`nginx sshd python3 systemd-journald kwin_x11 soffice.bin user@1000 g++ ab`,
		`a 9p Nginx -x _x nginx! foo/bar ключ `+strings.Repeat("a", 65))
	if !IsName(strings.Repeat("a", 64)) {
		t.Error("IsName rejects a 64-byte name")
	}
}

func TestIsUnit(t *testing.T) {
	check(t, "IsUnit", IsUnit,
		`nginx.service sshd.socket fstrim.timer home.mount multi-user.target cups.path user.slice
		session-2.scope swapfile.swap dev-sda.device user@1000.service`,
		`.service x.service 9x.service nginx nginx.conf nginx.services Nginx.service a.b`)
}

func TestCutUnitSuffix(t *testing.T) {
	tests := []struct {
		in, base string
		ok       bool
	}{
		{"nginx.service", "nginx", true},
		{"dev-sda.device", "dev-sda", true},
		{"swapfile.swap", "swapfile", true},
		{"x.service", "x", true}, // a base too short for IsUnit still cuts
		{".service", ".service", false},
		{"nginx", "nginx", false},
		{"service", "service", false},
	}
	for _, tt := range tests {
		base, ok := CutUnitSuffix(tt.in)
		if base != tt.base || ok != tt.ok {
			t.Errorf("CutUnitSuffix(%q) = %q, %v; want %q, %v", tt.in, base, ok, tt.base, tt.ok)
		}
	}
}

func TestIsBlockDevice(t *testing.T) {
	check(t, "IsBlockDevice", IsBlockDevice,
		`sda sdb2 sdz vda1 xvda xvdb3 hda hdb1 sdab1 vdaa1 xvdaa12 nvme0n1 nvme0n1p2 mmcblk0p1 loop3
		md0 md127 dm-1 zram0 sr0`,
		`sd vd hd xvd sdaa sdabc1 sd1 sda1b sdA hdmi1 hdab1 nvme nvmex loop md dm- dm-x zram sr srx
		sdk1x mdadm`)
}

func TestIsInterface(t *testing.T) {
	check(t, "IsInterface", IsInterface,
		`lo eth0 enp3s0 eno1 wlan0 wlp3s0 wwan0 docker0 virbr0 br0 br-1a2b3c veth12ab tun0 tap0 wg0
		tailscale0 bond0 vlan10`,
		`l low loop eth end enable wlan tap tune bridge br- eth0! eth_0 docker`)
}

func TestIsIPv4(t *testing.T) {
	check(t, "IsIPv4", IsIPv4,
		`0.0.0.0 10.0.0.1 127.0.0.1 192.168.1.0/24 10.0.0.1/8 0.0.0.0/0 1.2.3.4/32 255.255.255.255`,
		`1.2.3 1.2.3.4.5 256.1.1.1 1..2.3 1.2.3.-4 +1.2.3.4 1.2.3.4a 1000.2.3.4 10.0.0.1/ 10.0.0.1/33
		10.0.0.1/abc 10.0.0.1/123 10.0.0.1/+8 a.b.c.d 6.1.0`)
}

func TestPort(t *testing.T) {
	tests := []struct {
		in   string
		want int
		ok   bool
	}{
		{"22", 22, true},
		{"1", 1, true},
		{"65535", 65535, true},
		{"08080", 8080, true},
		{"0", 0, false},
		{"65536", 0, false},
		{"", 0, false},
		{"+22", 0, false},
		{"-1", 0, false},
		{"22a", 0, false},
		{"99999999999999999999999", 0, false},
	}
	for _, tt := range tests {
		got, ok := Port(tt.in)
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("Port(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestIsProgram(t *testing.T) {
	check(t, "IsProgram", IsProgram,
		`nginx sshd postgres postmaster firefox kworker systemd-journald bluetooth dbus polkit wayland
		qemu-system-x86_64 soffice.bin`,
		`make code go slack named ssh nfs process the Nginx nginx.service`)
}

func TestIsStopword(t *testing.T) {
	check(t, "IsStopword", IsStopword,
		`the is please pls process service memory port main zombie weird box find running`,
		`nginx sshd eth0 sda frobnicator`)
}

// A word cannot be both: callers check programs before context and the
// stopwords only in context, so the overlap would mean different things to
// each. Every program must also pass IsName, or callers that check the
// shape first would never see it.
func TestWordListsAgree(t *testing.T) {
	for w := range programs {
		if stopwords[w] {
			t.Errorf("%q is both a program and a stopword", w)
		}
		if !IsName(w) {
			t.Errorf("program %q is not a name", w)
		}
	}
	for w := range stopwords {
		if strings.ToLower(w) != w {
			t.Errorf("stopword %q is not lowercase; callers look up lowercased words", w)
		}
	}
}

func TestNewSet(t *testing.T) {
	s := NewSet("a  b\n\tc a")
	if len(s) != 3 || !s["a"] || !s["b"] || !s["c"] || s[""] || s["d"] {
		t.Errorf("NewSet = %v, want {a b c}", s)
	}
	if len(NewSet("  ")) != 0 {
		t.Error("NewSet of blanks is not empty")
	}
}
