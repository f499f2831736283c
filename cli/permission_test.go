package cli_test

import (
	"bytes"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// The socket is root's and mode 0660, as annad creates it, but the caller
// is not in its group. The tests run as root, for whom EACCES never
// happens, so the real binary is run as nobody (uid 65534, no
// supplementary groups) through syscall.Credential. Run as another user,
// the test takes all permission from the socket instead.
func TestPermissionDeniedAdvice(t *testing.T) {
	dir, err := os.MkdirTemp("", "anna-perm-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	// Searchable by everyone, so the denial comes from the socket itself.
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	socket := filepath.Join(dir, "anna.sock")
	l, err := net.Listen("unix", socket)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()

	cmd := exec.Command(annactl, "status")
	cmd.Env = []string{"ANNA_SOCKET=" + socket, "HOME=/nonexistent", "TERM=dumb"}
	mode := os.FileMode(0o660)
	if os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534, Groups: []uint32{}}}
	} else {
		mode = 0
	}
	if err := os.Chmod(socket, mode); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 4 {
		t.Fatalf("exit: %v, want code 4\nstderr: %s", err, stderr.String())
	}
	want := "annactl: cannot open " + socket + ": permission denied\n" +
		"join the anna group with 'sudo usermod -aG anna $USER', then log out and in again\n"
	if stderr.String() != want || stdout.Len() != 0 {
		t.Errorf("stdout %q\nstderr %q\nwant   %q", stdout.String(), stderr.String(), want)
	}
}
