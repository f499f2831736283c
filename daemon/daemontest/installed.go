package daemontest

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon"
)

// InstalledManifest is what Installed's install.sh left: files with the
// digests of what it wrote (the configuration was edited since), a
// directory, the state directory and one kind this build cannot undo.
var InstalledManifest = fmt.Sprintf(`{"version": 1, "entries": [
 {"kind": "dir", "target": "/var/lib/anna", "detail": "mode 0700"},
 {"kind": "file", "target": "/usr/local/bin/annad", "detail": "sha256:%x"},
 {"kind": "dir", "target": "/etc/anna", "detail": "mode 0755"},
 {"kind": "file", "target": "/etc/anna/config.toml", "detail": "sha256:%x"},
 {"kind": "selinux_label", "target": "annad"}
]}`, sha256.Sum256([]byte("binary")), sha256.Sum256([]byte("[daemon]\n")))

// Install is annad running on an installation under a temporary root.
type Install struct {
	*Daemon
	// Root holds the installed tree; Kept is a file there that the ledger
	// does not record.
	Root, Kept string
	// Stopped is closed when annad asked systemd to stop it.
	Stopped chan struct{}
}

// Installed lays out under a temporary root what install.sh would leave
// (InstalledManifest, and the files it names) and starts annad on it, with
// uninstall acting under that root and stopping annad by closing Stopped.
func Installed(t testing.TB) *Install {
	t.Helper()
	return InstalledWith(t, Options{})
}

// InstalledWith is Installed with options for the daemon (a Config naming
// an existing socket group, so members exist); its StateDir and Uninstall
// are Installed's own.
func InstalledWith(t testing.TB, o Options) *Install {
	t.Helper()
	root := t.TempDir()
	in := &Install{Root: root, Kept: filepath.Join(root, "usr/local/bin/other"), Stopped: make(chan struct{})}
	state := filepath.Join(root, "var/lib/anna")
	for f, c := range map[string]string{
		"var/lib/anna/install-manifest.json": InstalledManifest,
		"usr/local/bin/annad":                "binary",
		"usr/local/bin/other":                "precious",
		"etc/anna/config.toml":               "[daemon]\nedited = true\n",
	} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var once sync.Once
	o.StateDir = state
	o.Uninstall = daemon.UninstallOptions{
		Root: root,
		Stop: func(context.Context) error { once.Do(func() { close(in.Stopped) }); return nil },
	}
	in.Daemon = Start(t, o)
	return in
}
