package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestRelationRules checks the rules for causes, comparisons, rankings of
// several, counts, bounds, sums and scoped claims: each with a true
// answer that must stay grounded and the same shape with one fact wrong
// that must not.
func TestRelationRules(t *testing.T) {
	ev := evidence(t, "ps_aux_mem.txt", "free.txt", "df.txt", "lsblk.txt", "ss.txt", "journal.txt", "lscpu.txt")
	failed := "probe failed_services systemctl --failed\n  UNIT LOAD ACTIVE SUB DESCRIPTION\n" +
		"● backup.service loaded failed failed Nightly backup\n● certbot.timer loaded failed failed Renew TLS certificates\n\n2 loaded units listed.\n"
	tests := []pair{
		{"cause", ev, "The kernel killed java (PID 6650) at 09:41:07 because the system ran out of memory.",
			"The kernel killed java (PID 6650) at 09:41:07 because dockerd leaked memory."},
		{"cause after due to", ev, "wlp3s0's link timed out at 10:15:48 due to a link timeout.",
			"wlp3s0's link timed out at 10:15:48 due to a weak signal from the router."},
		{"comparison of figures", ev, "firefox's main process (1,153,024 KiB) is larger than its content process (654,320 KiB).",
			"firefox's content process (654,320 KiB) is larger than the main process (1,153,024 KiB)."},
		{"figures after than", ev, "firefox uses more memory than gnome-shell (7.4% vs 2.9%).",
			"gnome-shell uses more memory than firefox (2.9% vs 7.4%)."},
		{"comparison of entities", ev, "firefox uses more memory than gnome-shell.", "gnome-shell uses more memory than firefox."},
		{"top N", ev, "The two busiest processes by CPU are firefox (12.3%) and its content process (3.1%).",
			"The two busiest processes by CPU are firefox and dockerd."},
		{"failed count", failed, "2 units have failed: backup.service and certbot.timer.",
			"1 systemd unit has failed: backup.service (Nightly backup)."},
		{"bound with a count", ev, "Three processes use more than 2% of memory.", "Four processes use more than 2% of memory."},
		{"bound of no row", ev, "No process uses more than 13% CPU.", "No process uses more than 10% CPU."},
		{"only one beyond", ev, "Only one filesystem is above 80%: / at 90%.", "Only one filesystem is above 50%: / at 90%."},
		{"sum", ev, "Together, firefox's two processes use about 11.6% of memory.", "Together, firefox's two processes use about 15% of memory."},
		{"listeners on an address", ev, "cupsd is the only one: 1 port is bound to 127.0.0.1 (631).", "Two services listen only on 127.0.0.1: cupsd and sshd."},
		{"all interfaces", ev, "Both sshd and nginx listen on all interfaces, on ports 22 and 80.", "Both sshd and cupsd listen on all interfaces."},
		{"swap", ev, "Swap: 1.1 GiB used of 2.0 GiB.", "There is 9.3 GiB of swap."},
		{"address at its time", ev + "probe system_logs journalctl\nNov 23 07:45:10 srv1 sshd[4410]: Failed password for invalid user admin from 203.0.113.9 port 51122 ssh2\n",
			"The failed login at 07:45:10 came from 203.0.113.9.", "The failed login at 07:45:10 came from 127.0.0.1."},
		{"every row but the named", ev, "Apart from /, every filesystem is below 60% use.", "Apart from /, every filesystem is below 50% use."},
		{"of which", ev, "The laptop has 15 GiB of RAM, of which 9.3 GiB is available.", "The laptop has 15 GiB of RAM, of which 3.2 GiB is available."},
		{"event after after", ev, "postgresql.service failed at 10:02:13 after the 'exit-code' result.", "postgresql.service failed at 10:02:13 after the disk filled up."},
		{"disk holds its partition's mount", ev, "sda (931.5G) holds /home.", "sda (931.5G) holds /boot/efi."},
	}
	checkPairs(t, tests)
}

// TestBrainFailedUnits checks that the brain fast path's failed-units
// answer, as daemon/brain writes it, is grounded in the probe it comes
// from: "systemd unit" names no program, and the count is systemctl's.
func TestBrainFailedUnits(t *testing.T) {
	out := "  UNIT           LOAD   ACTIVE SUB    DESCRIPTION\n● backup.service loaded failed failed Nightly backup\n\n1 loaded units listed.\n"
	in := Input{Results: []rpc.ProbeResult{{Probe: probes.FailedServices, Command: "systemctl --failed", Stdout: out,
		Data: []probes.FailedUnit{{Unit: "backup.service", Load: "loaded", Active: "failed", Sub: "failed", Description: "Nightly backup"}}}}}
	ev := EvidenceText(in)
	if g := Check("1 systemd unit has failed: backup.service (Nightly backup).", ev); !g.Grounded() {
		t.Errorf("the brain's answer is not grounded: %+v", g)
	}
	if g := Check("2 systemd units have failed: backup.service (Nightly backup) and nginx.service.", ev); g.Grounded() {
		t.Errorf("a wrong count is grounded: %+v", g)
	}
}
