package probes

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netns"
	"golang.org/x/sys/unix"
)

// privateNet is a network namespace of the test's own: lo up, a veth pair
// veth0/veth1 with fixed MACs, IPv4 and IPv6 addresses on veth0, and routes
// of every kind the probes render.
type privateNet struct {
	ns netns.NsHandle
	h  *netlink.Handle
}

// newPrivateNet builds the namespace or skips when the test may not.
func newPrivateNet(t *testing.T) *privateNet {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("skipping: creating a network namespace needs root (CAP_SYS_ADMIN and CAP_NET_ADMIN)")
	}
	ns, err := newNetns()
	if err != nil {
		t.Skipf("skipping: cannot create a network namespace (no CAP_SYS_ADMIN?): %v", err)
	}
	t.Cleanup(func() { _ = ns.Close() })
	h, err := netlink.NewHandleAt(ns, unix.NETLINK_ROUTE, unix.NETLINK_INET_DIAG)
	if err != nil {
		t.Fatalf("cannot open netlink in the namespace: %v", err)
	}
	t.Cleanup(h.Close)
	p := &privateNet{ns: ns, h: h}
	p.setup(t)
	return p
}

// newNetns creates a namespace from a locked thread and puts the thread
// back, so no thread of the test process stays in it. A thread that cannot
// go back stays locked and is discarded when its goroutine ends.
func newNetns() (netns.NsHandle, error) {
	type result struct {
		ns  netns.NsHandle
		err error
	}
	done := make(chan result, 1)
	go func() {
		runtime.LockOSThread()
		orig, err := netns.Get()
		if err != nil {
			runtime.UnlockOSThread()
			done <- result{err: err}
			return
		}
		defer orig.Close()
		ns, err := netns.New()
		if err != nil {
			runtime.UnlockOSThread()
			done <- result{err: err}
			return
		}
		if err := netns.Set(orig); err != nil {
			done <- result{err: fmt.Errorf("cannot return to the original namespace: %w", err)}
			return
		}
		runtime.UnlockOSThread()
		done <- result{ns: ns}
	}()
	r := <-done
	return r.ns, r.err
}

// inNetns runs f on a thread inside ns, e.g. to open sockets there.
func inNetns(t *testing.T, ns netns.NsHandle, f func()) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		orig, err := netns.Get()
		if err != nil {
			runtime.UnlockOSThread()
			done <- err
			return
		}
		defer orig.Close()
		if err := netns.Set(ns); err != nil {
			runtime.UnlockOSThread()
			done <- err
			return
		}
		f()
		if err := netns.Set(orig); err != nil {
			done <- err
			return
		}
		runtime.UnlockOSThread()
		done <- nil
	}()
	if err := <-done; err != nil {
		t.Fatalf("cannot run in the namespace: %v", err)
	}
}

// sockDiag opens a NETLINK_SOCK_DIAG socket inside the namespace, for
// Env.SockDiag, from a thread that goes back afterwards (or, if it cannot,
// stays locked and is discarded).
func (p *privateNet) sockDiag() (int, error) {
	type result struct {
		fd  int
		err error
	}
	done := make(chan result, 1)
	go func() {
		runtime.LockOSThread()
		orig, err := netns.Get()
		if err != nil {
			runtime.UnlockOSThread()
			done <- result{err: err}
			return
		}
		defer orig.Close()
		if err := netns.Set(p.ns); err != nil {
			runtime.UnlockOSThread()
			done <- result{err: err}
			return
		}
		fd, err := openSockDiag()
		if err := netns.Set(orig); err != nil {
			if fd >= 0 {
				_ = unix.Close(fd)
			}
			done <- result{err: err}
			return
		}
		runtime.UnlockOSThread()
		done <- result{fd, err}
	}()
	r := <-done
	return r.fd, r.err
}

func (p *privateNet) setup(t *testing.T) {
	t.Helper()
	must := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("cannot %s in the private namespace: %v", what, err)
		}
	}
	mac := func(s string) net.HardwareAddr { m, _ := net.ParseMAC(s); return m }
	cidr := func(s string) *net.IPNet {
		ip, n, err := net.ParseCIDR(s)
		must("parse "+s, err)
		n.IP = ip
		return n
	}
	veth := &netlink.Veth{
		LinkAttrs: netlink.LinkAttrs{Name: "veth0", HardwareAddr: mac("02:00:00:00:00:01"), MTU: 1500, TxQLen: 1000},
		PeerName:  "veth1", PeerHardwareAddr: mac("02:00:00:00:00:02"),
	}
	if err := p.h.LinkAdd(veth); err != nil {
		t.Skipf("skipping: cannot create a veth pair (no CAP_NET_ADMIN or no veth support): %v", err)
	}
	for _, name := range []string{"lo", "veth0", "veth1"} {
		l, err := p.h.LinkByName(name)
		must("find "+name, err)
		// No stateless link-local addresses: their DAD state changes
		// under the test.
		must("disable IPv6 link-local on "+name, p.h.LinkSetIP6AddrGenMode(l, 1))
		must("set "+name+" up", p.h.LinkSetUp(l))
	}
	veth0, err := p.h.LinkByName("veth0")
	must("find veth0", err)
	must("add 10.1.2.3/24", p.h.AddrAdd(veth0, &netlink.Addr{IPNet: cidr("10.1.2.3/24")}))
	must("add 10.1.2.9/24", p.h.AddrAdd(veth0, &netlink.Addr{IPNet: cidr("10.1.2.9/24")}))
	must("add 2001:db8::3/64", p.h.AddrAdd(veth0, &netlink.Addr{IPNet: cidr("2001:db8::3/64"), Flags: unix.IFA_F_NODAD}))
	idx := veth0.Attrs().Index
	for _, r := range []netlink.Route{
		{LinkIndex: idx, Gw: net.ParseIP("10.1.2.1"), Protocol: unix.RTPROT_STATIC, Priority: 100},
		{LinkIndex: idx, Dst: cidr("192.168.50.0/24"), Gw: net.ParseIP("10.1.2.254"), Protocol: unix.RTPROT_BOOT, Priority: 5},
		{Dst: cidr("203.0.113.0/24"), Type: unix.RTN_BLACKHOLE, Protocol: unix.RTPROT_STATIC},
		{LinkIndex: idx, Gw: net.ParseIP("2001:db8::1"), Protocol: unix.RTPROT_STATIC, Priority: 1024, Family: unix.AF_INET6},
	} {
		must("add route "+r.String(), p.h.RouteAdd(&r))
	}
	// Carrier and operational state follow link-up asynchronously.
	deadline := time.Now().Add(10 * time.Second)
	for {
		l0, err0 := p.h.LinkByName("veth0")
		l1, err1 := p.h.LinkByName("veth1")
		if err0 == nil && err1 == nil && l0.Attrs().OperState == netlink.OperUp && l1.Attrs().OperState == netlink.OperUp {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("cannot bring the veth pair up in the private namespace")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// ip runs iproute2's ip inside the namespace (see run).
func (p *privateNet) ip(t *testing.T, args ...string) string {
	t.Helper()
	out := p.run(t, "ip", args...)
	if out == "" {
		t.Skip("skipping the comparison with ip: nsenter or ip is not installed")
	}
	return out
}

// run runs a tool inside the namespace through nsenter and returns its
// output, or "" when nsenter or the tool is not installed.
func (p *privateNet) run(t *testing.T, tool string, args ...string) string {
	t.Helper()
	nsenter, err1 := exec.LookPath("nsenter")
	path, err2 := exec.LookPath(tool)
	if err1 != nil || err2 != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	nsPath := fmt.Sprintf("/proc/%d/fd/%d", os.Getpid(), int(p.ns))
	out, err := exec.CommandContext(ctx, nsenter, append([]string{"--net=" + nsPath, path}, args...)...).Output()
	if err != nil {
		t.Fatalf("%s %s: %v", tool, strings.Join(args, " "), err)
	}
	return string(out)
}

func runProbe(t *testing.T, f Func, env *Env) Output {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), PerProbeTimeout)
	defer cancel()
	out, err := f(ctx, env)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestNetworkAddrsInPrivateNamespace(t *testing.T) {
	p := newPrivateNet(t)
	out := runProbe(t, networkAddrs, &Env{Netlink: p.h})
	rows := out.Data.([]NetInterface)
	if len(rows) != 3 {
		t.Fatalf("got %d interfaces, want lo, veth1, veth0: %+v", len(rows), rows)
	}
	forever := func(a NetAddr) NetAddr { a.ValidLft, a.PreferredLft = "forever", "forever"; return a }
	lo := NetInterface{
		Index: 1, Name: "lo", Flags: []string{"LOOPBACK", "UP", "LOWER_UP"}, MTU: 65536, State: "UNKNOWN",
		LinkType: "loopback", MAC: "00:00:00:00:00:00", TxQueue: 1000, Addrs: []NetAddr{
			forever(NetAddr{Family: "inet", Address: "127.0.0.1", PrefixLen: 8, Scope: "host", Label: "lo"}),
			forever(NetAddr{Family: "inet6", Address: "::1", PrefixLen: 128, Scope: "host"}),
		},
	}
	veth0 := NetInterface{
		Name: "veth0", Parent: "veth1", Flags: []string{"BROADCAST", "MULTICAST", "UP", "LOWER_UP"}, MTU: 1500,
		State: "UP", LinkType: "ether", MAC: "02:00:00:00:00:01", TxQueue: 1000, Addrs: []NetAddr{
			forever(NetAddr{Family: "inet", Address: "10.1.2.3", PrefixLen: 24, Broadcast: "10.1.2.255", Scope: "global", Label: "veth0"}),
			forever(NetAddr{Family: "inet", Address: "10.1.2.9", PrefixLen: 24, Broadcast: "10.1.2.255", Scope: "global", Flags: []string{"secondary"}, Label: "veth0"}),
			forever(NetAddr{Family: "inet6", Address: "2001:db8::3", PrefixLen: 64, Scope: "global", Flags: []string{"nodad"}}),
		},
	}
	veth1 := veth0
	veth1.Name, veth1.Parent, veth1.MAC, veth1.Addrs = "veth1", "veth0", "02:00:00:00:00:02", []NetAddr{}
	veth1.TxQueue = 0 // the peer was created without a queue length
	got := map[string]NetInterface{}
	for _, r := range rows {
		got[r.Name] = r
	}
	veth0.Index, veth1.Index = got["veth0"].Index, got["veth1"].Index
	for _, want := range []NetInterface{lo, veth0, veth1} {
		if g := got[want.Name]; fmt.Sprintf("%+v", g) != fmt.Sprintf("%+v", want) {
			t.Errorf("%s:\n got %+v\nwant %+v", want.Name, g, want)
		}
	}
	if !slices.IsSortedFunc(rows, func(a, b NetInterface) int { return a.Index - b.Index }) {
		t.Errorf("rows are not in index order: %+v", rows)
	}
	if want := normalizeIPAddr(p.ip(t, "addr", "show")); out.Stdout != want {
		t.Errorf("Stdout differs from ip addr show (qdisc, group and link brd removed):\n%s\nwant:\n%s", out.Stdout, want)
	}
}

var (
	ipQdiscGroup = regexp.MustCompile(` (qdisc|group) \S+`)
	ipLinkBrd    = regexp.MustCompile(`^(    link/\S+ \S+) brd \S+`)
	ipPref       = regexp.MustCompile(` pref \S+$`)
)

// normalizeIPAddr removes from ip's output what the netlink library does
// not decode, and ip's trailing spaces.
func normalizeIPAddr(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		l = ipQdiscGroup.ReplaceAllString(strings.TrimRight(l, " "), "")
		lines[i] = ipLinkBrd.ReplaceAllString(l, "$1")
	}
	return strings.Join(lines, "\n")
}

func TestNetlinkHandleWithoutFamilyRefused(t *testing.T) {
	h, err := netlink.NewHandle(unix.NETLINK_ROUTE)
	if err != nil {
		t.Skipf("skipping: cannot open netlink: %v", err)
	}
	defer h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), PerProbeTimeout)
	defer cancel()
	_, err = listeningPorts(ctx, &Env{Netlink: h})
	if err == nil || !strings.Contains(err.Error(), "no socket for protocol") {
		t.Errorf("error = %v, want a refusal to read sockets from the wrong namespace", err)
	}
}

func TestNetlinkDumpHonorsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	defer close(release)
	go cancel()
	_, err := netlinkDump(ctx, &Env{}, unix.NETLINK_ROUTE, "wait", func(*netlink.Handle) (int, error) {
		<-release
		return 0, nil
	})
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "cannot wait over netlink") {
		t.Errorf("error = %v, want a cancellation", err)
	}
}

func TestNetlinkDumpRetriesInterruptedDumps(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), PerProbeTimeout)
	defer cancel()
	calls := 0
	_, err := netlinkDump(ctx, &Env{}, unix.NETLINK_ROUTE, "dump", func(*netlink.Handle) (int, error) {
		calls++
		return 0, netlink.ErrDumpInterrupted
	})
	if err == nil || calls != dumpAttempts {
		t.Errorf("after %d calls error = %v, want %d attempts and an error", calls, err, dumpAttempts)
	}
}

func TestLinkAndAddrFlags(t *testing.T) {
	if got := linkFlags(unix.IFF_UP | unix.IFF_BROADCAST | unix.IFF_MULTICAST); !slices.Equal(got, []string{"NO-CARRIER", "BROADCAST", "MULTICAST", "UP"}) {
		t.Errorf("flags of a link without carrier = %q", got)
	}
	if got := addrFlags(unix.IFA_F_SECONDARY, true); !slices.Equal(got, []string{"temporary", "dynamic"}) {
		t.Errorf("IPv6 temporary dynamic address flags = %q", got)
	}
	if got := addrFlags(unix.IFA_F_PERMANENT|1<<20, false); !slices.Equal(got, []string{"flags 100000"}) {
		t.Errorf("unknown flag = %q", got)
	}
	if got := lifetime(86390); got != "86390sec" {
		t.Errorf("lifetime = %q", got)
	}
}
