package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/polkit"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// adminGroup is the socket group of the admin tests: dialAs(adminGroup)
// connects as a member (addrIdentity gives uid and gid the same number),
// dialAs(nonMember) as someone else. Both are fake uids, never the runner's,
// and the runner's own uid is annad's (DaemonUID), so ts.dial is privileged
// as root is in production, whoever runs the tests.
var adminGroup, nonMember = fakeUID(0), fakeUID(1)

// whoami is what the test-only admin method answers: the identity annad
// read at accept time, to compare with the subject polkit was asked about.
type whoami struct {
	UID       uint32 `json:"uid"`
	PID       int32  `json:"pid"`
	StartTime uint64 `json:"start_time"`
}

// adminMethod is a test-only admin method with strict params, so invalid
// params can be shown never to reach polkit.
func adminMethod() Method {
	type params struct {
		Say string `json:"say"`
	}
	return Method{
		Access: peer.AccessAdmin, Action: polkit.ActionUninstall,
		Validate: func(raw json.RawMessage) error { _, err := Params[params](raw); return err },
		Handle: func(ctx context.Context, raw json.RawMessage) (any, error) {
			id, _ := peer.FromContext(ctx)
			return whoami{UID: id.UID, PID: id.PID, StartTime: id.StartTime}, nil
		},
	}
}

// polkitServer starts a server whose admin method is decided by a fake
// polkit on a private bus.
func polkitServer(t *testing.T, mutate func(*Options)) (*testServer, *dbustest.Polkit) {
	t.Helper()
	bus := dbustest.New(t)
	fake := bus.Polkit(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := polkit.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	ts := startServer(t, func(o *Options) {
		o.Methods["admin"] = adminMethod()
		o.Policy = peer.Policy{DaemonUID: uint32(os.Getuid()), GroupID: int64(adminGroup)}
		o.Polkit = conn
		if mutate != nil {
			mutate(o)
		}
	})
	return ts, fake
}

func adminLine(interactive bool) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"admin","params":{"say":"hi"},"interactive":%v}`, interactive)
}

// Only a member reaches polkit, and only with a request that passed every
// other check: root passes without it, a non-member, an unknown method and
// bad params are refused before it.
func TestAdminAsksPolkitLastAndOnlyForMembers(t *testing.T) {
	ts, fake := polkitServer(t, nil)
	fake.Set(polkit.ActionUninstall, dbustest.PolkitYes)

	root := ts.dialAs(t, 0) // uid 0 as addrIdentity reads it, whoever runs the tests
	root.send(adminLine(false))
	if resp := root.recv(); resp.Error != nil {
		t.Fatalf("root refused: %v", resp.Error)
	}
	stranger := ts.dialAs(t, nonMember)
	stranger.send(adminLine(true))
	wantError(t, stranger.recv(), -32001, rpc.KindAccessDenied, "1")
	member := ts.dialAs(t, adminGroup)
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"admin","params":{"sey":"typo"},"interactive":true}`,
		`{"jsonrpc":"2.0","id":1,"method":"admin","params":["x"],"interactive":true}`,
		`{"jsonrpc":"2.0","id":1,"method":"admni","interactive":true}`,
	} {
		member.send(line)
		if resp := member.recv(); resp.Error == nil || resp.Error.Kind() == rpc.KindAccessDenied {
			t.Fatalf("%s: got %+v, want a parse, params or method error", line, resp)
		}
	}
	if calls := fake.Calls(); len(calls) != 0 {
		t.Fatalf("polkit was asked %d times before any valid member request: %+v", len(calls), calls)
	}

	member.send(adminLine(false))
	resp := member.recv()
	if resp.Error != nil {
		t.Fatalf("member refused though polkit said yes: %v", resp.Error)
	}
	var who whoami
	if err := json.Unmarshal(resp.Result, &who); err != nil {
		t.Fatal(err)
	}
	start, err := peer.StartTime(dirs.Host, int32(os.Getpid()))
	if err != nil {
		t.Fatal(err)
	}
	calls := fake.Calls()
	if len(calls) != 1 {
		t.Fatalf("polkit got %d calls, want 1", len(calls))
	}
	got := calls[0]
	if got.PID != uint32(os.Getpid()) || got.StartTime != start || got.UID != int32(adminGroup) || got.Flags != 0 || got.Action != polkit.ActionUninstall {
		t.Fatalf("polkit asked about %+v, want pid %d start-time %d uid %d, no interaction", got, os.Getpid(), start, adminGroup)
	}
	if who.PID != int32(got.PID) || who.StartTime != got.StartTime || who.UID != uint32(got.UID) {
		t.Fatalf("the handler saw %+v, polkit was asked about %+v", who, got)
	}
}

// Each of polkit's refusals reaches the client as its own kind with a hint,
// and the request's interactive member becomes polkit's flag.
func TestAdminRefusalsHaveDistinctKinds(t *testing.T) {
	ts, fake := polkitServer(t, nil)
	member := ts.dialAs(t, adminGroup)
	cases := []struct {
		answer      dbustest.PolkitAnswer
		interactive bool
		kind        rpc.Kind // "" means authorized
	}{
		{dbustest.PolkitPromptYes, true, ""},
		{dbustest.PolkitPromptYes, false, rpc.KindAuthRequired},
		{dbustest.PolkitChallenge, true, rpc.KindAuthNoAgent},
		{dbustest.PolkitPromptDismiss, true, rpc.KindAuthDismissed},
		{dbustest.PolkitPromptNo, true, rpc.KindAuthDenied},
		{dbustest.PolkitNo, false, rpc.KindAuthDenied},
		{dbustest.PolkitUnset, false, rpc.KindAccessDenied}, // polkit answers with a D-Bus error
	}
	for i, c := range cases {
		fake.Set(polkit.ActionUninstall, c.answer)
		member.send(adminLine(c.interactive))
		resp := member.recv()
		switch {
		case c.kind == "" && resp.Error != nil:
			t.Errorf("case %d: refused: %v", i, resp.Error)
		case c.kind != "":
			wantError(t, resp, c.kind.Code(), c.kind, "1")
			if resp.Error.Hint() == "" {
				t.Errorf("case %d: %s has no hint", i, c.kind)
			}
		}
		calls := fake.Calls()
		if len(calls) != i+1 {
			t.Fatalf("case %d: polkit got %d calls, want %d", i, len(calls), i+1)
		}
		if want := c.interactive; (calls[i].Flags&polkit.FlagAllowUserInteraction != 0) != want {
			t.Errorf("case %d: flags %d, want interaction %v", i, calls[i].Flags, want)
		}
	}
}

// A check that outlives its deadline is a timeout, and polkit is told to
// drop it; without an authority, members are refused.
func TestAdminPolkitDeadlineAndAbsence(t *testing.T) {
	ts, fake := polkitServer(t, func(o *Options) { o.PolkitTimeout = 300 * time.Millisecond })
	fake.Set(polkit.ActionUninstall, dbustest.PolkitHang)
	member := ts.dialAs(t, adminGroup)
	member.send(adminLine(true))
	wantError(t, member.recv(), rpc.KindTimeout.Code(), rpc.KindTimeout, "1")
	waitFor(t, func() bool { return len(fake.Cancels()) == 1 })
	if calls := fake.Calls(); len(calls) != 1 || fake.Cancels()[0] != calls[0].CancelID {
		t.Fatalf("the timed-out check was not canceled: calls %+v, cancels %v", calls, fake.Cancels())
	}

	none := startServer(t, func(o *Options) {
		o.Methods["admin"] = adminMethod()
		o.Policy = peer.Policy{DaemonUID: uint32(os.Getuid()), GroupID: int64(adminGroup)}
	})
	m := none.dialAs(t, adminGroup)
	m.send(adminLine(true))
	wantError(t, m.recv(), -32001, rpc.KindAccessDenied, "1")
}

// rpc.Client sends the interactive member when allowed, and only then.
func TestClientSendsInteractive(t *testing.T) {
	ts, fake := polkitServer(t, func(o *Options) {
		// Every connection is a member's, so the Go client can play one.
		o.identify = func(c *net.UnixConn) (peer.Identity, error) {
			id, err := peer.Credentials(c)
			id.UID, id.GID = adminGroup, adminGroup
			return id, err
		}
	})
	fake.Set(polkit.ActionUninstall, dbustest.PolkitPromptYes)
	client := rpc.NewClient(ts.path)
	t.Cleanup(func() { _ = client.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := client.Call(ctx, "admin", nil, nil); rpc.KindOf(err) != rpc.KindAuthRequired {
		t.Fatalf("without interaction: %v, want auth_required", err)
	}
	client.AllowInteraction(true)
	if err := client.Call(ctx, "admin", nil, nil); err != nil {
		t.Fatalf("with interaction: %v", err)
	}
	calls := fake.Calls()
	if len(calls) != 2 || calls[0].Flags != 0 || calls[1].Flags != polkit.FlagAllowUserInteraction {
		t.Fatalf("polkit calls %+v, want flags 0 then %d", calls, polkit.FlagAllowUserInteraction)
	}
}

// With real processes under real uids: root passes without polkit, a member
// passes or not as polkit says about that very process (pid, start time and
// uid from the kernel), and a non-member is refused before polkit.
func TestAdminWithPolkitUsesKernelIdentity(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to run clients under other uids")
	}
	const group = 4242
	const yes, no, stranger = 1000, 1002, 1001
	ts, fake := polkitServer(t, func(o *Options) {
		o.Policy = peer.Policy{DaemonUID: 0, GroupID: group}
		o.identify = nil // the kernel's SO_PEERCRED, nothing else
	})
	fake.SetFor(polkit.ActionUninstall, yes, dbustest.PolkitYes)
	fake.SetFor(polkit.ActionUninstall, no, dbustest.PolkitNo)
	fake.SetFor(polkit.ActionUninstall, stranger, dbustest.PolkitYes)
	for dir := filepath.Dir(ts.path); dir != os.TempDir(); dir = filepath.Dir(dir) {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(ts.path, 0o666); err != nil {
		t.Fatal(err)
	}
	line := adminLine(false)

	if resp := runAs(t, 0, 0, nil, ts.path, line); resp.Error != nil {
		t.Fatalf("root refused: %v", resp.Error)
	}
	if n := len(fake.Calls()); n != 0 {
		t.Fatalf("root's call asked polkit %d times", n)
	}
	wantError(t, runAs(t, stranger, stranger, nil, ts.path, line), -32001, rpc.KindAccessDenied, "1")
	if n := len(fake.Calls()); n != 0 {
		t.Fatalf("a non-member reached polkit (%d calls), though polkit would have said yes", n)
	}

	resp := runAs(t, yes, yes, []uint32{group}, ts.path, line)
	if resp.Error != nil {
		t.Fatalf("member refused though polkit said yes: %v", resp.Error)
	}
	var who whoami
	if err := json.Unmarshal(resp.Result, &who); err != nil {
		t.Fatal(err)
	}
	calls := fake.Calls()
	if len(calls) != 1 {
		t.Fatalf("polkit got %d calls, want 1", len(calls))
	}
	if got := calls[0]; who.UID != yes || got.UID != yes || int32(got.PID) != who.PID || got.StartTime != who.StartTime || got.StartTime == 0 || who.PID == int32(os.Getpid()) {
		t.Fatalf("polkit asked about %+v; the client process was %+v", got, who)
	}
	wantError(t, runAs(t, no, no, []uint32{group}, ts.path, line), rpc.KindAuthDenied.Code(), rpc.KindAuthDenied, "1")
	if calls := fake.Calls(); len(calls) != 2 || calls[1].UID != no {
		t.Fatalf("polkit calls %+v, want a second one for uid %d", calls, no)
	}
}

// deadlineRecorder is an Authority that says yes and records the deadline
// each check got.
type deadlineRecorder struct{ left chan time.Duration }

func (d deadlineRecorder) CheckAuthorizationContext(ctx context.Context, _ polkit.Subject, _ string, _ bool) error {
	dl, ok := ctx.Deadline()
	if !ok {
		d.left <- -1
		return nil
	}
	d.left <- time.Until(dl)
	return nil
}

// A check without a prompt gets polkit.Timeout; one with a prompt gets
// rpc.PromptTimeout, which clients are told to outlast.
func TestAdminPolkitDeadlines(t *testing.T) {
	rec := deadlineRecorder{left: make(chan time.Duration, 2)}
	ts := startServer(t, func(o *Options) {
		o.Methods["admin"] = adminMethod()
		o.Policy = peer.Policy{DaemonUID: uint32(os.Getuid()), GroupID: int64(adminGroup)}
		o.Polkit = rec
	})
	member := ts.dialAs(t, adminGroup)
	for _, c := range []struct {
		interactive bool
		limit       time.Duration
	}{{false, polkit.Timeout}, {true, rpc.PromptTimeout}} {
		member.send(adminLine(c.interactive))
		if resp := member.recv(); resp.Error != nil {
			t.Fatal(resp.Error)
		}
		// Bounded above by the limit itself; below only loosely, since the
		// clock runs on between setting and reading the deadline.
		if left := <-rec.left; left > c.limit || left < c.limit/2 {
			t.Errorf("interactive=%v: the check had %v left, want at most %v", c.interactive, left, c.limit)
		}
	}
}
