package cli_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/polkit"
)

// fakeAgent plays pkttyagent: it records its pid and argv, prints a
// prompt on its stdout, closes the notify fd as the real one does once
// registered with polkit, and waits to be ended. It ignores SIGINT, so
// only annactl can end it when the user presses Ctrl-C.
const fakeAgent = `#!/bin/sh
rec=%s
trap '' INT
echo $$ >> "$rec/pids"
printf '%%s\n' "$$" "$@" > "$rec/argv"
fd=
while [ $# -gt 0 ]; do
	case $1 in --notify-fd) fd=$2; shift;; esac
	shift
done
printf 'FAKE AGENT %%s: Password: \n' "$$"
eval "exec $fd>&-"
exec sleep 600
`

// member is the uid annactl runs as. Its gid is root's, which the test
// daemon's socket group (root) makes a member.
const member = 65534

// agentBed is an installed test annad whose socket group is root, and a
// directory with the fake pkttyagent and its records.
type agentBed struct {
	in    *daemontest.Install
	tools string // holds pkttyagent
	rec   string // the agent's records: pids, argv
}

func newAgentBed(t *testing.T) *agentBed {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to run annactl as a member")
	}
	in := daemontest.InstalledWith(t, daemontest.Options{Config: "[daemon]\nsocket_group = \"root\"\n"})
	// The test's temporary directories are private to root.
	for dir := filepath.Dir(in.Socket); dir != os.TempDir() && dir != "/"; dir = filepath.Dir(dir) {
		if err := os.Chmod(dir, 0o711); err != nil {
			t.Fatal(err)
		}
	}
	b := &agentBed{in: in, tools: sharedDir(t, 0o755), rec: sharedDir(t, 0o777)}
	script := fmt.Sprintf(fakeAgent, b.rec)
	if err := os.WriteFile(filepath.Join(b.tools, "pkttyagent"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return b
}

// sharedDir is a directory in /tmp the member can reach.
func sharedDir(t *testing.T, mode os.FileMode) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "anna-agent-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, mode); err != nil {
		t.Fatal(err)
	}
	return dir
}

// env runs annactl with path as its PATH.
func (b *agentBed) env(t *testing.T, path string) []string {
	env := testEnv(t, b.in.Socket)
	for i, e := range env {
		if strings.HasPrefix(e, "PATH=") {
			env[i] = "PATH=" + path
		}
	}
	return env
}

// authorizeWhileAgentRuns makes the fake polkit authorize uninstall only
// when a fake agent registered for exactly the calling process (the
// subject annad sends, from the socket's peer credentials) and still
// runs; otherwise it answers as polkit does when no agent serves the
// subject. It returns the answers it gave so far, and a channel that
// receives each verdict as it is given.
func (b *agentBed) authorizeWhileAgentRuns(then dbustest.PolkitAnswer) (func() []string, <-chan string) {
	var mu sync.Mutex
	var log []string
	asked := make(chan string, 16)
	b.in.Polkit.Decide(polkit.ActionUninstall, func(c dbustest.PolkitCall) dbustest.PolkitAnswer {
		verdict, answer := "no agent", dbustest.PolkitChallenge
		argv, pid := b.argv()
		i := slices.Index(argv, "--process")
		if pid > 0 && i >= 0 && i+1 < len(argv) && argv[i+1] == fmt.Sprintf("%d,%d", c.PID, c.StartTime) && running(pid) {
			verdict, answer = "agent", then
		}
		mu.Lock()
		log = append(log, verdict)
		mu.Unlock()
		asked <- verdict
		return answer
	})
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(log)
	}, asked
}

// argv is the last fake agent's pid and arguments.
func (b *agentBed) argv() ([]string, int) {
	data, err := os.ReadFile(filepath.Join(b.rec, "argv"))
	if err != nil {
		return nil, 0
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	pid, _ := strconv.Atoi(lines[0])
	return lines[1:], pid
}

// pids lists every fake agent that ran.
func (b *agentBed) pids(t *testing.T) []int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(b.rec, "pids"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(f)
		if err != nil {
			t.Fatal(err)
		}
		pids = append(pids, pid)
		t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	}
	return pids
}

// running reports whether pid lives and is no zombie. The agent may still
// be the script or already sleep: it closes the notify fd before it execs.
func running(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(stat, ')')
	return i >= 0 && len(stat) > i+2 && stat[i+2] != 'Z' && stat[i+2] != 'X'
}

// assertReaped fails unless every fake agent is gone: killed and waited
// for. The test is the subreaper of annactl's children (reap), so an
// agent annactl left unreaped would stay here as a zombie.
func (b *agentBed) assertReaped(t *testing.T, want int) {
	t.Helper()
	pids := b.pids(t)
	if len(pids) != want {
		t.Fatalf("%d agents ran, want %d", len(pids), want)
	}
	for _, pid := range pids {
		if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("agent %d is still there (running %v): %v", pid, running(pid), err)
		}
	}
}

// reap makes the test the subreaper of its descendants until t ends.
func reap(t *testing.T) {
	t.Helper()
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0) })
}

var memberCred = &syscall.Credential{Uid: member, Gid: 0, Groups: []uint32{}}

// A member at a terminal types the password into the agent annactl starts
// for its own process, for each admin call of uninstall, and the
// confirmation is read while no agent runs.
func TestAgentForMembersAdminCalls(t *testing.T) {
	b := newAgentBed(t)
	reap(t)
	answers, _ := b.authorizeWhileAgentRuns(dbustest.PolkitPromptYes)
	tm := spawnAs(t, memberCred, b.env(t, b.tools+":/usr/bin:/bin"), "uninstall")
	tm.expect(": Password: \r\n")
	tm.expect("Uninstalling Anna undoes what the ledger")
	tm.expect(`Type "uninstall" to remove Anna: `)
	b.assertReaped(t, 1) // gone before the confirmation is read
	tm.send("uninstall\r")
	tm.expect(": Password: \r\n")
	tm.expect("Done:\r\n")
	tm.expect("Anna is uninstalled; annad is stopping.\r\n")
	if code := tm.exitCode(); code != 0 {
		t.Fatalf("exit %d", code)
	}
	b.assertReaped(t, 2)
	if got := answers(); !slices.Equal(got, []string{"agent", "agent"}) {
		t.Errorf("polkit saw %q, want an agent at both calls", got)
	}
	pid := tm.cmd.Process.Pid
	for _, c := range b.in.Polkit.Calls() {
		if c.PID != uint32(pid) || c.UID != member || c.Flags&polkit.FlagAllowUserInteraction == 0 {
			t.Errorf("polkit call %+v, want annactl's pid %d, uid %d, interactive", c, pid, member)
		}
	}
	argv, _ := b.argv()
	if len(argv) != 5 || argv[0] != "--notify-fd" || argv[2] != "--fallback" || argv[3] != "--process" || !strings.HasPrefix(argv[4], strconv.Itoa(pid)+",") {
		t.Errorf("agent argv %q, want --notify-fd N --fallback --process %d,START", argv, pid)
	}
}

// Ctrl-C while polkit waits for the password cancels the call and ends
// the agent, which ignores SIGINT itself.
func TestAgentEndsOnCtrlC(t *testing.T) {
	b := newAgentBed(t)
	reap(t)
	answers, asked := b.authorizeWhileAgentRuns(dbustest.PolkitHang)
	tm := spawnAs(t, memberCred, b.env(t, b.tools+":/usr/bin:/bin"), "uninstall")
	tm.expect(": Password: \r\n")
	// The check hangs in the fake polkit from now on.
	select {
	case <-asked:
	case <-time.After(expectTimeout):
		t.Fatal("polkit was never asked")
	}
	tm.send("\x03")
	tm.expect("canceled\r\n")
	if code := tm.exitCode(); code != 130 {
		t.Fatalf("exit %d, want 130", code)
	}
	b.assertReaped(t, 1)
	if got := answers(); !slices.Equal(got, []string{"agent"}) {
		t.Errorf("polkit saw %q", got)
	}
}

// Without pkttyagent in PATH annactl starts nothing and passes on annad's
// refusal with advice that names pkttyagent and sudo. Without a terminal,
// or as root, it starts nothing either.
func TestAgentSkipped(t *testing.T) {
	b := newAgentBed(t)
	answers, _ := b.authorizeWhileAgentRuns(dbustest.PolkitPromptYes)

	empty := sharedDir(t, 0o755)
	tm := spawnAs(t, memberCred, b.env(t, empty), "uninstall")
	out := tm.expect("or run it with sudo\r\n")
	if !strings.Contains(out, "cannot run uninstall: polkit wants an administrator's password") || !strings.Contains(out, "install polkit's pkttyagent") {
		t.Errorf("no advice: %q", out)
	}
	if code := tm.exitCode(); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}

	// stdin is no terminal: no agent, no prompt allowed.
	cmd := exec.Command(annactl, "uninstall")
	cmd.Env = b.env(t, b.tools+":/usr/bin:/bin")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: memberCred}
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader("uninstall\n"), &stdout, &stderr
	if err := cmd.Run(); err == nil || !strings.Contains(stderr.String(), "run annactl from a terminal") {
		t.Errorf("piped: %v, stderr %q", err, stderr.String())
	}

	// Root passes without polkit, so it needs no agent.
	tm = spawn(t, b.env(t, b.tools+":/usr/bin:/bin"), "uninstall")
	tm.expect(`Type "uninstall" to remove Anna: `)
	tm.send("no\r")
	if code := tm.exitCode(); code != 1 {
		t.Errorf("root: exit %d after no", code)
	}

	if pids := b.pids(t); len(pids) != 0 {
		t.Errorf("agents ran: %v", pids)
	}
	if got := answers(); !slices.Equal(got, []string{"no agent", "no agent"}) {
		t.Errorf("polkit saw %q, want two checks without an agent", got)
	}
}
