package vmtests

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// installed is a guest saved once per run right after provision: the
// scenarios that do not test the installation itself restore it instead
// of installing again (install.sh takes 20–50 s under emulation).
var installed struct {
	once        sync.Once
	err         error
	disk, state string
	took        time.Duration
}

// bootInstalled gives the test a fresh guest with Anna installed and annad
// answering, restored like boot's on a throwaway disk. The first caller
// installs and saves it.
func bootInstalled(t *testing.T, deadline time.Duration) *shell {
	t.Helper()
	prepareRun(t)
	installed.once.Do(func() {
		// A failure below ends the test at once (runtime.Goexit), so the
		// error is set before and cleared only by success.
		installed.err = fmt.Errorf("%s failed while installing it", t.Name())
		installed.err = saveInstalled(t)
	})
	if installed.err != nil {
		t.Fatalf("cannot prepare the installed guest: %v", installed.err)
	}
	return restore(t, deadline, drive{path: installed.disk, format: "qcow2", snapshot: true}, installed.state)
}

// saveInstalled restores the clean guest on a qcow2 overlay of the root
// disk that keeps its writes, provisions it and saves the machine.
func saveInstalled(t *testing.T) error {
	t.Helper()
	t0 := time.Now()
	g := run.g
	dir := filepath.Join(g.dir, "installed")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %w", dir, err)
	}
	disk, state := filepath.Join(dir, "root.qcow2"), filepath.Join(dir, "state.bin")
	if out, err := exec.Command("qemu-img", "create", "-q", "-f", "qcow2", "-b", g.root, "-F", "raw", disk).CombinedOutput(); err != nil {
		return fmt.Errorf("cannot create the installed guest's disk: %w: %s", err, out)
	}
	transcript, err := os.Create(filepath.Join(dir, "transcript.txt"))
	if err != nil {
		return fmt.Errorf("cannot create the transcript: %w", err)
	}
	defer transcript.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	m, err := start(ctx, g, dir, drive{path: disk, format: "qcow2"}, g.state, transcript)
	if err != nil {
		return err
	}
	saved := false
	defer func() {
		if !saved {
			m.stop()
			saveArtifacts(t, dir)
		}
	}()
	s := attach(ctx, t, m, 10*time.Minute)
	provision(s)
	// Nothing of the install may still be settling when the state is
	// saved: every restore would resume it halfway.
	s.must("systemctl is-system-running --wait >/dev/null || true; systemctl is-active annad.service")
	if err := m.save(ctx, state); err != nil {
		return err
	}
	saved = true
	installed.disk, installed.state, installed.took = disk, state, time.Since(t0)
	t.Logf("installed guest saved in %s (restore, install.sh, save)", installed.took.Round(time.Millisecond))
	return nil
}
