package probes

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// openSocket opens a socket with raw syscalls, so the test knows its fd and
// backlog exactly; it is closed when the test ends.
func openSocket(t *testing.T, family, typ int, addr unix.Sockaddr, setup func(fd int) error) int {
	t.Helper()
	fd, err := unix.Socket(family, typ|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatalf("socket: %v", err)
	}
	t.Cleanup(func() { _ = unix.Close(fd) })
	if setup != nil {
		if err := setup(fd); err != nil {
			t.Fatalf("socket setup: %v", err)
		}
	}
	if addr != nil {
		if err := unix.Bind(fd, addr); err != nil {
			t.Fatalf("bind: %v", err)
		}
	}
	return fd
}

func selfComm(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("/proc/self/comm")
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

func TestListeningPortsInPrivateNamespace(t *testing.T) {
	p := newPrivateNet(t)
	var tcp4, tcp6, udp4, udpDev int
	inNetns(t, p.ns, func() {
		tcp4 = openSocket(t, unix.AF_INET, unix.SOCK_STREAM, &unix.SockaddrInet4{Port: 7001, Addr: [4]byte{127, 0, 0, 1}}, nil)
		tcp6 = openSocket(t, unix.AF_INET6, unix.SOCK_STREAM, &unix.SockaddrInet6{Port: 7002, Addr: [16]byte{15: 1}}, nil)
		for _, fd := range []int{tcp4, tcp6} {
			if err := unix.Listen(fd, 7); err != nil {
				t.Fatalf("listen: %v", err)
			}
		}
		udp4 = openSocket(t, unix.AF_INET, unix.SOCK_DGRAM, &unix.SockaddrInet4{Port: 7003}, nil)
		udpDev = openSocket(t, unix.AF_INET, unix.SOCK_DGRAM, &unix.SockaddrInet4{Port: 7004, Addr: [4]byte{10, 1, 2, 3}},
			func(fd int) error { return unix.SetsockoptString(fd, unix.SOL_SOCKET, unix.SO_BINDTODEVICE, "veth0") })
		// Connected sockets are not listening and must not show up; the
		// pending connection fills the listener's accept queue (Recv-Q).
		client := openSocket(t, unix.AF_INET, unix.SOCK_STREAM, nil, nil)
		if err := unix.Connect(client, &unix.SockaddrInet4{Port: 7001, Addr: [4]byte{127, 0, 0, 1}}); err != nil {
			t.Fatalf("connect: %v", err)
		}
		peer := openSocket(t, unix.AF_INET, unix.SOCK_DGRAM, nil, nil)
		if err := unix.Connect(peer, &unix.SockaddrInet4{Port: 7003, Addr: [4]byte{127, 0, 0, 1}}); err != nil {
			t.Fatalf("connect: %v", err)
		}
	})

	out := runProbe(t, listeningPorts, &Env{Layout: dirs.Host, Netlink: p.h, SockDiag: p.sockDiag})
	got := slices.Clone(out.Data.([]ListeningSocket))
	slices.SortFunc(got, func(a, b ListeningSocket) int { return cmp.Compare(a.LocalPort, b.LocalPort) })
	me := func(fd int) []SocketProcess { return []SocketProcess{{Name: selfComm(t), PID: os.Getpid(), FD: fd}} }
	want := []ListeningSocket{
		{Netid: "tcp", State: "LISTEN", RecvQ: 1, SendQ: 7, Family: "inet", LocalAddr: "127.0.0.1", LocalPort: 7001, Processes: me(tcp4)},
		{Netid: "tcp", State: "LISTEN", SendQ: 7, Family: "inet6", LocalAddr: "::1", LocalPort: 7002, Processes: me(tcp6)},
		{Netid: "udp", State: "UNCONN", Family: "inet", LocalAddr: "0.0.0.0", LocalPort: 7003, Processes: me(udp4)},
		{Netid: "udp", State: "UNCONN", Family: "inet", LocalAddr: "10.1.2.3", LocalPort: 7004, Interface: "veth0", Processes: me(udpDev)},
	}
	for i := range got {
		if got[i].Inode == 0 {
			t.Errorf("row %d has no inode", i)
		}
		got[i].Inode = 0 // assigned by the kernel; the owner mapping proves it right
		got[i].ifindex = 0
	}
	if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
		t.Errorf("sockets:\n got %+v\nwant %+v", got, want)
	}

	// Field by field, the rows read like ss -tulpn run in the namespace.
	if fields, ok := ssFields(t, p); ok {
		mine := rowFields(out.Stdout)
		slices.Sort(mine)
		if !slices.Equal(mine, fields) {
			t.Errorf("rows differ from ss -tulpn:\n%s\nwant:\n%s", strings.Join(mine, "\n"), strings.Join(fields, "\n"))
		}
	}
	if !strings.HasPrefix(out.Stdout, "Netid State  Recv-Q Send-Q ") {
		t.Errorf("header of\n%s\nis not ss's", out.Stdout)
	}
}

// rowFields returns the data lines of ss-like output, each with its
// fields joined by one space.
func rowFields(s string) []string {
	var rows []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n")[1:] {
		rows = append(rows, strings.Join(strings.Fields(l), " "))
	}
	return rows
}

func ssFields(t *testing.T, p *privateNet) ([]string, bool) {
	t.Helper()
	ss := p.run(t, "ss", "-tulpn")
	if ss == "" {
		return nil, false
	}
	rows := rowFields(ss)
	slices.Sort(rows)
	return rows, true
}

func TestListeningPortsCurrentNamespace(t *testing.T) {
	tl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer tl.Close()
	ul, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ul.Close()
	fdOf := func(c syscall.Conn) int {
		raw, err := c.SyscallConn()
		if err != nil {
			t.Fatal(err)
		}
		var fd int
		if err := raw.Control(func(f uintptr) { fd = int(f) }); err != nil {
			t.Fatal(err)
		}
		return fd
	}

	ctx, cancel := context.WithTimeout(context.Background(), PerProbeTimeout)
	defer cancel()
	out, err := listeningPorts(ctx, &Env{Layout: dirs.Host})
	if errors.Is(err, unix.EPERM) || errors.Is(err, unix.EPROTONOSUPPORT) {
		t.Skipf("skipping: sock_diag is not available here: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		netid string
		port  int
		fd    int
	}{
		{"tcp", tl.Addr().(*net.TCPAddr).Port, fdOf(tl.(*net.TCPListener))},
		{"udp", ul.LocalAddr().(*net.UDPAddr).Port, fdOf(ul.(*net.UDPConn))},
	} {
		i := slices.IndexFunc(out.Data.([]ListeningSocket), func(s ListeningSocket) bool {
			return s.Netid == c.netid && s.LocalPort == c.port && s.LocalAddr == "127.0.0.1"
		})
		if i < 0 {
			t.Errorf("%s 127.0.0.1:%d is missing from\n%s", c.netid, c.port, out.Stdout)
			continue
		}
		row := out.Data.([]ListeningSocket)[i]
		want := SocketProcess{Name: selfComm(t), PID: os.Getpid(), FD: c.fd}
		if !slices.Contains(row.Processes, want) {
			t.Errorf("%s port %d owners = %+v, want %+v", c.netid, c.port, row.Processes, want)
		}
		line := fmt.Sprintf(`(?m)^%s .*127\.0\.0\.1:%d .*users:\(\("%s",pid=%d,fd=%d\)\)$`,
			c.netid, c.port, regexp.QuoteMeta(want.Name), want.PID, want.FD)
		if !regexp.MustCompile(line).MatchString(out.Stdout) {
			t.Errorf("no line matching %s in\n%s", line, out.Stdout)
		}
	}
}

// procTree builds a fixture /proc: pid → fd → link target, plus comm.
func procTree(t *testing.T, procs map[string]map[string]string, comms map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for pid, fds := range procs {
		dir := filepath.Join(root, "proc", pid, "fd")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for fd, target := range fds {
			if err := os.Symlink(target, filepath.Join(dir, fd)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for pid, comm := range comms {
		if err := os.WriteFile(filepath.Join(root, "proc", pid, "comm"), []byte(comm+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestSocketOwnersFromFixtureProc(t *testing.T) {
	root := procTree(t, map[string]map[string]string{
		"100":  {"0": "/dev/null", "3": "socket:[111]", "4": "socket:[222]", "5": "socket:[999]"},
		"200":  {"5": "socket:[111]", "6": "pipe:[111]", "7": "anon_inode:[eventpoll]"},
		"300":  {"1": "socket:[12x]", "2": "socket:[333"},
		"self": {"3": "socket:[111]"}, // not a pid: skipped, as is a pid without fd
		"400":  {},
	}, map[string]string{"100": "sshd", "200": "sshd: worker", "300": "odd"})
	if err := os.Remove(filepath.Join(root, "proc", "400", "fd")); err != nil {
		t.Fatal(err)
	}
	owners, _, err := socketOwners(context.Background(), dirs.At(root).Proc(), map[uint32]bool{111: true, 222: true, 333: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint32][]SocketProcess{
		111: {{"sshd", 100, 3}, {"sshd: worker", 200, 5}},
		222: {{"sshd", 100, 4}},
	}
	if fmt.Sprint(owners) != fmt.Sprint(want) {
		t.Errorf("owners = %v, want %v", owners, want)
	}
	if got := ssUsers(want[111]); got != `users:(("sshd",pid=100,fd=3),("sshd: worker",pid=200,fd=5))` {
		t.Errorf("users = %s", got)
	}
}

func TestSocketOwnersHonorsContext(t *testing.T) {
	root := procTree(t, map[string]map[string]string{"1": {"3": "socket:[1]"}}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := socketOwners(ctx, dirs.At(root).Proc(), map[uint32]bool{1: true})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error = %v, want context.Canceled", err)
	}
}

func TestSocketOwnersWithoutProc(t *testing.T) {
	_, _, err := socketOwners(context.Background(), filepath.Join(t.TempDir(), "proc"), map[uint32]bool{1: true})
	if err == nil || !strings.HasPrefix(err.Error(), "cannot list processes in ") {
		t.Errorf("error = %v, want the missing procfs named", err)
	}
}
