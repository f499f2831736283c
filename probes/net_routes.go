package probes

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
)

// Route is one row of network_routes: a route of the main table, as
// `ip route` (IPv4) and `ip -6 route` (IPv6) print it.
type Route struct {
	Family string `json:"family"` // "inet" or "inet6"
	// Type is empty for ordinary (unicast) routes, else e.g. blackhole,
	// unreachable, prohibit.
	Type string `json:"type,omitempty"`
	// Dst is "default" or a prefix such as "10.0.0.0/24".
	Dst      string    `json:"dst"`
	Default  bool      `json:"default"`
	Gateway  string    `json:"gateway,omitempty"`
	Dev      string    `json:"dev,omitempty"`
	Protocol string    `json:"protocol"` // kernel, static, dhcp, ra, boot…
	Scope    string    `json:"scope"`    // global, link, host
	Src      string    `json:"src,omitempty"`
	Metric   int       `json:"metric"`
	Flags    []string  `json:"flags,omitempty"` // linkdown, onlink, dead…
	Nexthops []Nexthop `json:"nexthops,omitempty"`
}

// Nexthop is one path of a multipath route.
type Nexthop struct {
	Gateway string   `json:"gateway,omitempty"`
	Dev     string   `json:"dev,omitempty"`
	Weight  int      `json:"weight"`
	Flags   []string `json:"flags,omitempty"`
}

// networkRoutes reads the main routing table over rtnetlink. Stdout is `ip
// route`, followed by `ip -6 route` under a comment line when IPv6 routes
// exist; Data holds both families.
func networkRoutes(ctx context.Context, env *Env) (Output, error) {
	type dump struct {
		links  []netlink.Link
		routes []netlink.Route
	}
	d, err := netlinkDump(ctx, env, unix.NETLINK_ROUTE, "list routes", func(h *netlink.Handle) (dump, error) {
		links, err := h.LinkList()
		if err != nil {
			return dump{}, err
		}
		v4, err := h.RouteList(nil, netlink.FAMILY_V4)
		if err != nil {
			return dump{}, err
		}
		v6, err := h.RouteList(nil, netlink.FAMILY_V6)
		return dump{links, append(v4, v6...)}, err
	})
	if err != nil {
		return Output{}, err
	}
	names := linkNames(d.links)
	var out Output
	if len(d.routes) > maxRoutes {
		out.Notes = []string{fmt.Sprintf("listed the first %d of %d routes", maxRoutes, len(d.routes))}
		d.routes = d.routes[:maxRoutes]
	}
	rows := make([]Route, 0, len(d.routes))
	for _, r := range d.routes {
		rows = append(rows, routeRow(r, names))
	}
	out.Stdout, out.Data = renderIPRoute(rows), rows
	return out, nil
}

func routeRow(r netlink.Route, names map[int]string) Route {
	row := Route{
		Family: "inet", Type: routeType(r.Type), Dst: "default", Default: true,
		Gateway: ipString(r.Gw), Dev: devName(r.LinkIndex, names),
		Protocol: r.Protocol.String(), Scope: scopeName(int(r.Scope)), Src: ipString(r.Src),
		Metric: r.Priority, Flags: nexthopFlags(r.Flags),
	}
	if r.Family == unix.AF_INET6 {
		row.Family = "inet6"
	}
	if r.Dst != nil {
		if ones, _ := r.Dst.Mask.Size(); ones > 0 {
			row.Dst, row.Default = r.Dst.String(), false
		}
	}
	for _, nh := range r.MultiPath {
		row.Nexthops = append(row.Nexthops, Nexthop{
			Gateway: ipString(nh.Gw), Dev: devName(nh.LinkIndex, names),
			Weight: nh.Hops + 1, Flags: nexthopFlags(nh.Flags),
		})
	}
	return row
}

func ipString(ip net.IP) string {
	if ip == nil {
		return ""
	}
	return ip.String()
}

func devName(index int, names map[int]string) string {
	if index == 0 {
		return ""
	}
	if n, ok := names[index]; ok {
		return n
	}
	return "if" + strconv.Itoa(index)
}

// routeType names a route type the way ip does; unicast is the silent
// default.
func routeType(t int) string {
	switch t {
	case unix.RTN_UNICAST, unix.RTN_UNSPEC:
		return ""
	case unix.RTN_LOCAL:
		return "local"
	case unix.RTN_BROADCAST:
		return "broadcast"
	case unix.RTN_ANYCAST:
		return "anycast"
	case unix.RTN_MULTICAST:
		return "multicast"
	case unix.RTN_BLACKHOLE:
		return "blackhole"
	case unix.RTN_UNREACHABLE:
		return "unreachable"
	case unix.RTN_PROHIBIT:
		return "prohibit"
	case unix.RTN_THROW:
		return "throw"
	case unix.RTN_NAT:
		return "nat"
	case unix.RTN_XRESOLVE:
		return "xresolve"
	}
	return strconv.Itoa(t)
}

// nexthopFlagNames are the RTNH_F_* flags in ip's order.
var nexthopFlagNames = []struct {
	bit  int
	name string
}{
	{unix.RTNH_F_DEAD, "dead"}, {unix.RTNH_F_ONLINK, "onlink"}, {unix.RTNH_F_PERVASIVE, "pervasive"},
	{unix.RTNH_F_OFFLOAD, "offload"}, {unix.RTNH_F_TRAP, "trap"}, {unix.RTNH_F_LINKDOWN, "linkdown"},
	{unix.RTNH_F_UNRESOLVED, "unresolved"},
}

func nexthopFlags(raw int) []string {
	var flags []string
	for _, f := range nexthopFlagNames {
		if raw&f.bit != 0 {
			flags = append(flags, f.name)
		}
	}
	return flags
}

// renderIPRoute writes IPv4 rows like `ip route` and IPv6 rows like `ip -6
// route`, without ip's trailing spaces and IPv6 "pref", which the netlink
// library does not decode.
func renderIPRoute(rows []Route) string {
	var v4, v6 strings.Builder
	for _, r := range rows {
		b := &v4
		if r.Family == "inet6" {
			b = &v6
		}
		if r.Type != "" {
			b.WriteString(r.Type + " ")
		}
		b.WriteString(r.Dst)
		if r.Gateway != "" {
			b.WriteString(" via " + r.Gateway)
		}
		if r.Dev != "" {
			b.WriteString(" dev " + r.Dev)
		}
		if r.Protocol != "boot" {
			b.WriteString(" proto " + r.Protocol)
		}
		if r.Scope != "global" {
			b.WriteString(" scope " + r.Scope)
		}
		if r.Src != "" {
			b.WriteString(" src " + r.Src)
		}
		if r.Metric != 0 {
			b.WriteString(" metric " + strconv.Itoa(r.Metric))
		}
		for _, f := range r.Flags {
			b.WriteString(" " + f)
		}
		for _, nh := range r.Nexthops {
			b.WriteString("\n\tnexthop")
			if nh.Gateway != "" {
				b.WriteString(" via " + nh.Gateway)
			}
			if nh.Dev != "" {
				b.WriteString(" dev " + nh.Dev)
			}
			b.WriteString(" weight " + strconv.Itoa(nh.Weight))
			for _, f := range nh.Flags {
				b.WriteString(" " + f)
			}
		}
		b.WriteByte('\n')
	}
	if v6.Len() == 0 {
		return v4.String()
	}
	return v4.String() + "# ip -6 route\n" + v6.String()
}
