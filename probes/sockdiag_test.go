package probes

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netlink/nl"
	"github.com/vishvananda/netns"
	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// nlMessage is one netlink message of a test datagram.
func nlMessage(typ, flags uint16, seq uint32, payload []byte) []byte {
	b := make([]byte, nlmAlign(unix.SizeofNlMsghdr+len(payload)))
	ne := binary.NativeEndian
	ne.PutUint32(b[0:], uint32(unix.SizeofNlMsghdr+len(payload)))
	ne.PutUint16(b[4:], typ)
	ne.PutUint16(b[6:], flags)
	ne.PutUint32(b[8:], seq)
	copy(b[unix.SizeofNlMsghdr:], payload)
	return b
}

func TestParseDatagram(t *testing.T) {
	diag := make([]byte, sizeofDiagMsg)
	errno := make([]byte, 4)
	eperm := -int32(unix.EPERM)
	binary.NativeEndian.PutUint32(errno, uint32(eperm))
	cat := func(parts ...[]byte) []byte {
		var b []byte
		for _, p := range parts {
			b = append(b, p...)
		}
		return b
	}
	for _, c := range []struct {
		name        string
		datagram    []byte
		msgs        int
		done, intr  bool
		err         error
		errContains string
	}{
		{"rows then done", cat(nlMessage(unix.SOCK_DIAG_BY_FAMILY, 0, 7, diag), nlMessage(unix.SOCK_DIAG_BY_FAMILY, 0, 7, diag), nlMessage(unix.NLMSG_DONE, 0, 7, errno[:0])), 2, true, false, nil, ""},
		{"another request's messages are skipped", cat(nlMessage(unix.SOCK_DIAG_BY_FAMILY, 0, 6, diag), nlMessage(unix.NLMSG_DONE, 0, 6, nil), nlMessage(unix.SOCK_DIAG_BY_FAMILY, 0, 7, diag)), 1, false, false, nil, ""},
		{"interrupted", cat(nlMessage(unix.SOCK_DIAG_BY_FAMILY, unix.NLM_F_DUMP_INTR, 7, diag), nlMessage(unix.NLMSG_DONE, unix.NLM_F_DUMP_INTR, 7, nil)), 1, true, true, nil, ""},
		{"kernel error", nlMessage(unix.NLMSG_ERROR, 0, 7, errno), 0, false, false, unix.EPERM, ""},
		{"length past the datagram", nlMessage(unix.SOCK_DIAG_BY_FAMILY, 0, 7, diag)[:40], 0, false, false, nil, "malformed"},
		{"length under the header", func() []byte { b := nlMessage(unix.NLMSG_DONE, 0, 7, nil); b[0] = 4; return b }(), 0, false, false, nil, "malformed"},
	} {
		msgs, intr := 0, false
		done, err := parseDatagram(c.datagram, 7, &intr, func([]byte) { msgs++ })
		if msgs != c.msgs || done != c.done || intr != c.intr ||
			c.err != nil && !errors.Is(err, c.err) || c.errContains != "" && (err == nil || !strings.Contains(err.Error(), c.errContains)) ||
			c.err == nil && c.errContains == "" && err != nil {
			t.Errorf("%s: %d messages, done %v, interrupted %v, err %v", c.name, msgs, done, intr, err)
		}
	}
}

// More sockets than maxSockets: the first are listed, the note says how
// many there were, and the dump still ends cleanly.
func TestListeningPortsBoundsSockets(t *testing.T) {
	p := newPrivateNet(t)
	const n = maxSockets + 20
	inNetns(t, p.ns, func() {
		for i := range n {
			openSocket(t, unix.AF_INET, unix.SOCK_DGRAM, &unix.SockaddrInet4{Port: 20000 + i, Addr: [4]byte{127, 0, 0, 1}}, nil)
		}
	})
	out := runProbe(t, listeningPorts, &Env{Layout: dirs.Host, Netlink: p.h, SockDiag: p.sockDiag})
	rows := out.Data.([]ListeningSocket)
	want := fmt.Sprintf("listed the first %d of %d sockets", maxSockets, n)
	if len(rows) != maxSockets || len(out.Notes) == 0 || out.Notes[0] != want {
		t.Fatalf("%d rows, notes %q; want %d rows and %q", len(rows), out.Notes, maxSockets, want)
	}
}

// libraryListening is how listening_ports read sockets before: the netlink
// library's dumps, which ask for every state and TCP's extended info, on a
// socket per dump, filtered here. It is the reference for the raw dumps.
func libraryListening(h *netlink.Handle) ([]ListeningSocket, error) {
	var rows []ListeningSocket
	for _, q := range listeningQueries {
		dump := h.SocketDiagUDP
		if q.proto == unix.IPPROTO_TCP {
			dump = h.SocketDiagTCP
		}
		socks, err := dump(q.family)
		if err != nil {
			return nil, err
		}
		for _, s := range socks {
			if s.State == q.state {
				r := ListeningSocket{Netid: q.netid, State: "LISTEN", RecvQ: s.RQueue, SendQ: s.WQueue, Family: "inet",
					LocalAddr: s.ID.Source.String(), LocalPort: int(s.ID.SourcePort), Inode: s.INode, UID: s.UID, ifindex: int(s.ID.Interface)}
				if q.netid == "udp" {
					r.State = "UNCONN"
				}
				if s.Family == unix.AF_INET6 {
					r.Family = "inet6"
				}
				rows = append(rows, r)
			}
		}
	}
	return rows, nil
}

// The raw, state-filtered dumps list exactly what the library's full
// dumps filtered afterwards list, in the same order.
func TestSockDiagMatchesTheLibrary(t *testing.T) {
	p := newPrivateNet(t)
	inNetns(t, p.ns, func() {
		for i, a := range []unix.Sockaddr{
			&unix.SockaddrInet4{Port: 7101, Addr: [4]byte{127, 0, 0, 1}}, &unix.SockaddrInet6{Port: 7102, Addr: [16]byte{15: 1}},
			&unix.SockaddrInet4{Port: 7103}, &unix.SockaddrInet6{Port: 7104},
		} {
			family := unix.AF_INET
			if _, v6 := a.(*unix.SockaddrInet6); v6 {
				family = unix.AF_INET6
			}
			fd := openSocket(t, family, unix.SOCK_STREAM, a, nil)
			if err := unix.Listen(fd, 3+i); err != nil {
				t.Fatal(err)
			}
			openSocket(t, family, unix.SOCK_DGRAM, a, nil)
		}
		// A connected pair, which neither may list.
		client := openSocket(t, unix.AF_INET, unix.SOCK_STREAM, nil, nil)
		if err := unix.Connect(client, &unix.SockaddrInet4{Port: 7101, Addr: [4]byte{127, 0, 0, 1}}); err != nil {
			t.Fatal(err)
		}
	})
	want, err := libraryListening(p.h)
	if err != nil {
		t.Fatal(err)
	}
	got, total, err := listenSockets(context.Background(), p.sockDiag)
	if err != nil || total != len(got) || len(got) != 8 {
		t.Fatalf("%d rows of %d, %v", len(got), total, err)
	}
	if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
		t.Errorf("raw dumps:\n%+v\nlibrary:\n%+v", got, want)
	}
}

// BenchmarkSockDiag compares ways of listing the listening sockets of
// this host: raw (this package: one socket, state filters, no
// attributes), library-filtered (the library's request machinery on one
// socket with the same filters) and library (its SocketDiagTCP/UDP, as
// listening_ports used them before).
func BenchmarkSockDiag(b *testing.B) {
	b.Run("raw", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := listenSockets(context.Background(), openSockDiag); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("library-filtered", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s, err := nl.GetNetlinkSocketAt(netns.None(), netns.None(), unix.NETLINK_SOCK_DIAG)
			if err != nil {
				b.Fatal(err)
			}
			sockets := map[int]*nl.SocketHandle{unix.NETLINK_SOCK_DIAG: {Socket: s}}
			n := 0
			for _, q := range listeningQueries {
				req := &nl.NetlinkRequest{NlMsghdr: unix.NlMsghdr{Type: unix.SOCK_DIAG_BY_FAMILY,
					Flags: unix.NLM_F_REQUEST | unix.NLM_F_DUMP}, Sockets: sockets}
				data := make([]byte, sizeofDiagReq)
				data[0], data[1] = q.family, q.proto
				binary.NativeEndian.PutUint32(data[4:], 1<<q.state)
				req.AddRawData(data)
				err := req.ExecuteIter(unix.NETLINK_SOCK_DIAG, unix.SOCK_DIAG_BY_FAMILY, func(msg []byte) bool {
					if len(msg) >= sizeofDiagMsg && msg[1] == q.state {
						_ = diagRow(q.netid, msg)
						n++
					}
					return true
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			s.Close()
		}
	})
	b.Run("library", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := libraryListening(&netlink.Handle{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
