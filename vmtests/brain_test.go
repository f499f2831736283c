package vmtests

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestBrainRAM is scenario 10: before any model exists (no Ollama in the
// guest), "how much RAM do I have" is answered by the brain's fast path
// with the total the guest's own /proc/meminfo reports.
func TestBrainRAM(t *testing.T) {
	s := bootInstalled(t, 8*time.Minute)
	out := s.must(as("alice", "annactl how much RAM do I have"))
	kb, err := strconv.ParseUint(strings.TrimSpace(s.must("awk '/^MemTotal:/ {print $2}' /proc/meminfo")), 10, 64)
	if err != nil {
		t.Fatalf("cannot read MemTotal: %v", err)
	}
	want := "You have " + gib(kb*1024) + " of RAM in total"
	if !strings.Contains(out, want) {
		t.Fatalf("annactl answered:\n%s\nwant it to say %q (MemTotal %d kB)", out, want, kb)
	}
	if !strings.Contains(out, "(brain)") {
		t.Fatalf("the answer's header does not say (brain):\n%s", out)
	}
}

// gib writes a byte count as the brain does for sizes of a GiB or more.
func gib(b uint64) string {
	v := float64(b)
	units := "KMGTPE"
	u := -1
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + " " + units[u:u+1] + "iB"
}

// systemctlSpy replaces the guest's systemctl with a script that logs each
// caller's process name to the journal before running the real one, so a
// test can show annad never ran it. It lives on the root file system
// (/run is noexec) and logs through /dev/log, which a sandboxed service
// can still reach.
const systemctlSpy = `mkdir -p /opt/spy && cp /usr/bin/systemctl /opt/spy/systemctl.real && ` +
	`printf '#!/bin/sh\nlogger -t systemctl-spy "caller $PPID $(cat /proc/$PPID/comm)"\nexec /opt/spy/systemctl.real "$@"\n' >/opt/spy/systemctl && ` +
	`chmod 0755 /opt/spy/systemctl && mount --bind /opt/spy/systemctl /usr/bin/systemctl`

// TestFailedUnit is scenario 3: a unit that fails under the guest's real
// systemd is named by "did any service fail?", read over D-Bus: annad runs
// no systemctl while it answers.
func TestFailedUnit(t *testing.T) {
	s := bootInstalled(t, 8*time.Minute)
	s.must(`printf '[Unit]\nDescription=Anna VM test breakage\n[Service]\nType=oneshot\nExecStart=/bin/false\n' >/etc/systemd/system/anna-vm-broken.service && systemctl daemon-reload`)
	s.run("systemctl start anna-vm-broken.service", step) // fails by design
	if out := s.must("systemctl is-failed anna-vm-broken.service || true"); !strings.Contains(out, "failed") {
		t.Fatalf("the broken unit is %q, want failed", out)
	}
	s.must(systemctlSpy)
	// annad's unit may have a mount namespace of its own: the spy must be
	// what annad would run.
	if _, rc := s.run("grep -q systemctl-spy /proc/"+annadPID(s)+"/root/usr/bin/systemctl", step); rc != 0 {
		t.Fatal("annad's view of /usr/bin/systemctl is not the spy")
	}
	out := s.must(as("alice", "annactl did any service fail?"))
	if !strings.Contains(out, "anna-vm-broken.service") {
		t.Fatalf("annactl answered:\n%s\nwant it to name anna-vm-broken.service", out)
	}
	calls := s.must("journalctl --sync && journalctl -q -o cat -t systemctl-spy")
	if !strings.Contains(calls, "caller") {
		t.Fatalf("the systemctl spy recorded not even the test's own call:\n%s", calls)
	}
	if strings.Contains(calls, "annad") {
		t.Fatalf("annad ran systemctl while answering:\n%s", calls)
	}
}

// TestJournal is scenario 4: a warning logged with logger(1) reaches
// journald and appears in the system_logs evidence annad returns, read
// from the journal files natively.
func TestJournal(t *testing.T) {
	s := bootInstalled(t, 8*time.Minute)
	mark := "anna-vm-mark-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	s.must("logger -p warning " + mark + " && journalctl --sync")
	req := `{"jsonrpc":"2.0","id":1,"method":"probe","params":{"probe":"system_logs"}}`
	out := s.must(as("alice", "echo '"+req+"' | socat -t 60 - UNIX-CONNECT:"+socketPath+" | grep -o '"+mark+"'"))
	if !strings.Contains(out, mark) {
		t.Fatalf("system_logs evidence has no %q:\n%s", mark, out)
	}
}
