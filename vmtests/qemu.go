package vmtests

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	expect "github.com/Netflix/go-expect"
)

// guest is what every boot of one run shares: the disks, kernel and the
// saved state. The QEMU command line must be the same for the boot that
// saves the state and every restore, so it is built in one place.
type guest struct {
	dir     string // the run's scratch directory
	kernel  string
	initrd  string
	root    string // raw ext4; written only by the first boot
	payload string // raw ext4 with this run's Anna artifacts, read-only
	state   string // the saved machine, once saved
}

// drive is the root disk of one machine: the run's raw image, or a qcow2
// overlay on it holding an installed guest.
type drive struct {
	path, format string
	snapshot     bool // writes go to a temporary overlay, thrown away
}

// qemuArgs is the command line of one machine; incoming restores a saved
// state. Only the root drive's file may differ between the machine that
// saved a state and those restoring it.
func (g *guest) qemuArgs(dir string, d drive, incoming string) []string {
	root := "file=" + d.path + ",format=" + d.format + ",if=virtio,cache=unsafe"
	if d.snapshot {
		root += ",snapshot=on"
	}
	args := []string{
		"-nodefaults", "-display", "none", "-no-reboot",
		"-accel", "tcg,thread=multi", "-smp", "2", "-m", "1024", "-cpu", "max",
		"-kernel", g.kernel, "-initrd", g.initrd,
		"-append", "root=/dev/vda rw console=ttyS0 panic=-1 quiet mitigations=off",
		"-drive", root,
		"-drive", "file=" + g.payload + ",format=raw,if=virtio,readonly=on",
		"-nic", "user,model=virtio-net-pci",
		"-serial", "file:" + filepath.Join(dir, "console.log"),
		"-chardev", "stdio,id=sh,signal=off", "-serial", "chardev:sh",
		"-monitor", "unix:" + filepath.Join(dir, "mon.sock") + ",server,nowait",
	}
	if incoming != "" {
		args = append(args, "-incoming", "exec:cat "+incoming)
	}
	return args
}

// machine is one running QEMU whose second serial port is the console's
// terminal.
type machine struct {
	dir     string
	cmd     *exec.Cmd
	console *expect.Console
	done    chan struct{} // closed when QEMU has exited
	waitErr error
}

// start launches QEMU from root with its stdio on a fresh go-expect console whose
// output is also copied to transcript. QEMU dies with the test process
// (Pdeathsig) and when ctx ends.
func start(ctx context.Context, g *guest, dir string, root drive, incoming string, transcript *os.File) (*machine, error) {
	c, err := expect.NewConsole(expect.WithStdout(transcript), expect.WithDefaultTimeout(time.Minute))
	if err != nil {
		return nil, fmt.Errorf("cannot open a console: %w", err)
	}
	cmd := exec.CommandContext(ctx, "nice", append([]string{"-n", "5", "qemu-system-x86_64"}, g.qemuArgs(dir, root, incoming)...)...)
	cmd.Stdin, cmd.Stdout = c.Tty(), c.Tty()
	cmd.Stderr = transcript
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		c.Close()
		return nil, fmt.Errorf("cannot start qemu: %w", err)
	}
	m := &machine{dir: dir, cmd: cmd, console: c, done: make(chan struct{})}
	go func() {
		m.waitErr = cmd.Wait()
		close(m.done)
		// A dead QEMU would leave a pending Expect waiting for output that
		// never comes; closing the console ends it.
		c.Tty().Close()
	}()
	return m, nil
}

// stop kills QEMU (the disks it wrote are throwaway or already saved) and
// closes the console.
func (m *machine) stop() {
	if m.cmd.Process != nil {
		_ = m.cmd.Process.Kill()
	}
	<-m.done
	m.console.Close()
}

// hmp sends one human-monitor command and returns its output.
func (m *machine) hmp(ctx context.Context, command string) (string, error) {
	var d net.Dialer
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	// QEMU creates the socket a moment after it starts.
	var conn net.Conn
	var err error
	for {
		conn, err = d.DialContext(ctx, "unix", filepath.Join(m.dir, "mon.sock"))
		if err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("cannot reach the qemu monitor: %w", err)
		case <-m.done:
			return "", fmt.Errorf("cannot reach the qemu monitor: qemu exited (%v)", m.waitErr)
		case <-time.After(20 * time.Millisecond):
		}
	}
	defer conn.Close()
	dl, _ := ctx.Deadline()
	_ = conn.SetDeadline(dl)
	r := bufio.NewReader(conn)
	if _, err := readPrompt(r); err != nil {
		return "", err
	}
	if _, err := conn.Write([]byte(command + "\n")); err != nil {
		return "", fmt.Errorf("cannot write to the qemu monitor: %w", err)
	}
	if command == "quit" {
		_, _ = r.ReadString(0) // until QEMU hangs up
		return "", nil
	}
	return readPrompt(r)
}

// readPrompt reads the monitor's output up to its next prompt.
func readPrompt(r *bufio.Reader) (string, error) {
	var b strings.Builder
	for !strings.HasSuffix(b.String(), "(qemu) ") {
		c, err := r.ReadByte()
		if err != nil {
			return b.String(), fmt.Errorf("cannot read the qemu monitor: %w", err)
		}
		b.WriteByte(c)
	}
	return b.String(), nil
}

// waitMonitor polls an HMP query until its output contains one of want.
func (m *machine) waitMonitor(ctx context.Context, query string, want ...string) error {
	for {
		out, err := m.hmp(ctx, query)
		if err != nil {
			return err
		}
		for _, w := range want {
			if strings.Contains(out, w) {
				return nil
			}
		}
		if strings.Contains(out, "failed") {
			return fmt.Errorf("qemu: %s: %s", query, strings.TrimSpace(out))
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("qemu: %s never reached %q: %w", query, want, ctx.Err())
		case <-m.done:
			return errors.New("qemu exited")
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// save stops the machine and writes its state to path, then quits QEMU.
func (m *machine) save(ctx context.Context, path string) error {
	if _, err := m.hmp(ctx, "stop"); err != nil {
		return err
	}
	if _, err := m.hmp(ctx, `migrate "exec:cat > `+path+`"`); err != nil {
		return err
	}
	if err := m.waitMonitor(ctx, "info migrate", "Migration status: completed"); err != nil {
		return err
	}
	_, err := m.hmp(ctx, "quit")
	<-m.done
	m.console.Close()
	return err
}

// resume waits for an incoming migration to finish loading, then runs the
// machine.
func (m *machine) resume(ctx context.Context) error {
	if err := m.waitMonitor(ctx, "info status", "VM status: paused (postmigrate)", "VM status: paused\r", "VM status: paused\n"); err != nil {
		return err
	}
	_, err := m.hmp(ctx, "cont")
	return err
}
