package server

import (
	"encoding/json"
	"fmt"
	"net"
	"runtime/debug"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// RootReserve is how many connections root (and annad's own uid) may open
// beyond MaxConns, so that members filling every ordinary slot never lock
// out the administrator.
const RootReserve = 8

// refusers bounds the goroutines that tell refused connections why: each
// waits briefly for the client to hang up so that closing never resets it.
// When all are busy the accept loop refuses inline, without the wait.
const refusers = 8

// admission counts open connections, overall, of members, and per uid.
type admission struct {
	max, perUID int

	mu      sync.Mutex
	total   int // every connection
	members int // connections of unprivileged uids
	byUID   map[uint32]int
}

func newAdmission(max, perUID int) *admission {
	return &admission{max: max, perUID: min(perUID, max), byUID: make(map[uint32]int)}
}

// admit takes a slot for uid, or returns why not. Unprivileged uids share
// max slots, each at most perUID; privileged ones (root, annad's own uid)
// have no per-uid limit and may use everything up to max+RootReserve, so
// members can never take the last RootReserve slots.
func (a *admission) admit(uid uint32, privileged bool) *rpc.Error {
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case a.total >= a.max+RootReserve:
		return rpc.Errorf(rpc.KindBusy, "cannot accept the connection: annad is at its limit of %d connections, including %d reserved for root", a.max+RootReserve, RootReserve).
			WithHint("retry in a moment; 'ss -xp' shows which programs hold connections to the socket")
	case privileged:
	case a.byUID[uid] >= a.perUID:
		return rpc.Errorf(rpc.KindBusy, "cannot accept the connection: uid %d already has %d connections open to annad, the limit for one user", uid, a.perUID).
			WithHint("close other annactl sessions of this user, or retry in a moment")
	case a.members >= a.max:
		return rpc.Errorf(rpc.KindBusy, "cannot accept the connection: annad is at its limit of %d connections", a.max).
			WithHint("retry in a moment; if this persists, other programs are holding connections open")
	default:
		a.members++
	}
	a.total++
	a.byUID[uid]++
	return nil
}

// leave frees the slot admit took for uid.
func (a *admission) leave(uid uint32, privileged bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.total--
	if !privileged {
		a.members--
	}
	if a.byUID[uid]--; a.byUID[uid] <= 0 {
		delete(a.byUID, uid)
	}
}

// refuse tells a connection it was not admitted and closes it cleanly. It
// runs on one of the bounded refuser goroutines when one is free, else
// inline in the accept loop (never blocking it for long).
func (s *Server) refuse(c *net.UnixConn, why *rpc.Error) {
	s.noteRefusal(why)
	select {
	case s.refusers <- struct{}{}:
		go func() {
			defer func() { <-s.refusers }()
			defer s.recoverLog("refuser")
			sayBusy(c, why, 500*time.Millisecond)
		}()
	default:
		sayBusy(c, why, 0)
	}
}

// sayBusy writes why as a JSON-RPC error with a null id, shuts the write
// side, and waits up to linger for the client to hang up, discarding what it
// sent. The kernel resets a Unix peer when a socket is closed with unread
// data, and a reset can hide the reply; draining first avoids it. With no
// linger it drains only what has already arrived.
func sayBusy(c *net.UnixConn, why *rpc.Error, linger time.Duration) {
	defer c.Close()
	line, _ := json.Marshal(rpc.Response{JSONRPC: rpc.Version2, ID: json.RawMessage("null"), Error: why})
	// A new connection's send buffer is empty, so this write never waits;
	// the deadline is only a guard, and generous because a tight one can
	// pass while this goroutine waits for a CPU (then the client would get
	// no reason at all).
	_ = c.SetWriteDeadline(time.Now().Add(2 * time.Second))
	if _, err := c.Write(append(line, '\n')); err != nil {
		drainReadable(c)
		return
	}
	_ = c.CloseWrite()
	if linger > 0 {
		_ = c.SetReadDeadline(time.Now().Add(linger))
		buf := make([]byte, 4096)
		for n := 0; n < rpc.MaxRequestBytes; {
			k, err := c.Read(buf)
			if err != nil {
				break
			}
			n += k
		}
	}
	drainReadable(c)
}

// drainReadable discards what the peer sent and is already queued, without
// waiting for more.
func drainReadable(c *net.UnixConn) {
	raw, err := c.SyscallConn()
	if err != nil {
		return
	}
	_ = raw.Read(func(fd uintptr) bool {
		buf := make([]byte, 4096)
		for i := 0; i < rpc.MaxRequestBytes/len(buf); i++ {
			if n, err := unix.Read(int(fd), buf); n <= 0 || err != nil {
				break
			}
		}
		return true
	})
}

// noteRefusal logs refusals at most once per refusalLogEvery with a count,
// so that a flood of connections cannot flood the journal too.
func (s *Server) noteRefusal(why *rpc.Error) {
	s.refusedMu.Lock()
	defer s.refusedMu.Unlock()
	s.refused++
	if now := time.Now(); now.Sub(s.refusedLogged) >= refusalLogEvery {
		s.log.Warn("connections refused", "count", s.refused, "last_reason", why.Message)
		s.refused, s.refusedLogged = 0, now
	}
}

const refusalLogEvery = 10 * time.Second

// recoverLog turns a panic on a goroutine of the server into a log line, so
// that a bug in handling one connection never takes annad down.
func (s *Server) recoverLog(where string) {
	if p := recover(); p != nil {
		s.log.Error("recovered from a panic", "where", where, "panic", clip(fmt.Sprint(p), 512), "stack", string(debug.Stack()))
	}
}
