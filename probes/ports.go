package probes

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// ListeningSocket is one row of listening_ports: a TCP socket in LISTEN
// state or an unconnected UDP socket, as `ss -tulpn` prints it.
type ListeningSocket struct {
	Netid string `json:"netid"` // "tcp" or "udp"
	State string `json:"state"` // "LISTEN" or "UNCONN"
	// RecvQ and SendQ are ss's Recv-Q and Send-Q: for a listener the
	// accept queue and its backlog.
	RecvQ     uint32 `json:"recv_q"`
	SendQ     uint32 `json:"send_q"`
	Family    string `json:"family"` // "inet" or "inet6"
	LocalAddr string `json:"local_address"`
	LocalPort int    `json:"local_port"`
	// Interface is the device the socket is bound to (SO_BINDTODEVICE).
	Interface string `json:"interface,omitempty"`
	Inode     uint32 `json:"inode"`
	UID       uint32 `json:"uid"`
	// Processes hold the socket open; empty when no process was found
	// (it exited, or the socket belongs to the kernel).
	Processes []SocketProcess `json:"processes"`

	ifindex int // of Interface, named once all sockets are read
}

// SocketProcess is a process holding a socket, as in ss's users:(…).
type SocketProcess struct {
	Name string `json:"name"` // comm
	PID  int    `json:"pid"`
	FD   int    `json:"fd"`
}

// Socket states as the kernel's sock_diag reports them.
const (
	tcpListen = 10 // TCP_LISTEN
	udpUnconn = 7  // TCP_CLOSE: an unconnected UDP socket
)

// listeningPorts reads TCP listeners and unconnected UDP sockets over
// netlink sock_diag and finds their owners in procfs.
func listeningPorts(ctx context.Context, env *Env) (Output, error) {
	rows, err := netlinkDump(ctx, env, unix.NETLINK_INET_DIAG, "list sockets", listSockets)
	if err != nil {
		return Output{}, err
	}
	var notes []string
	if len(rows) > maxSockets {
		notes = append(notes, fmt.Sprintf("listed the first %d of %d sockets", maxSockets, len(rows)))
		rows = rows[:maxSockets]
	}
	if slices.ContainsFunc(rows, func(r ListeningSocket) bool { return r.ifindex != 0 }) {
		links, err := netlinkDump(ctx, env, unix.NETLINK_ROUTE, "list interfaces", (*netlink.Handle).LinkList)
		if err != nil {
			return Output{}, err
		}
		names := linkNames(links)
		for i := range rows {
			rows[i].Interface = devName(rows[i].ifindex, names)
		}
	}
	inodes := make(map[uint32]bool, len(rows))
	for _, r := range rows {
		inodes[r.Inode] = true
	}
	proc := dirs.Host.Proc()
	if env != nil {
		proc = env.Layout.Proc()
	}
	owners, note, err := socketOwners(ctx, proc, inodes)
	if err != nil {
		return Output{}, err
	}
	if note != "" {
		notes = append(notes, note)
	}
	for i := range rows {
		rows[i].Processes = owners[rows[i].Inode]
		if rows[i].Processes == nil {
			rows[i].Processes = []SocketProcess{}
		}
	}
	return Output{Stdout: renderSS(rows), Data: rows, Notes: notes}, nil
}

// listSockets dumps UDP then TCP sockets, IPv4 then IPv6, in ss's order,
// and keeps the listening ones.
func listSockets(h *netlink.Handle) ([]ListeningSocket, error) {
	var rows []ListeningSocket
	for _, q := range []struct {
		netid string
		state uint8
		dump  func(uint8) ([]*netlink.Socket, error)
	}{{"udp", udpUnconn, h.SocketDiagUDP}, {"tcp", tcpListen, h.SocketDiagTCP}} {
		for _, family := range []uint8{unix.AF_INET, unix.AF_INET6} {
			socks, err := q.dump(family)
			if err != nil {
				return nil, err
			}
			for _, s := range socks {
				if s.State != q.state {
					continue
				}
				rows = append(rows, socketRow(q.netid, s))
			}
		}
	}
	return rows, nil
}

func socketRow(netid string, s *netlink.Socket) ListeningSocket {
	r := ListeningSocket{
		Netid: netid, State: "LISTEN", RecvQ: s.RQueue, SendQ: s.WQueue, Family: "inet",
		LocalAddr: s.ID.Source.String(), LocalPort: int(s.ID.SourcePort), Inode: s.INode, UID: s.UID,
	}
	if netid == "udp" {
		r.State = "UNCONN"
	}
	if s.Family == unix.AF_INET6 {
		r.Family = "inet6"
	}
	r.ifindex = int(s.ID.Interface)
	return r
}

// Bounds of listening_ports. Any user can open sockets and file
// descriptors by the thousand; listeners are opened early, so a process's
// first descriptors are the ones that matter.
const (
	maxSockets       = 512     // rows
	maxSocketOwners  = 16      // processes listed per socket
	maxFDsPerProcess = 8192    // descriptors looked at per process
	maxFDsScanned    = 1 << 19 // descriptors looked at in all
	fdChunk          = 256     // descriptors read from a directory at once
)

// socketOwners maps socket inodes to the processes holding them, by reading
// <proc>/<pid>/fd/* links ("socket:[inode]") as ss -p does, within the fd
// bounds above; note says when a bound stopped the walk. Processes that
// vanish or deny access are skipped; ctx is checked between chunks.
func socketOwners(ctx context.Context, proc string, inodes map[uint32]bool) (map[uint32][]SocketProcess, string, error) {
	owners := make(map[uint32][]SocketProcess)
	if len(inodes) == 0 {
		return owners, "", nil
	}
	entries, err := os.ReadDir(proc)
	if err != nil {
		return nil, "", fmt.Errorf("cannot list processes in %s: %w", proc, err)
	}
	scanned, skipped := 0, 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid <= 0 {
			continue
		}
		if scanned >= maxFDsScanned {
			skipped++
			continue
		}
		dir := filepath.Join(proc, e.Name())
		n, err := processSockets(ctx, dir, pid, inodes, owners)
		scanned += n
		if err != nil {
			return nil, "", fmt.Errorf("cannot map sockets to processes: %w", err)
		}
	}
	for _, list := range owners {
		slices.SortFunc(list, func(a, b SocketProcess) int {
			return cmp.Or(cmp.Compare(a.PID, b.PID), cmp.Compare(a.FD, b.FD))
		})
	}
	note := ""
	if skipped > 0 {
		note = fmt.Sprintf("owners of %d processes not looked up: %d file descriptors were read first", skipped, scanned)
	}
	return owners, note, nil
}

// processSockets adds the sockets among the first maxFDsPerProcess
// descriptors of the process at dir to owners and returns how many
// descriptors it read.
func processSockets(ctx context.Context, dir string, pid int, inodes map[uint32]bool, owners map[uint32][]SocketProcess) (int, error) {
	f, err := os.Open(dir + "/fd")
	if err != nil {
		return 0, nil
	}
	defer f.Close()
	comm, seen := "", 0
	for seen < maxFDsPerProcess {
		if err := ctx.Err(); err != nil {
			return seen, context.Cause(ctx)
		}
		fds, err := f.ReadDir(min(fdChunk, maxFDsPerProcess-seen))
		seen += len(fds)
		for _, fd := range fds {
			inode, ok := socketInode(dir + "/fd/" + fd.Name())
			if !ok || !inodes[inode] || len(owners[inode]) >= maxSocketOwners {
				continue
			}
			n, err := strconv.Atoi(fd.Name())
			if err != nil {
				continue
			}
			if comm == "" {
				comm = readComm(dir + "/comm")
			}
			owners[inode] = append(owners[inode], SocketProcess{Name: comm, PID: pid, FD: n})
		}
		if err != nil || len(fds) == 0 {
			break
		}
	}
	return seen, nil
}

// socketInode reads an fd link and returns the inode of "socket:[inode]".
func socketInode(link string) (uint32, bool) {
	target, err := os.Readlink(link)
	if err != nil {
		return 0, false
	}
	s, ok := strings.CutPrefix(target, "socket:[")
	if !ok {
		return 0, false
	}
	s, ok = strings.CutSuffix(s, "]")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 10, 32)
	return uint32(n), err == nil
}

// readComm reads a process's name, which its owner sets to anything.
func readComm(path string) string {
	b, _, err := readBounded(path, maxNameBytes)
	if err != nil {
		return "?"
	}
	return Sanitize(strings.TrimSuffix(string(b), "\n"), maxNameBytes)
}

// renderSS writes rows like `ss -tulpn`: numeric addresses, "*" for a
// wildcard port, IPv6 addresses in brackets, "%dev" for a bound device.
// Where ss prints "*" for a dual-stack IPv6 wildcard, this prints "[::]":
// the library drops the socket's IPV6_V6ONLY attribute.
func renderSS(rows []ListeningSocket) string {
	t := table{cols: []column{
		{header: "Netid"}, {header: "State"}, {header: "Recv-Q"}, {header: "Send-Q"},
		{header: "Local Address:Port", side: right}, {header: "Peer Address:Port"}, {header: "Process"},
	}}
	for _, r := range rows {
		peer := "0.0.0.0:*"
		if r.Family == "inet6" {
			peer = "[::]:*"
		}
		t.add(r.Netid, r.State, strconv.FormatUint(uint64(r.RecvQ), 10), strconv.FormatUint(uint64(r.SendQ), 10),
			ssAddr(r), peer, ssUsers(r.Processes))
	}
	return t.String()
}

func ssAddr(r ListeningSocket) string {
	addr := r.LocalAddr
	if r.Family == "inet6" {
		addr = "[" + addr + "]"
	}
	if r.Interface != "" {
		addr += "%" + r.Interface
	}
	port := "*"
	if r.LocalPort != 0 {
		port = strconv.Itoa(r.LocalPort)
	}
	return addr + ":" + port
}

func ssUsers(procs []SocketProcess) string {
	if len(procs) == 0 {
		return ""
	}
	parts := make([]string, len(procs))
	for i, p := range procs {
		parts[i] = fmt.Sprintf(`("%s",pid=%d,fd=%d)`, p.Name, p.PID, p.FD)
	}
	return "users:(" + strings.Join(parts, ",") + ")"
}
