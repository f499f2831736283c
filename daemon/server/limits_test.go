package server

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// addrIdentity is the kernel's identity, except that a client bound to an
// abstract address "@anna-test-uid-<uid>-…" is taken for that uid: it lets
// one test process play many users (dialAs). The real cross-uid tests run
// child processes instead.
func addrIdentity(c *net.UnixConn) (peer.Identity, error) {
	id, err := peer.Credentials(c)
	if a, ok := c.RemoteAddr().(*net.UnixAddr); ok {
		if rest, ok := strings.CutPrefix(a.Name, "@anna-test-uid-"); ok {
			uid, _, _ := strings.Cut(rest, "-")
			n, perr := strconv.ParseUint(uid, 10, 32)
			if perr != nil {
				return id, perr
			}
			id.UID, id.GID = uint32(n), uint32(n)
		}
	}
	return id, err
}

var dialSeq atomic.Int64

// fakeUID is the i-th uid a test plays through dialAs. It lies above the
// runner's own uid, so it is never taken for root or for annad's own uid
// (both of which have the root reserve), whoever runs the tests.
func fakeUID(i int) uint32 { return uint32(os.Getuid()) + 1 + uint32(i) }

// dialAs connects as if from uid (see addrIdentity).
func (ts *testServer) dialAs(t *testing.T, uid uint32) *rawConn {
	t.Helper()
	laddr := &net.UnixAddr{Net: "unix", Name: fmt.Sprintf("@anna-test-uid-%d-%d-%d", uid, os.Getpid(), dialSeq.Add(1))}
	c, err := net.DialUnix("unix", laddr, &net.UnixAddr{Net: "unix", Name: ts.path})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &rawConn{t: t, Conn: c, r: bufio.NewReader(c)}
}

// roundTrip sends an echo request and fails unless it is answered.
func (c *rawConn) roundTrip() {
	c.t.Helper()
	c.send(`{"jsonrpc":"2.0","id":1,"method":"echo"}`)
	if resp := c.recv(); resp.Error != nil {
		c.t.Fatalf("not served: %v", resp.Error)
	}
}

// Members share MaxConns, each uid at most MaxConnsPerUID; root has a
// reserve beyond MaxConns. Refusals say which limit was hit.
func TestConnectionLimits(t *testing.T) {
	ts := startServer(t, func(o *Options) { o.MaxConns, o.MaxConnsPerUID = 3, 2 })
	ts.dialAs(t, fakeUID(0)).roundTrip()
	a := ts.dialAs(t, fakeUID(0))
	a.roundTrip()
	busy := ts.dialAs(t, fakeUID(0)).recv()
	wantError(t, busy, -32006, rpc.KindBusy, "null")
	if !strings.Contains(busy.Error.Message, fmt.Sprintf("uid %d already has 2 connections", fakeUID(0))) || busy.Error.Hint() == "" {
		t.Fatalf("per-uid refusal unclear: %q / %q", busy.Error.Message, busy.Error.Hint())
	}
	ts.dialAs(t, fakeUID(1)).roundTrip() // another member still gets in
	full := ts.dialAs(t, fakeUID(2)).recv()
	wantError(t, full, -32006, rpc.KindBusy, "null")
	if !strings.Contains(full.Error.Message, "limit of 3 connections") {
		t.Fatalf("overall refusal unclear: %q", full.Error.Message)
	}
	for range RootReserve {
		ts.dial(t).roundTrip() // this process's own uid: root, or annad's uid; held until the test ends
	}
	wantError(t, ts.dial(t).recv(), -32006, rpc.KindBusy, "null")

	// A slot comes back when its connection closes.
	a.Close()
	deadline := time.Now().Add(time.Minute)
	for {
		c := ts.dialAs(t, fakeUID(3))
		c.send(`{"jsonrpc":"2.0","id":1,"method":"echo"}`)
		if resp := c.recv(); resp.Error == nil {
			break
		} else if resp.Error.Kind() != rpc.KindBusy || time.Now().After(deadline) {
			t.Fatalf("slot not freed: %v", resp.Error)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// queued is how many bytes wait unread in c's receive queue.
func queued(c *rawConn) int {
	raw, err := c.Conn.(*net.UnixConn).SyscallConn()
	if err != nil {
		return 0
	}
	n := 0
	_ = raw.Control(func(fd uintptr) { n, _ = unix.IoctlGetInt(int(fd), unix.SIOCINQ) })
	return n
}
