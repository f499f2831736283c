package probes

import (
	"context"
	"fmt"
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
// netlink sock_diag, asking the kernel for those states only, and finds
// their owners in procfs.
func listeningPorts(ctx context.Context, env *Env) (Output, error) {
	open := openSockDiag
	if env != nil && env.Netlink != nil {
		if env.SockDiag == nil {
			// A socket of annad's own would silently list another
			// namespace's sockets than the handle's.
			return Output{}, fmt.Errorf("cannot list sockets: the netlink handle has no socket for protocol %d in its namespace (Env.SockDiag)", unix.NETLINK_SOCK_DIAG)
		}
		open = env.SockDiag
	}
	rows, total, err := listenSockets(ctx, open)
	if err != nil {
		return Output{}, err
	}
	var notes []string
	if total > len(rows) {
		notes = append(notes, fmt.Sprintf("listed the first %d of %d sockets", len(rows), total))
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

// Bounds of listening_ports. Any user can open sockets and file
// descriptors by the thousand; listeners are opened early, so a process's
// first descriptors are the ones that matter.
const (
	maxSockets       = 512     // rows
	maxSocketOwners  = 16      // processes listed per socket
	maxFDsPerProcess = 8192    // descriptors looked at per process
	maxFDsScanned    = 1 << 19 // descriptors looked at in all
)

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
