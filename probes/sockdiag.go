package probes

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"time"

	"golang.org/x/sys/unix"
)

// listeningQueries are listening_ports' sock_diag dumps in ss's order, UDP
// then TCP, IPv4 then IPv6, each asking the kernel for the one state
// listed, so that it walks only the listening hash for TCP and sends no
// connected socket at all.
var listeningQueries = []struct {
	netid  string
	proto  uint8
	family uint8
	state  uint8
}{
	{"udp", unix.IPPROTO_UDP, unix.AF_INET, udpUnconn},
	{"udp", unix.IPPROTO_UDP, unix.AF_INET6, udpUnconn},
	{"tcp", unix.IPPROTO_TCP, unix.AF_INET, tcpListen},
	{"tcp", unix.IPPROTO_TCP, unix.AF_INET6, tcpListen},
}

// Sizes of the sock_diag structures: struct inet_diag_req_v2 and struct
// inet_diag_msg (linux/inet_diag.h).
const (
	sizeofDiagReq = 56
	sizeofDiagMsg = 72
	// diagRecvBytes holds the largest message batch the kernel sends in
	// one datagram of a dump (at most 32 KiB with its overhead).
	diagRecvBytes = 32 << 10
)

// errDumpInterrupted says the socket tables changed during a dump.
var errDumpInterrupted = errors.New("the socket table changed during the dump")

// openSockDiag opens a NETLINK_SOCK_DIAG socket in annad's own network
// namespace.
func openSockDiag() (int, error) {
	return unix.Socket(unix.AF_NETLINK, unix.SOCK_RAW|unix.SOCK_CLOEXEC, unix.NETLINK_SOCK_DIAG)
}

// listenSockets runs listeningQueries on one sock_diag socket from open
// and returns the first maxSockets rows and how many there were; a dump
// the kernel marks as interrupted is run again up to dumpAttempts times.
// The dumps run in their own goroutine, bounded by a receive timeout, so
// the call returns when ctx ends.
func listenSockets(ctx context.Context, open func() (int, error)) ([]ListeningSocket, int, error) {
	type result struct {
		rows  []ListeningSocket
		total int
		err   error
	}
	done := make(chan result, 1)
	deadline, ok := ctx.Deadline()
	if !ok || time.Until(deadline) > PerProbeTimeout {
		deadline = time.Now().Add(PerProbeTimeout)
	}
	go func() {
		defer recovered("list sockets over netlink", func(err error) { done <- result{err: err} })
		var r result
		fd, err := open()
		if err != nil {
			done <- result{err: err}
			return
		}
		defer unix.Close(fd)
		tv := unix.NsecToTimeval(max(time.Until(deadline), time.Millisecond).Nanoseconds())
		if err := unix.SetsockoptTimeval(fd, unix.SOL_SOCKET, unix.SO_RCVTIMEO, &tv); err != nil {
			done <- result{err: err}
			return
		}
		buf := make([]byte, diagRecvBytes)
		for range dumpAttempts {
			r.rows, r.total, r.err = dumpListening(fd, buf)
			if !errors.Is(r.err, errDumpInterrupted) {
				break
			}
		}
		done <- r
	}()
	select {
	case r := <-done:
		var internal *internalError
		switch {
		case errors.As(r.err, &internal):
			return nil, 0, r.err
		case r.err != nil:
			return nil, 0, fmt.Errorf("cannot list sockets over netlink: %w", netlinkReason(r.err))
		}
		return r.rows, r.total, nil
	case <-ctx.Done():
		return nil, 0, fmt.Errorf("cannot list sockets over netlink: %w", context.Cause(ctx))
	}
}

// dumpListening runs every query of listeningQueries on fd in turn.
func dumpListening(fd int, buf []byte) ([]ListeningSocket, int, error) {
	var rows []ListeningSocket
	total := 0
	interrupted := false
	for i, q := range listeningQueries {
		seq := uint32(i + 1)
		var req [unix.SizeofNlMsghdr + sizeofDiagReq]byte
		ne := binary.NativeEndian
		ne.PutUint32(req[0:], uint32(len(req)))
		ne.PutUint16(req[4:], unix.SOCK_DIAG_BY_FAMILY)
		ne.PutUint16(req[6:], unix.NLM_F_REQUEST|unix.NLM_F_DUMP)
		ne.PutUint32(req[8:], seq)
		d := req[unix.SizeofNlMsghdr:]
		d[0], d[1] = q.family, q.proto // ext 0: no attributes asked for
		ne.PutUint32(d[4:], 1<<q.state)
		if err := unix.Sendto(fd, req[:], 0, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
			return nil, 0, err
		}
		err := receiveDump(fd, buf, seq, func(msg []byte) {
			if len(msg) < sizeofDiagMsg || msg[1] != q.state {
				return
			}
			if total++; len(rows) < maxSockets {
				rows = append(rows, diagRow(q.netid, msg))
			}
		})
		switch {
		case errors.Is(err, errDumpInterrupted):
			interrupted = true
		case err != nil:
			return nil, 0, err
		}
	}
	if interrupted {
		return nil, 0, errDumpInterrupted
	}
	return rows, total, nil
}

// receiveDump reads the answer to request seq until its NLMSG_DONE and
// calls each with the payload of every SOCK_DIAG_BY_FAMILY message. It
// returns errDumpInterrupted, after reading the whole answer, when the
// kernel flagged it so. Datagrams from anyone but the kernel are ignored.
func receiveDump(fd int, buf []byte, seq uint32, each func(msg []byte)) error {
	interrupted := false
	for {
		n, _, flags, from, err := unix.Recvmsg(fd, buf, nil, 0)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if errors.Is(err, unix.EAGAIN) {
			return errors.New("the kernel did not answer in time")
		}
		if err != nil {
			return err
		}
		if flags&unix.MSG_TRUNC != 0 {
			return errors.New("a sock_diag answer did not fit the buffer")
		}
		if nl, ok := from.(*unix.SockaddrNetlink); !ok || nl.Pid != 0 {
			continue
		}
		done, err := parseDatagram(buf[:n], seq, &interrupted, each)
		switch {
		case err != nil:
			return err
		case done && interrupted:
			return errDumpInterrupted
		case done:
			return nil
		}
	}
}

// parseDatagram reads the netlink messages of one datagram of a dump:
// messages of another request are skipped, NLM_F_DUMP_INTR sets
// *interrupted, and done says the dump ended (NLMSG_DONE, or an
// NLMSG_ERROR acknowledging success).
func parseDatagram(b []byte, seq uint32, interrupted *bool, each func(msg []byte)) (done bool, err error) {
	ne := binary.NativeEndian
	for len(b) >= unix.SizeofNlMsghdr {
		l := int(ne.Uint32(b[0:]))
		typ, flags, mseq := ne.Uint16(b[4:]), ne.Uint16(b[6:]), ne.Uint32(b[8:])
		if l < unix.SizeofNlMsghdr || l > len(b) {
			return false, errors.New("a malformed netlink message")
		}
		msg := b[unix.SizeofNlMsghdr:l]
		b = b[min(nlmAlign(l), len(b)):]
		if mseq != seq {
			continue
		}
		if flags&unix.NLM_F_DUMP_INTR != 0 {
			*interrupted = true
		}
		switch typ {
		case unix.NLMSG_DONE:
			return true, nil
		case unix.NLMSG_ERROR:
			if len(msg) < 4 {
				return false, errors.New("a malformed netlink error")
			}
			if errno := -int32(ne.Uint32(msg)); errno != 0 {
				return false, unix.Errno(errno)
			}
			return true, nil
		case unix.SOCK_DIAG_BY_FAMILY:
			each(msg)
		}
	}
	return false, nil
}

// nlmAlign rounds a netlink message length up to its 4-byte alignment.
func nlmAlign(n int) int { return (n + unix.NLMSG_ALIGNTO - 1) &^ (unix.NLMSG_ALIGNTO - 1) }

// diagRow turns a struct inet_diag_msg into a row. Addresses print as
// net.IP does, as they did when the netlink library parsed them.
func diagRow(netid string, msg []byte) ListeningSocket {
	ne := binary.NativeEndian
	r := ListeningSocket{
		Netid: netid, State: "LISTEN", Family: "inet",
		LocalPort: int(binary.BigEndian.Uint16(msg[4:])),
		RecvQ:     ne.Uint32(msg[56:]), SendQ: ne.Uint32(msg[60:]),
		UID: ne.Uint32(msg[64:]), Inode: ne.Uint32(msg[68:]),
		ifindex: int(ne.Uint32(msg[40:])),
	}
	if netid == "udp" {
		r.State = "UNCONN"
	}
	src := msg[8:24]
	if msg[0] == unix.AF_INET6 {
		r.Family = "inet6"
		r.LocalAddr = net.IP(src).String()
	} else {
		r.LocalAddr = net.IPv4(src[0], src[1], src[2], src[3]).String()
	}
	return r
}
