package server

import (
	"net"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

func nop(string, ...any) {}

// ownGroup is the name and gid of the process's own group: root's when the
// tests run as root, and a group an unprivileged runner may give its socket
// to otherwise (chown to group root would need CAP_CHOWN).
func ownGroup(t *testing.T) (string, int64) {
	t.Helper()
	g, err := user.LookupGroupId(strconv.Itoa(os.Getegid()))
	if err != nil {
		t.Skipf("the process's group %d has no name to configure: %v", os.Getegid(), err)
	}
	return g.Name, int64(os.Getegid())
}

// otherGroup is an existing group other than the process's, so a test can
// tell whether the socket got it.
func otherGroup(t *testing.T) (string, uint32) {
	t.Helper()
	for _, name := range []string{"nogroup", "daemon", "bin", "users"} {
		g, err := user.LookupGroup(name)
		if err != nil {
			continue
		}
		gid, _ := strconv.ParseUint(g.Gid, 10, 32)
		if int(gid) != os.Getgid() {
			return name, uint32(gid)
		}
	}
	t.Skip("no second group on this machine")
	return "", 0
}

func stat(t *testing.T, p string) unix.Stat_t {
	t.Helper()
	var st unix.Stat_t
	if err := unix.Lstat(p, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// victim is a private file an attacker would like annad to chmod or chown.
func victim(t *testing.T) (string, unix.Stat_t) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "shadow")
	if err := os.WriteFile(p, []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p, stat(t, p)
}

func untouched(t *testing.T, p string, before unix.Stat_t) {
	t.Helper()
	after := stat(t, p)
	if after.Mode != before.Mode || after.Uid != before.Uid || after.Gid != before.Gid {
		t.Fatalf("%s changed: mode %o→%o owner %d:%d→%d:%d", p, before.Mode, after.Mode, before.Uid, before.Gid, after.Uid, after.Gid)
	}
}

// The socket ends up 0660 with its group whatever the umask, set through a
// descriptor of the checked file rather than by name.
func TestSocketCreatedWithModeAndGroup(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give the socket another group")
	}
	name, gid := otherGroup(t)
	path := filepath.Join(t.TempDir(), "anna.sock")
	old := unix.Umask(0o077) // the tests of this package do not run in parallel
	sock, err := Listen(path, name, nop)
	unix.Umask(old)
	if err != nil {
		t.Fatal(err)
	}
	defer sock.Remove()
	defer sock.Listener.Close()
	st := stat(t, path)
	if st.Mode != unix.S_IFSOCK|0o660 || st.Gid != gid || st.Uid != 0 {
		t.Fatalf("socket mode %o owner %d:%d, want socket 0660 root:%d", st.Mode, st.Uid, st.Gid, gid)
	}
}

// Swapping the temporary socket for a symlink between bind and rename (the
// attack that once made a root 0600 file 0660 root:anna) changes nothing
// and stops annad.
func TestSymlinkSwappedForTheTempSocket(t *testing.T) {
	name, _ := otherGroup(t)
	target, before := victim(t)
	path := filepath.Join(t.TempDir(), "anna.sock")
	afterBind = func(tmp string) {
		if err := os.Remove(tmp); err != nil {
			t.Error(err)
		}
		if err := os.Symlink(target, tmp); err != nil {
			t.Error(err)
		}
	}
	defer func() { afterBind = func(string) {} }()
	if sock, err := Listen(path, name, nop); err == nil {
		sock.Listener.Close()
		t.Fatal("Listen accepted a swapped socket")
	} else if !strings.Contains(err.Error(), "replaced by something else") {
		t.Fatalf("error %q does not say what happened", err)
	}
	untouched(t, target, before)
	if _, err := os.Lstat(path); !os.IsNotExist(err) {
		t.Fatal("the symlink was moved into place as the socket")
	}
}

// A symlink, or any non-socket, pre-created at the socket path is refused
// and left alone.
func TestPrecreatedSymlinkAtTheSocketPath(t *testing.T) {
	target, before := victim(t)
	path := filepath.Join(t.TempDir(), "anna.sock")
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	if _, err := Listen(path, "root", nop); err == nil || !strings.Contains(err.Error(), "not a socket") {
		t.Fatalf("Listen over a symlink: %v", err)
	}
	untouched(t, target, before)
	if l, err := os.Readlink(path); err != nil || l != target {
		t.Fatalf("the symlink was touched: %q %v", l, err)
	}
}

// A socket directory others can write, even sticky like /tmp, or that
// belongs to another user, is refused before anything is created in it.
func TestUnsafeSocketDirectoryIsRefused(t *testing.T) {
	cases := []struct {
		name  string
		mode  os.FileMode
		owner int
		want  string
	}{
		{"world writable", 0o777, -1, "others can write to it (mode 0777)"},
		{"sticky world writable", 0o777 | os.ModeSticky, -1, "others can write to it (mode 1777)"},
		{"group writable", 0o775, -1, "others can write to it"},
		{"another user's", 0o755, 65534, "belongs to uid 65534"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(dir, tc.mode); err != nil {
				t.Fatal(err)
			}
			if tc.owner >= 0 {
				if os.Geteuid() != 0 {
					t.Skip("needs root to chown")
				}
				if err := os.Chown(dir, tc.owner, -1); err != nil {
					t.Fatal(err)
				}
			}
			_, err := Listen(filepath.Join(dir, "anna.sock"), "root", nop)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "cannot ") {
				t.Fatalf("Listen in a %s directory: %v", tc.name, err)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Fatalf("created %v in a refused directory", entries)
			}
		})
	}
	// An unsafe ancestor is refused too; a sticky one (like /tmp) is fine.
	top := t.TempDir()
	if err := os.Chmod(top, 0o777); err != nil {
		t.Fatal(err)
	}
	if _, err := Listen(filepath.Join(top, "run", "anna.sock"), "root", nop); err == nil || !strings.Contains(err.Error(), top+": others can write") {
		t.Fatalf("Listen below a world-writable directory: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(top, "run")); !os.IsNotExist(err) {
		t.Fatal("created the socket directory below a world-writable one")
	}
}

// A temporary socket left by an annad killed between bind and rename is
// removed at start; only dead sockets with our own name pattern are.
func TestStaleTempSocketIsRemoved(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "anna.sock")
	dead := path + ".4242.tmp"
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: dead, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	ln.SetUnlinkOnClose(false)
	ln.Close()
	alive := path + ".4343.tmp"
	lv, err := net.ListenUnix("unix", &net.UnixAddr{Name: alive, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	defer lv.Close()
	target, before := victim(t)
	link := path + ".4444.tmp"
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.sock.4545.tmp")
	lo, err := net.ListenUnix("unix", &net.UnixAddr{Name: other, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	lo.SetUnlinkOnClose(false)
	lo.Close()

	group, _ := ownGroup(t)
	var warned []string
	sock, err := Listen(path, group, func(msg string, _ ...any) { warned = append(warned, msg) })
	if err != nil {
		t.Fatal(err)
	}
	defer sock.Remove()
	defer sock.Listener.Close()
	if _, err := os.Lstat(dead); !os.IsNotExist(err) {
		t.Fatal("the stale temporary socket is still there")
	}
	for _, keep := range []string{alive, link, other} {
		if _, err := os.Lstat(keep); err != nil {
			t.Fatalf("%s was removed: %v", keep, err)
		}
	}
	untouched(t, target, before)
	if len(warned) != 1 || !strings.Contains(warned[0], "temporary socket") {
		t.Fatalf("warnings %q", warned)
	}
}
