package cli_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
)

func TestUninstallOnTerminal(t *testing.T) {
	in := daemontest.Installed(t)
	tm := spawn(t, testEnv(t, in.Socket), "uninstall")
	tm.expect("Uninstalling Anna undoes what the ledger " + filepath.Join(in.StateDir, "ledger.json") + " records, newest first:\r\n")
	tm.expect("  remove file /etc/anna/config.toml unless changed since\r\n")
	tm.expect("Cannot be undone, left as they are:\r\n  selinux_label annad: ")
	tm.expect(`Type "uninstall" to remove Anna: `)
	tm.send("no\r")
	tm.expect("uninstall canceled: nothing was changed")
	if code := tm.exitCode(); code != 1 {
		t.Fatalf("exit %d after no", code)
	}

	tm = spawn(t, testEnv(t, in.Socket), "uninstall")
	tm.expect(`Type "uninstall" to remove Anna: `)
	tm.send("uninstall\r")
	tm.expect("Done:\r\n")
	tm.expect("  remove file /usr/local/bin/annad unless changed since\r\n")
	tm.expect("Kept, no longer as Anna left them (yours to remove):\r\n  /etc/anna/config.toml: cannot remove /etc/anna/config.toml: it changed since Anna wrote it, so it was left\r\n")
	tm.expect("Anna is uninstalled; annad is stopping.\r\n")
	if code := tm.exitCode(); code != 0 {
		t.Fatalf("exit %d", code)
	}
	select {
	case <-in.Stopped:
	case <-time.After(expectTimeout):
		t.Fatal("annad did not stop itself")
	}
	for _, gone := range []string{"usr/local/bin/annad", "var/lib/anna"} {
		if _, err := os.Lstat(filepath.Join(in.Root, gone)); !os.IsNotExist(err) {
			t.Errorf("%s is still there: %v", gone, err)
		}
	}
	if b, err := os.ReadFile(in.Kept); err != nil || string(b) != "precious" {
		t.Errorf("a file outside the ledger was touched: %q %v", b, err)
	}
}
