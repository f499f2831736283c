package vmtests

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// timings are the run's shared stages, printed at the end for
// docs/PERFORMANCE.md.
type timings struct {
	image, payload, rootDisk, boot, save time.Duration
	built                                bool // the image was built, not taken from the cache
}

// missingTool names the first program the suite needs that is not on
// PATH, or "".
func missingTool() string {
	for _, p := range []string{"qemu-system-x86_64", "qemu-img", "mmdebstrap", "mkfs.ext4", "zstd", "tar", "nice"} {
		if _, err := exec.LookPath(p); err != nil {
			return p
		}
	}
	return ""
}

// repoRoot is the module's root: the tests run in vmtests/.
func repoRoot() string { return ".." }

// prepare builds (or takes from the cache) the image, the run's disks and
// payload, boots the guest once and saves it. log receives the image
// recipe's output and the boot's console.
func prepare(ctx context.Context, log io.Writer) (*guest, timings, error) {
	var tm timings
	dir, err := os.MkdirTemp(os.Getenv("ANNA_VM_TMP"), "anna-vm-")
	if err != nil {
		return nil, tm, fmt.Errorf("cannot create the run's directory: %w", err)
	}
	g := &guest{dir: dir, root: filepath.Join(dir, "root.ext4"), payload: filepath.Join(dir, "payload.ext4"), state: filepath.Join(dir, "state.bin")}

	t0 := time.Now()
	croot, _ := cacheRoot()
	tm.built = !complete(filepath.Join(croot, imageHash()))
	image, err := buildImage(ctx, log)
	if err != nil {
		return g, tm, err
	}
	tm.image = time.Since(t0)
	g.kernel, g.initrd = filepath.Join(image, "vmlinuz"), filepath.Join(image, "initrd.img")

	t0 = time.Now()
	if err := buildPayload(ctx, filepath.Join(dir, "payload"), log); err != nil {
		return g, tm, err
	}
	if err := makeDisk(ctx, filepath.Join(dir, "payload"), g.payload, "annapayload", 256<<20); err != nil {
		return g, tm, err
	}
	tm.payload = time.Since(t0)

	t0 = time.Now()
	if err := rootDisk(ctx, image, g.root); err != nil {
		return g, tm, err
	}
	tm.rootDisk = time.Since(t0)

	t0 = time.Now()
	transcript, err := os.Create(filepath.Join(dir, "boot-transcript.txt"))
	if err != nil {
		return g, tm, fmt.Errorf("cannot create the boot transcript: %w", err)
	}
	defer transcript.Close()
	m, err := start(ctx, g, dir, drive{path: g.root, format: "raw"}, "", transcript)
	if err != nil {
		return g, tm, err
	}
	s := &shell{m: m, deadline: time.Now().Add(5 * time.Minute)}
	if _, err := s.tryExpect(promptRe, 4*time.Minute); err != nil {
		m.stop()
		return g, tm, fmt.Errorf("the guest did not boot to a shell: %w (see %s and %s)", err, transcript.Name(), filepath.Join(dir, "console.log"))
	}
	out, _, err := s.try("systemctl is-system-running --wait", 3*time.Minute)
	if err == nil && !strings.Contains(out, "running") {
		_, _, _ = s.try("systemctl --failed --no-legend", time.Minute)
		err = fmt.Errorf("the guest's systemd is %q, not running", strings.TrimSpace(out))
	}
	if err != nil {
		m.stop()
		return g, tm, err
	}
	tm.boot = time.Since(t0)

	t0 = time.Now()
	if err := m.save(ctx, g.state); err != nil {
		m.stop()
		return g, tm, err
	}
	tm.save = time.Since(t0)
	return g, tm, nil
}

// buildPayload fills dir with this tree's Anna artifacts: `make release`
// output for amd64 when the tree has the installer, else freshly built
// binaries under the release's names.
func buildPayload(ctx context.Context, dir string, log io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create the payload: %w", err)
	}
	if hasRelease() {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return fmt.Errorf("cannot find the payload: %w", err)
		}
		cmd := exec.CommandContext(ctx, "make", "-C", repoRoot(), "release", "RELEASE_ARCHS=amd64", "DIST="+abs)
		cmd.Stdout, cmd.Stderr = log, log
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("cannot run make release: %w", err)
		}
		return nil
	}
	for _, b := range []string{"annad", "annactl"} {
		cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w",
			"-o", filepath.Join(dir, b+"-linux-amd64"), "./cmd/"+b)
		cmd.Dir = repoRoot()
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH=amd64")
		cmd.Stdout, cmd.Stderr = log, log
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("cannot build %s: %w", b, err)
		}
	}
	return nil
}

// hasRelease reports whether this tree can make a release (installer and
// `make release`, from the Service issue).
func hasRelease() bool {
	mk, err := os.ReadFile(filepath.Join(repoRoot(), "Makefile"))
	if err != nil || !strings.Contains(string(mk), "\nrelease:") {
		return false
	}
	_, err = os.Stat(filepath.Join(repoRoot(), "installer", "install.sh"))
	return err == nil
}

// serve serves dir over HTTP on the host's loopback; the guest reaches it
// as http://10.0.2.2:<port>. It returns that guest-side URL.
func serve(dir string) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("cannot listen for the guest: %w", err)
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(os.Stderr, "vmtests: release server:", err)
		}
	}()
	return guestURL(ln.Addr()), func() { _ = srv.Close() }, nil
}

// guestURL is the address a host listener has from inside the guest.
func guestURL(a net.Addr) string {
	return fmt.Sprintf("http://10.0.2.2:%d", a.(*net.TCPAddr).Port)
}
