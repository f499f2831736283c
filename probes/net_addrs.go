package probes

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
)

// NetInterface is one row of network_addrs: a link and its addresses, as
// `ip addr show` prints them.
type NetInterface struct {
	Index int    `json:"index"`
	Name  string `json:"name"`
	// Parent is what ip prints after "@": the veth peer or lower device,
	// or "ifN" when it lives in another namespace.
	Parent string `json:"parent,omitempty"`
	Master string `json:"master,omitempty"`
	// Flags are ip's words for the IFF_* flags, e.g. UP, LOWER_UP,
	// NO-CARRIER, in ip's order.
	Flags []string `json:"flags"`
	MTU   int      `json:"mtu"`
	// State is the operational state: UP, DOWN, UNKNOWN, LOWERLAYERDOWN…
	State    string    `json:"state"`
	LinkType string    `json:"link_type"`
	MAC      string    `json:"mac,omitempty"`
	AltNames []string  `json:"altnames,omitempty"`
	TxQueue  int       `json:"qlen,omitempty"`
	Addrs    []NetAddr `json:"addrs"`
}

// NetAddr is one address of an interface.
type NetAddr struct {
	Family    string `json:"family"` // "inet" or "inet6"
	Address   string `json:"address"`
	PrefixLen int    `json:"prefix_len"`
	Peer      string `json:"peer,omitempty"`
	Broadcast string `json:"broadcast,omitempty"`
	Scope     string `json:"scope"` // global, link, host, site, nowhere
	// Flags are ip's words, e.g. secondary, dynamic, tentative, nodad.
	Flags []string `json:"flags,omitempty"`
	Label string   `json:"label,omitempty"`
	// ValidLft and PreferredLft read "forever" or "<n>sec", as in ip.
	ValidLft     string `json:"valid_lft"`
	PreferredLft string `json:"preferred_lft"`
}

// networkAddrs reads links and addresses over rtnetlink.
func networkAddrs(ctx context.Context, env *Env) (Output, error) {
	type dump struct {
		links []netlink.Link
		addrs []netlink.Addr
	}
	d, err := netlinkDump(ctx, env, unix.NETLINK_ROUTE, "list interfaces and addresses", func(h *netlink.Handle) (dump, error) {
		links, err := h.LinkList()
		if err != nil {
			return dump{}, err
		}
		addrs, err := h.AddrList(nil, netlink.FAMILY_ALL)
		return dump{links, addrs}, err
	})
	if err != nil {
		return Output{}, err
	}
	rows, note := interfaceRows(d.links, d.addrs)
	out := Output{Stdout: renderIPAddr(rows), Data: rows}
	if note != "" {
		out.Notes = []string{note}
	}
	return out, nil
}

// Bounds of network_addrs and network_routes: containers and VPNs add
// interfaces, addresses and routes by the hundred.
const (
	maxInterfaces = 256
	maxIfaceAddrs = 64 // per interface
	maxAltNames   = 16 // per interface
	maxRoutes     = 512
)

// linkNames maps interface indexes to names, sanitized: a name may hold
// any byte but '/', ':' and white space, and a user with a network
// namespace of their own can pick one.
func linkNames(links []netlink.Link) map[int]string {
	names := make(map[int]string, len(links))
	for _, l := range links {
		names[l.Attrs().Index] = Sanitize(l.Attrs().Name, maxNameBytes)
	}
	return names
}

// interfaceRows joins addresses to their links, in index order, within
// the bounds above; note says what they left out.
func interfaceRows(links []netlink.Link, addrs []netlink.Addr) (rows []NetInterface, note string) {
	names := linkNames(links)
	slices.SortStableFunc(links, func(a, b netlink.Link) int { return a.Attrs().Index - b.Attrs().Index })
	var dropped []string
	if len(links) > maxInterfaces {
		dropped = append(dropped, fmt.Sprintf("%d of %d interfaces", len(links)-maxInterfaces, len(links)))
		links = links[:maxInterfaces]
	}
	rows = make([]NetInterface, 0, len(links))
	at := make(map[int]int, len(links))
	for _, l := range links {
		a := l.Attrs()
		alt := make([]string, 0, min(len(a.AltNames), maxAltNames))
		for _, n := range a.AltNames[:min(len(a.AltNames), maxAltNames)] {
			alt = append(alt, Sanitize(n, maxNameBytes))
		}
		if len(alt) == 0 {
			alt = nil
		}
		row := NetInterface{
			Index: a.Index, Name: names[a.Index], Flags: linkFlags(a.RawFlags), MTU: a.MTU,
			State: operState(a.OperState), LinkType: Sanitize(a.EncapType, maxNameBytes), AltNames: alt,
			TxQueue: a.TxQLen, Addrs: []NetAddr{},
		}
		switch {
		case len(a.HardwareAddr) > 0:
			row.MAC = a.HardwareAddr.String()
		case a.EncapType == "loopback":
			// The library drops all-zero addresses; ip shows lo's.
			row.MAC = "00:00:00:00:00:00"
		}
		if a.ParentIndex != 0 && a.ParentIndex != a.Index {
			row.Parent = "if" + strconv.Itoa(a.ParentIndex)
			if n, ok := names[a.ParentIndex]; ok && a.NetNsID < 0 {
				row.Parent = n
			}
		}
		if a.MasterIndex != 0 {
			row.Master = names[a.MasterIndex]
		}
		at[a.Index] = len(rows)
		rows = append(rows, row)
	}
	extra := 0
	for _, ad := range addrs {
		if i, ok := at[ad.LinkIndex]; ok && ad.IPNet != nil {
			if len(rows[i].Addrs) == maxIfaceAddrs {
				extra++
				continue
			}
			rows[i].Addrs = append(rows[i].Addrs, addrRow(ad))
		}
	}
	if extra > 0 {
		dropped = append(dropped, fmt.Sprintf("%d addresses past %d on one interface", extra, maxIfaceAddrs))
	}
	if len(dropped) > 0 {
		note = "left out " + strings.Join(dropped, " and ")
	}
	return rows, note
}

func addrRow(ad netlink.Addr) NetAddr {
	family := "inet6"
	if ad.IP.To4() != nil {
		family = "inet"
	}
	ones, _ := ad.Mask.Size()
	r := NetAddr{
		Family: family, Address: ad.IP.String(), PrefixLen: ones, Scope: scopeName(ad.Scope),
		Flags: addrFlags(ad.Flags, family == "inet6"), Label: Sanitize(ad.Label, maxNameBytes),
		ValidLft: lifetime(ad.ValidLft), PreferredLft: lifetime(ad.PreferedLft),
	}
	if ad.Peer != nil && !ad.Peer.IP.Equal(ad.IP) {
		r.Peer = ad.Peer.String()
	}
	if ad.Broadcast != nil {
		r.Broadcast = ad.Broadcast.String()
	}
	if family == "inet6" {
		r.Label = "" // ip shows labels only for IPv4
	}
	return r
}

// linkFlagNames are the IFF_* flags in the order ip prints them.
var linkFlagNames = []struct {
	bit  uint32
	name string
}{
	{unix.IFF_LOOPBACK, "LOOPBACK"}, {unix.IFF_BROADCAST, "BROADCAST"},
	{unix.IFF_POINTOPOINT, "POINTOPOINT"}, {unix.IFF_MULTICAST, "MULTICAST"},
	{unix.IFF_NOARP, "NOARP"}, {unix.IFF_ALLMULTI, "ALLMULTI"}, {unix.IFF_PROMISC, "PROMISC"},
	{unix.IFF_MASTER, "MASTER"}, {unix.IFF_SLAVE, "SLAVE"}, {unix.IFF_DEBUG, "DEBUG"},
	{unix.IFF_DYNAMIC, "DYNAMIC"}, {unix.IFF_AUTOMEDIA, "AUTOMEDIA"}, {unix.IFF_PORTSEL, "PORTSEL"},
	{unix.IFF_NOTRAILERS, "NOTRAILERS"}, {unix.IFF_UP, "UP"}, {unix.IFF_LOWER_UP, "LOWER_UP"},
	{unix.IFF_DORMANT, "DORMANT"}, {unix.IFF_ECHO, "ECHO"},
}

func linkFlags(raw uint32) []string {
	flags := []string{}
	if raw&unix.IFF_UP != 0 && raw&unix.IFF_RUNNING == 0 {
		flags = append(flags, "NO-CARRIER")
	}
	for _, f := range linkFlagNames {
		if raw&f.bit != 0 {
			flags = append(flags, f.name)
		}
	}
	return flags
}

func operState(s netlink.LinkOperState) string {
	switch s {
	case netlink.OperNotPresent:
		return "NOTPRESENT"
	case netlink.OperDown:
		return "DOWN"
	case netlink.OperLowerLayerDown:
		return "LOWERLAYERDOWN"
	case netlink.OperTesting:
		return "TESTING"
	case netlink.OperDormant:
		return "DORMANT"
	case netlink.OperUp:
		return "UP"
	}
	return "UNKNOWN"
}

// addrFlagNames are the IFA_F_* flags in the order ip prints them;
// IFA_F_PERMANENT is special: ip prints "dynamic" when it is missing.
var addrFlagNames = []struct {
	bit  int
	name string
}{
	{unix.IFA_F_SECONDARY, "secondary"}, {unix.IFA_F_NODAD, "nodad"},
	{unix.IFA_F_OPTIMISTIC, "optimistic"}, {unix.IFA_F_DADFAILED, "dadfailed"},
	{unix.IFA_F_HOMEADDRESS, "home"}, {unix.IFA_F_DEPRECATED, "deprecated"},
	{unix.IFA_F_TENTATIVE, "tentative"}, {unix.IFA_F_PERMANENT, ""},
	{unix.IFA_F_MANAGETEMPADDR, "mngtmpaddr"}, {unix.IFA_F_NOPREFIXROUTE, "noprefixroute"},
	{unix.IFA_F_MCAUTOJOIN, "autojoin"}, {unix.IFA_F_STABLE_PRIVACY, "stable-privacy"},
}

func addrFlags(raw int, v6 bool) []string {
	var flags []string
	for _, f := range addrFlagNames {
		switch {
		case f.bit == unix.IFA_F_PERMANENT:
			if raw&f.bit == 0 {
				flags = append(flags, "dynamic")
			}
		case raw&f.bit == 0:
		case f.bit == unix.IFA_F_SECONDARY && v6:
			flags = append(flags, "temporary")
		default:
			flags = append(flags, f.name)
		}
		raw &^= f.bit
	}
	if raw != 0 {
		flags = append(flags, fmt.Sprintf("flags %02x", raw))
	}
	return flags
}

// scopeName is ip's name of an address or route scope.
func scopeName(scope int) string {
	switch scope {
	case unix.RT_SCOPE_UNIVERSE:
		return "global"
	case unix.RT_SCOPE_SITE:
		return "site"
	case unix.RT_SCOPE_LINK:
		return "link"
	case unix.RT_SCOPE_HOST:
		return "host"
	case unix.RT_SCOPE_NOWHERE:
		return "nowhere"
	}
	return strconv.Itoa(scope)
}

// lifetime is how ip prints an address lifetime; the kernel's infinity is
// all ones in 32 bits.
func lifetime(sec int) string {
	if uint32(sec) == ^uint32(0) {
		return "forever"
	}
	return strconv.Itoa(sec) + "sec"
}

// renderIPAddr writes rows like `ip addr show`, without the qdisc, which
// the netlink library does not decode.
func renderIPAddr(rows []NetInterface) string {
	var b strings.Builder
	for _, r := range rows {
		name := r.Name
		if r.Parent != "" {
			name += "@" + r.Parent
		}
		fmt.Fprintf(&b, "%d: %s: <%s> mtu %d", r.Index, name, strings.Join(r.Flags, ","), r.MTU)
		if r.Master != "" {
			fmt.Fprintf(&b, " master %s", r.Master)
		}
		fmt.Fprintf(&b, " state %s", r.State)
		if r.TxQueue > 0 {
			fmt.Fprintf(&b, " qlen %d", r.TxQueue)
		}
		b.WriteString("\n    link/" + r.LinkType)
		if r.MAC != "" {
			b.WriteString(" " + r.MAC)
		}
		b.WriteByte('\n')
		for _, n := range r.AltNames {
			b.WriteString("    altname " + n + "\n")
		}
		for _, a := range r.Addrs {
			b.WriteString("    " + a.Family + " " + a.Address)
			if a.Peer != "" {
				b.WriteString(" peer " + a.Peer)
			} else {
				b.WriteString("/" + strconv.Itoa(a.PrefixLen))
			}
			if a.Broadcast != "" {
				b.WriteString(" brd " + a.Broadcast)
			}
			b.WriteString(" scope " + a.Scope)
			for _, f := range a.Flags {
				b.WriteString(" " + f)
			}
			if a.Label != "" {
				b.WriteString(" " + a.Label)
			}
			fmt.Fprintf(&b, "\n       valid_lft %s preferred_lft %s\n", a.ValidLft, a.PreferredLft)
		}
	}
	return b.String()
}
