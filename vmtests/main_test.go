package vmtests

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// run is what one `go test` process shares across scenarios; it is made
// by the first scenario that needs it.
var run struct {
	once     sync.Once
	g        *guest
	err      error
	tm       timings
	release  string // the payload served over HTTP, as the guest sees it
	stopHTTP func()
	restores []time.Duration
}

func TestMain(m *testing.M) {
	code := m.Run()
	if run.g != nil {
		tm := run.tm
		fmt.Printf("vmtests: image %s (built: %v), payload %s, root disk %s, boot %s, save %s, installed guest %s, restores %v\n",
			tm.image.Round(time.Millisecond), tm.built, tm.payload.Round(time.Millisecond),
			tm.rootDisk.Round(time.Millisecond), tm.boot.Round(time.Millisecond), tm.save.Round(time.Millisecond),
			installed.took.Round(time.Millisecond), run.restores)
		if run.stopHTTP != nil {
			run.stopHTTP()
		}
		if os.Getenv("ANNA_VM_KEEP") == "" {
			_ = os.RemoveAll(run.g.dir)
		}
	}
	os.Exit(code)
}

// needVM skips the test unless the VM suite is asked for and can run.
func needVM(t *testing.T) {
	t.Helper()
	switch {
	case os.Getenv("ANNA_VM") != "1":
		t.Skip("VM scenario: set ANNA_VM=1 or run `make vmtest`")
	case os.Getenv("ANNA_SKIP_VM") == "1":
		t.Skip("VM scenario skipped: ANNA_SKIP_VM=1")
	case missingTool() != "":
		t.Skipf("VM scenario skipped: %s is not installed (apt-get install qemu-system-x86 qemu-utils e2fsprogs zstd mmdebstrap socat)", missingTool())
	case os.Geteuid() != 0:
		t.Skip("VM scenario skipped: building the guest image needs root (mmdebstrap)")
	}
}

// boot gives the test a fresh guest restored from the run's saved state,
// with root's shell at a prompt and the clock set. QEMU is killed when the
// test ends or its deadline passes; a failed test leaves its transcript and
// the guest's console log under artifactsDir and says where.
func boot(t *testing.T, deadline time.Duration) *shell {
	t.Helper()
	prepareRun(t)
	return restore(t, deadline, drive{path: run.g.root, format: "raw", snapshot: true}, run.g.state)
}

// prepareRun makes the run's guest once: the image, disks and saved state,
// and the release server.
func prepareRun(t *testing.T) {
	t.Helper()
	needVM(t)
	run.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 25*time.Minute)
		defer cancel()
		run.g, run.tm, run.err = prepare(ctx, os.Stderr)
		if run.err == nil {
			run.release, run.stopHTTP, run.err = serve(filepath.Join(run.g.dir, "payload"))
		}
	})
	if run.err != nil {
		t.Fatalf("cannot prepare the VM: %v", run.err)
	}
}

// restore starts a throwaway machine from state on root, for the rest of
// the test.
func restore(t *testing.T, deadline time.Duration, root drive, state string) *shell {
	t.Helper()
	dir := t.TempDir()
	transcript, err := os.Create(filepath.Join(dir, "transcript.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	t0 := time.Now()
	m, err := start(ctx, run.g, dir, root, state, transcript)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		t.Logf("scenario took %s from restore to end", time.Since(t0).Round(100*time.Millisecond))
		cancel()
		m.stop()
		transcript.Close()
		if t.Failed() {
			saveArtifacts(t, dir)
		}
	})
	s := attach(ctx, t, m, deadline)
	run.restores = append(run.restores, time.Since(t0).Round(time.Millisecond))
	t.Logf("guest restored in %s", time.Since(t0).Round(time.Millisecond))
	return s
}

// attach runs a restored machine and returns root's shell at a prompt,
// with the guest's clock set to the host's (it is the save's time).
func attach(ctx context.Context, t *testing.T, m *machine, deadline time.Duration) *shell {
	t.Helper()
	if err := m.resume(ctx); err != nil {
		t.Fatalf("cannot restore the saved guest: %v", err)
	}
	s := &shell{t: t, m: m, deadline: time.Now().Add(deadline)}
	s.send("\r")
	s.expect(promptRe, time.Minute)
	s.must(fmt.Sprintf("date -s @%d >/dev/null", time.Now().Unix()))
	return s
}

// artifactsDir is where failed scenarios leave their transcript and
// console log: $ANNA_VM_ARTIFACTS, else vmtests/artifacts.
func artifactsDir() string {
	if d := os.Getenv("ANNA_VM_ARTIFACTS"); d != "" {
		return d
	}
	return "artifacts"
}

// saveArtifacts copies the scenario's transcript and console log out of
// its temporary directory and prints their paths.
func saveArtifacts(t *testing.T, dir string) {
	dst := filepath.Join(artifactsDir(), strings.ReplaceAll(t.Name(), "/", "_"))
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Logf("cannot save the artifacts: %v", err)
		return
	}
	for _, f := range []string{"transcript.txt", "console.log"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Logf("cannot save %s: %v", f, err)
			continue
		}
		p := filepath.Join(dst, f)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Logf("cannot save %s: %v", f, err)
			continue
		}
		abs, _ := filepath.Abs(p)
		t.Logf("artifact: %s", abs)
	}
}

// TestBootAndShell proves the harness itself: a restored guest runs
// commands, reports their exit status, and reaches a server on the host.
func TestBootAndShell(t *testing.T) {
	s := boot(t, 3*time.Minute)
	if out := s.must("systemctl is-system-running"); !strings.Contains(out, "running") {
		t.Fatalf("systemd is %q after restore, want running", out)
	}
	if _, rc := s.run("false", step); rc != 1 {
		t.Fatalf("false exited %d, want 1", rc)
	}
	out := s.must("curl -sS -o /dev/null -w '%{http_code}' " + run.release + "/")
	if !strings.Contains(out, "200") {
		t.Fatalf("the guest got %q from the host's server, want 200", out)
	}
}
