package brain

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Bounds on the rows one answer lists.
const (
	maxInterfaces = 16
	maxPorts      = 30
	maxUnits      = 20
)

// addresses lists the global and site addresses of every interface but
// loopback; link-local addresses are not what "my IP" means.
func addresses(results []rpc.ProbeResult) Reply {
	ifs, fail := data[[]probes.NetInterface](results, probes.NetworkAddrs)
	if fail != nil {
		return *fail
	}
	var parts []string
	count := 0
	for _, n := range ifs {
		if n.LinkType == "loopback" || slices.Contains(n.Flags, "LOOPBACK") {
			continue
		}
		var addrs []string
		for _, a := range n.Addrs {
			if a.Scope == "global" || a.Scope == "site" {
				addrs = append(addrs, a.Address+"/"+strconv.Itoa(a.PrefixLen))
			}
		}
		if len(addrs) == 0 {
			continue
		}
		count += len(addrs)
		part := clean(n.Name, 32) + " " + strings.Join(addrs, ", ")
		if n.State == "DOWN" {
			part += " (down)"
		}
		parts = append(parts, part)
		if len(parts) == maxInterfaces {
			break
		}
	}
	if len(parts) == 0 {
		return Reply{Text: "No network interface has an IP address other than loopback and link-local ones."}
	}
	if count == 1 {
		return Reply{Text: "Your IP address: " + parts[0] + "."}
	}
	return Reply{Text: "Your IP addresses: " + strings.Join(parts, "; ") + "."}
}

// gateway names the gateways of the default routes, IPv4 first.
func gateway(results []rpc.ProbeResult) Reply {
	routes, fail := data[[]probes.Route](results, probes.NetworkRoutes)
	if fail != nil {
		return *fail
	}
	var vias, direct []string
	for _, r := range routes {
		if !r.Default || r.Type != "" {
			continue
		}
		hops := r.Nexthops
		if len(hops) == 0 {
			hops = []probes.Nexthop{{Gateway: r.Gateway, Dev: r.Dev}}
		}
		for _, h := range hops {
			dev := clean(h.Dev, 32)
			if h.Gateway == "" {
				direct = append(direct, dev)
				continue
			}
			s := h.Gateway
			if dev != "" {
				s += " on " + dev
			}
			if r.Family == "inet6" {
				s += " (IPv6)"
			}
			vias = append(vias, s)
		}
	}
	switch {
	case len(vias) == 1 && len(direct) == 0:
		return Reply{Text: "Your default gateway is " + vias[0] + "."}
	case len(vias) > 0:
		text := "Your default gateways are " + join(vias) + "."
		if len(vias) == 1 {
			text = "Your default gateway is " + vias[0] + "."
		}
		if len(direct) > 0 {
			text += " A default route also goes straight out through " + join(direct) + "."
		}
		return Reply{Text: text}
	case len(direct) > 0:
		return Reply{Text: "Your default route goes straight out through " + join(direct) + ", with no gateway."}
	}
	return Reply{Text: "There is no default route, so this machine has no default gateway."}
}

// listener is one port as the answer lists it: its protocols, addresses
// and owners, merged over IPv4 and IPv6.
type listener struct {
	port   int
	netids []string
	addrs  []string
	procs  []string
}

// wildcards are the addresses ss prints for "every address".
var wildcards = map[string]bool{"0.0.0.0": true, "::": true, "*": true, "": true}

func listeners(rows []probes.ListeningSocket) []*listener {
	byPort := map[int]*listener{}
	var out []*listener
	add := func(list []string, s string) []string {
		if slices.Contains(list, s) {
			return list
		}
		return append(list, s)
	}
	for _, r := range rows {
		l := byPort[r.LocalPort]
		if l == nil {
			l = &listener{port: r.LocalPort}
			byPort[r.LocalPort] = l
			out = append(out, l)
		}
		l.netids = add(l.netids, r.Netid)
		addr := "all addresses"
		if !wildcards[r.LocalAddr] {
			addr = r.LocalAddr
		}
		l.addrs = add(l.addrs, addr)
		for _, p := range r.Processes {
			l.procs = add(l.procs, fmt.Sprintf("%s (PID %d)", clean(p.Name, maxName), p.PID))
		}
	}
	slices.SortFunc(out, func(a, b *listener) int { return cmp.Compare(a.port, b.port) })
	return out
}

func (l *listener) describe() string {
	who := "a socket with no owner process"
	if len(l.procs) > 0 {
		who = join(l.procs[:min(len(l.procs), 3)])
	}
	where := "all addresses"
	if !slices.Contains(l.addrs, "all addresses") {
		where = join(l.addrs)
	}
	return fmt.Sprintf("port %d (%s, %s): %s", l.port, strings.Join(l.netids, "+"), where, who)
}

// ports lists what listens, or answers about one port. An answer that
// nothing listens on a port lists the ports that are open, so it rests on
// evidence and not only on an absence.
func ports(port int, results []rpc.ProbeResult) Reply {
	rows, fail := data[[]probes.ListeningSocket](results, probes.ListeningPorts)
	if fail != nil {
		return *fail
	}
	all := listeners(rows)
	if port != 0 {
		for _, l := range all {
			if l.port == port {
				return Reply{Text: capitalize(l.describe()) + "."}
			}
		}
		text := fmt.Sprintf("Nothing is listening on port %d.", port)
		if len(all) > 0 {
			open := make([]string, 0, min(len(all), maxPorts))
			for _, l := range all[:min(len(all), maxPorts)] {
				open = append(open, "port "+strconv.Itoa(l.port))
			}
			text += " Listening: " + join(open) + "."
		}
		// The port's absence from the socket table is the evidence; the
		// fact records that the table was searched for it.
		return Reply{Text: text, Facts: map[string]string{"port_searched": fmt.Sprintf("port %d: no listening socket", port)}}
	}
	if len(all) == 0 {
		return Reply{Text: "Nothing is listening on any TCP or UDP port."}
	}
	lines := make([]string, 0, min(len(all), maxPorts))
	for _, l := range all[:min(len(all), maxPorts)] {
		lines = append(lines, capitalize(l.describe()))
	}
	text := "Listening:\n" + strings.Join(lines, "\n")
	if len(all) > maxPorts {
		text += "\n(and " + plural(len(all)-maxPorts, "more port") + ")"
	}
	return Reply{Text: text}
}

// failedUnits lists the failed units with their descriptions; "none"
// quotes systemctl's own line so the answer rests on the evidence.
func failedUnits(results []rpc.ProbeResult) Reply {
	units, fail := data[[]probes.FailedUnit](results, probes.FailedServices)
	if fail != nil {
		return *fail
	}
	if len(units) == 0 {
		return Reply{Text: `No systemd unit has failed: systemctl --failed shows "0 loaded units listed".`}
	}
	parts := make([]string, 0, min(len(units), maxUnits))
	for _, u := range units[:min(len(units), maxUnits)] {
		s := clean(u.Unit, 80)
		if d := clean(u.Description, 80); d != "" {
			s += " (" + d + ")"
		}
		parts = append(parts, s)
	}
	verb := "has"
	if len(units) > 1 {
		verb = "have"
	}
	text := fmt.Sprintf("%s %s failed: %s", plural(len(units), "systemd unit"), verb, join(parts))
	if len(units) > maxUnits {
		text += fmt.Sprintf(" and %d more", len(units)-maxUnits)
	}
	return Reply{Text: text + "."}
}
