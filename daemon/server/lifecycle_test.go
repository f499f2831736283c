package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestMain doubles as a client running under another uid: the access tests
// re-exec the test binary with ANNA_TEST_CLIENT set and a real credential
// switch, so the server reads a different SO_PEERCRED from the kernel.
func TestMain(m *testing.M) {
	if sock := os.Getenv("ANNA_TEST_CLIENT"); sock != "" {
		c, err := net.Dial("unix", sock)
		if err != nil {
			os.Stdout.WriteString("dial: " + err.Error() + "\n")
			os.Exit(1)
		}
		c.Write([]byte(os.Getenv("ANNA_TEST_LINE") + "\n"))
		line, _ := bufio.NewReader(c).ReadString('\n')
		os.Stdout.WriteString(line)
		os.Exit(0)
	}
	if os.Getenv("ANNA_TEST_ACTIVATED") != "" {
		os.Exit(activatedChild())
	}
	if sock := os.Getenv("ANNA_TEST_FLOOD"); sock != "" {
		os.Exit(floodChild(sock))
	}
	if sock := os.Getenv("ANNA_TEST_HOLD"); sock != "" {
		os.Exit(holdChild(sock))
	}
	os.Exit(m.Run())
}

// activatedChild plays annad started by systemd: fd 3 is a listening
// socket and LISTEN_FDS says so. systemd sets LISTEN_PID to the child's pid
// after fork, which exec.Command cannot, so the child sets it itself.
func activatedChild() int {
	os.Setenv("LISTEN_PID", strconv.Itoa(os.Getpid()))
	os.Setenv("LISTEN_FDS", "1")
	sock, err := Listen("/nonexistent/anna.sock", "root", func(string, ...any) {})
	if err != nil {
		fmt.Println("listen:", err)
		return 1
	}
	sock.Remove() // must leave systemd's file alone
	fmt.Printf("activated=%v addr=%s\n", sock.Activated, sock.Listener.Addr())
	c, err := sock.Listener.Accept()
	if err != nil {
		fmt.Println("accept:", err)
		return 1
	}
	c.Write([]byte("served\n"))
	c.Close()
	return 0
}

// Under socket activation annad serves the socket systemd passed and never
// creates, moves or removes a socket file itself.
func TestSocketActivation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "anna.sock")
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	f, err := ln.File()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "ANNA_TEST_ACTIVATED=1")
	cmd.ExtraFiles = []*os.File{f} // becomes fd 3
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	first, _ := bufio.NewReader(out).ReadString('\n')
	if first != "activated=true addr="+path+"\n" {
		t.Fatalf("child said %q", first)
	}
	c, err := net.Dial("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if reply, _ := bufio.NewReader(c).ReadString('\n'); reply != "served\n" {
		t.Fatalf("the passed socket did not serve: %q", reply)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the activated socket file was removed: %v", err)
	}
	if _, err := os.Stat("/nonexistent"); err == nil {
		t.Fatal("annad created its own socket path under activation")
	}
}

func runAs(t *testing.T, uid, gid uint32, groups []uint32, sock, line string) rpc.Response {
	t.Helper()
	cmd := exec.Command(worldExecutable(t))
	cmd.Env = append(os.Environ(), "ANNA_TEST_CLIENT="+sock, "ANNA_TEST_LINE="+line)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uid, Gid: gid, Groups: groups}}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("client as uid %d: %v: %s", uid, err, out)
	}
	var resp rpc.Response
	if err := json.Unmarshal(out, &resp); err != nil {
		t.Fatalf("client as uid %d got %q", uid, out)
	}
	return resp
}

// worldExecutable copies the test binary where other uids can run it (go
// test builds it in a private directory).
func worldExecutable(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "anna-peer-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	bin, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "client")
	if err := os.WriteFile(exe, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return exe
}

func TestAccessUsesKernelIdentity(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to run a client under other uids")
	}
	const group = 4242
	ts := startServer(t, func(o *Options) { o.Policy = peer.Policy{DaemonUID: 0, GroupID: group} })
	// Let other uids reach the socket; the policy, not the mode, is tested.
	for dir := filepath.Dir(ts.path); dir != os.TempDir(); dir = filepath.Dir(dir) {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(ts.path, 0o666); err != nil {
		t.Fatal(err)
	}
	echo := `{"jsonrpc":"2.0","id":1,"method":"echo","params":{"say":"hi"}}`
	admin := `{"jsonrpc":"2.0","id":1,"method":"admin"}`

	member := runAs(t, 1000, 1000, []uint32{group}, ts.path, echo)
	if member.Error != nil || !strings.Contains(string(member.Result), `"uid":1000`) {
		t.Fatalf("group member refused or misidentified: %+v %s", member.Error, member.Result)
	}
	wantError(t, runAs(t, 1000, 1000, []uint32{group}, ts.path, admin), -32001, rpc.KindAccessDenied, "1")
	stranger := runAs(t, 1001, 1001, nil, ts.path, echo)
	wantError(t, stranger, -32001, rpc.KindAccessDenied, "1")
	if !strings.Contains(stranger.Error.Hint(), "usermod -aG anna") {
		t.Fatalf("access error lacks advice: %q", stranger.Error.Hint())
	}
}

func TestShutdownFinishesInFlightThenRefuses(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"wait"}`)
	waitFor(t, func() bool { return ts.requestsInFlight() == 1 })
	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		done <- ts.Shutdown(ctx)
	}()
	waitFor(t, ts.stopping.Load)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"echo"}`)
	wantError(t, c.recv(), -32008, rpc.KindShuttingDown, "2")
	if _, err := net.Dial("unix", ts.path); err == nil {
		t.Fatal("still accepting after Shutdown")
	}
	close(ts.release)
	if resp := c.recv(); string(resp.Result) != `"released"` {
		t.Fatalf("in-flight request lost: %+v", resp)
	}
	if err := <-done; err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
}

// At the deadline stragglers are canceled, and still get their reply
// before the connection closes (2 of 5 clients once got none).
func TestShutdownDeadlineCancelsStragglers(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"wait"}`)
	waitFor(t, func() bool { return ts.requestsInFlight() == 1 })
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := ts.Shutdown(ctx); err == nil {
		t.Fatal("Shutdown should report that it gave up waiting")
	}
	if ts.canceled.Load() != 1 {
		t.Fatal("straggler was not canceled")
	}
	wantError(t, c.recv(), -32008, rpc.KindShuttingDown, "1")
}

func TestListenSocketFile(t *testing.T) {
	group, gid := ownGroup(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "anna.sock")
	var warned []string
	sock, err := Listen(path, "no-such-group-for-tests", func(msg string, _ ...any) { warned = append(warned, msg) })
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeSocket == 0 || fi.Mode().Perm() != 0o660 {
		t.Fatalf("socket mode %v, want socket 0660", fi.Mode())
	}
	if sock.GroupID != -1 || len(warned) != 1 {
		t.Fatalf("missing group: gid %d, warnings %q", sock.GroupID, warned)
	}
	if m, _ := filepath.Glob(path + ".*"); len(m) != 0 {
		t.Fatalf("temporary socket left behind: %v", m)
	}

	// A live socket is not stolen. (The kernel completes a connection into
	// the listen backlog, so no Accept is needed to look alive.)
	if _, err := Listen(path, group, func(string, ...any) {}); err == nil || !strings.Contains(err.Error(), "another annad") {
		t.Fatalf("second annad on a live socket: %v", err)
	}
	sock.Listener.Close()

	// A stale one is replaced, with the group applied when it exists.
	sock2, err := Listen(path, group, func(string, ...any) {})
	if err != nil {
		t.Fatalf("stale socket not replaced: %v", err)
	}
	if sock2.GroupID != gid {
		t.Fatalf("group %s has gid %d, want %d", group, sock2.GroupID, gid)
	}
	sock2.Listener.Close()
	sock2.Remove()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("Remove left the socket file")
	}

	// Something that is not a socket is never deleted.
	if err := os.WriteFile(path, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Listen(path, group, func(string, ...any) {}); err == nil || !strings.Contains(err.Error(), "not a socket") {
		t.Fatalf("regular file at socket path: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "precious" {
		t.Fatal("the file was touched")
	}
}

func TestServeAfterShutdownClosesTheListener(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s")
	sock, err := Listen(path, "no-such-group-for-tests", func(string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	defer sock.Remove()
	srv := New(Options{})
	if err := srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := srv.Serve(sock.Listener); err != ErrServerClosed {
		t.Fatalf("Serve after Shutdown: %v", err)
	}
	if c, err := net.Dial("unix", path); err == nil {
		c.Close()
		t.Fatal("the listener still accepts connections")
	}
}
