package cli_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/polkit"
)

// The real pkttyagent, started by annactl as a member on a terminal,
// accepts annactl's arguments and registers with polkit (the fake, on the
// private bus) for exactly annactl's process, as a fallback agent; polkit
// authorizes the call only then. It is reaped when annactl exits.
func TestRealAgentRegistersForAnnactl(t *testing.T) {
	if _, err := os.Stat("/usr/bin/pkttyagent"); err != nil {
		t.Skip("pkttyagent is not installed (Debian package polkitd)")
	}
	b := newAgentBed(t)
	if b.in.Bus == nil {
		t.Fatal("the test daemon has no private bus")
	}
	// The member must reach the bus socket through root's private
	// temporary directories.
	sock, _, _ := strings.Cut(strings.TrimPrefix(b.in.Bus.Address, "unix:path="), ",")
	for dir := filepath.Dir(sock); dir != os.TempDir() && dir != "/"; dir = filepath.Dir(dir) {
		if err := os.Chmod(dir, 0o711); err != nil {
			t.Fatal(err)
		}
	}
	reap(t)
	b.in.Polkit.Decide(polkit.ActionUninstall, func(c dbustest.PolkitCall) dbustest.PolkitAnswer {
		for _, a := range b.in.Polkit.Agents() {
			if a.Kind == "unix-process" && a.PID == c.PID && a.StartTime == c.StartTime && a.Fallback {
				return dbustest.PolkitPromptYes
			}
		}
		return dbustest.PolkitChallenge
	})
	env := append(b.env(t, "/usr/bin:/bin"), "DBUS_SYSTEM_BUS_ADDRESS="+b.in.Bus.Address)
	tm := spawnAs(t, memberCred, env, "uninstall")
	tm.expect(`Type "uninstall" to remove Anna: `)
	tm.send("no\r")
	tm.expect("uninstall canceled: nothing was changed")
	if code := tm.exitCode(); code != 1 {
		t.Fatalf("exit %d after no", code)
	}
	agents := b.in.Polkit.Agents()
	if len(agents) != 1 || agents[0].PID != uint32(tm.cmd.Process.Pid) {
		t.Fatalf("agents %+v, want one for annactl's pid %d", agents, tm.cmd.Process.Pid)
	}
	if left := orphans(t, "pkttyagent"); len(left) > 0 {
		t.Errorf("pkttyagent left behind, unreaped: %v", left)
	}
}

// orphans lists the processes named comm that were reparented to the test
// (its subreaper), alive or zombie.
func orphans(t *testing.T, comm string) []string {
	t.Helper()
	stats, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue // gone meanwhile
		}
		open, end := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
		if open < 0 || end < open || string(b[open+1:end]) != comm {
			continue
		}
		f := strings.Fields(string(b[end+1:]))
		if len(f) > 1 && f[1] == fmt.Sprint(os.Getpid()) {
			found = append(found, string(b))
		}
	}
	return found
}
