package peer

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// TestMain doubles as a short-lived client: with ANNA_PEER_DIAL set the
// test binary connects to that socket and exits at once.
func TestMain(m *testing.M) {
	if sock := os.Getenv("ANNA_PEER_DIAL"); sock != "" {
		if _, err := net.Dial("unix", sock); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func listen(t *testing.T) (*net.UnixListener, string) {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "s")
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	return ln, sock
}

func TestWithProcessOfALivePeer(t *testing.T) {
	ln, sock := listen(t)
	c, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	conn, err := ln.AcceptUnix()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	id, err := Credentials(conn)
	if err != nil {
		t.Fatal(err)
	}
	id = id.WithProcess(conn, dirs.Host)
	want, _ := StartTime(dirs.Host, int32(os.Getpid()))
	if id.StartTime == 0 || id.StartTime != want {
		t.Fatalf("got start time %d, want %d", id.StartTime, want)
	}
}

// A peer that exited before annad looked: what procfs now shows under its
// pid (here a fixture playing a process that took the pid) is not
// attributed to it.
func TestWithProcessOfAGonePeer(t *testing.T) {
	ln, sock := listen(t)
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "ANNA_PEER_DIAL="+sock)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	conn, err := ln.AcceptUnix()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("client: %v", err)
	}
	if _, err := peerPIDFD(conn); errors.Is(err, unix.ENOPROTOOPT) {
		t.Skip("the kernel has no SO_PEERPIDFD (Linux 6.5)")
	}
	id, err := Credentials(conn)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	dir := filepath.Join(root, "proc", strconv.Itoa(int(id.PID)))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "stat"), []byte(hostileStat), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "status"), []byte("Groups:\t990\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if reused := id.WithGroups(dirs.At(root)); reused.StartTime == 0 {
		t.Fatal("the fixture does not play a reused pid")
	}
	if got := id.WithProcess(conn, dirs.At(root)); got.StartTime != 0 || got.Groups != nil {
		t.Fatalf("a gone peer got %+v from its pid's new owner", got)
	}
}
