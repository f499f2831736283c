package probes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
)

func TestNetworkRoutesInPrivateNamespace(t *testing.T) {
	p := newPrivateNet(t)
	out := runProbe(t, networkRoutes, &Env{Netlink: p.h})
	want := []Route{
		{Family: "inet", Dst: "default", Default: true, Gateway: "10.1.2.1", Dev: "veth0", Protocol: "static", Scope: "global", Metric: 100},
		{Family: "inet", Dst: "10.1.2.0/24", Dev: "veth0", Protocol: "kernel", Scope: "link", Src: "10.1.2.3"},
		{Family: "inet", Dst: "192.168.50.0/24", Gateway: "10.1.2.254", Dev: "veth0", Protocol: "boot", Scope: "global", Metric: 5},
		{Family: "inet", Type: "blackhole", Dst: "203.0.113.0/24", Protocol: "static", Scope: "global"},
		{Family: "inet6", Dst: "2001:db8::/64", Dev: "veth0", Protocol: "kernel", Scope: "global", Metric: 256},
		{Family: "inet6", Dst: "default", Default: true, Gateway: "2001:db8::1", Dev: "veth0", Protocol: "static", Scope: "global", Metric: 1024},
	}
	if got := fmt.Sprintf("%+v", out.Data); got != fmt.Sprintf("%+v", want) {
		t.Errorf("routes:\n got %s\nwant %+v", got, want)
	}

	v4, v6, _ := strings.Cut(out.Stdout, "# ip -6 route\n")
	if want := normalizeIPRoute(p.ip(t, "route")); v4 != want {
		t.Errorf("IPv4 part differs from ip route:\n%s\nwant:\n%s", v4, want)
	}
	if want := normalizeIPRoute(p.ip(t, "-6", "route")); v6 != want {
		t.Errorf("IPv6 part differs from ip -6 route (pref removed):\n%s\nwant:\n%s", v6, want)
	}
}

// normalizeIPRoute drops ip's trailing spaces and the IPv6 "pref", which
// the netlink library does not decode.
func normalizeIPRoute(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = ipPref.ReplaceAllString(strings.TrimRight(l, " "), "")
	}
	return strings.Join(lines, "\n")
}

func TestRenderMultipathAndFlags(t *testing.T) {
	rows := []Route{{
		Family: "inet", Dst: "default", Default: true, Protocol: "static", Scope: "global", Metric: 10,
		Nexthops: []Nexthop{
			{Gateway: "10.0.0.1", Dev: "eth0", Weight: 1},
			{Gateway: "10.0.1.1", Dev: "eth1", Weight: 2, Flags: []string{"linkdown"}},
		},
	}, {Family: "inet", Type: "unreachable", Dst: "10.9.0.0/16", Protocol: "boot", Scope: "global"}}
	want := "default proto static metric 10\n" +
		"\tnexthop via 10.0.0.1 dev eth0 weight 1\n" +
		"\tnexthop via 10.0.1.1 dev eth1 weight 2 linkdown\n" +
		"unreachable 10.9.0.0/16\n"
	if got := renderIPRoute(rows); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestRouteRowNamesUnknownDevices(t *testing.T) {
	r := routeRow(netlink.Route{LinkIndex: 7, Family: unix.AF_INET, Protocol: 99, Type: unix.RTN_UNICAST,
		MultiPath: []*netlink.NexthopInfo{{LinkIndex: 8, Hops: 0, Flags: unix.RTNH_F_ONLINK}}}, map[int]string{})
	if r.Dev != "if7" || r.Protocol != "99" || r.Nexthops[0].Dev != "if8" || r.Nexthops[0].Weight != 1 ||
		len(r.Nexthops[0].Flags) != 1 || r.Nexthops[0].Flags[0] != "onlink" {
		t.Errorf("row = %+v", r)
	}
}
