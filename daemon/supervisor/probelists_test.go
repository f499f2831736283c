package supervisor

import "testing"

// TestProbeListingShapes checks names said to be in a probe's listing or
// denied there, a "running" that names a mode, a state in a hypothetical
// "where" clause of advice, an appositive descriptor before a name, and a
// probe's failure explained by its own error.
func TestProbeListingShapes(t *testing.T) {
	host33 := EvidenceText(scenario(t, "host33"))
	host30 := EvidenceText(scenario(t, "host30"))
	raid := "probe top_cpu ps aux\nUSER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n" +
		"root 511 0.0 0.1 4000 2000 ? Ss 20:00 0:00 /sbin/mdadm --monitor --scan\n" +
		"probe system_logs journalctl -p warning\n" +
		"Nov 24 21:36:26 files kernel: md/raid1:md1: Disk failure on sdb1, disabling device.\n" +
		"Nov 24 21:36:27 files kernel: md/raid1:md1: Operation continuing on 1 devices.\n" +
		"Nov 24 21:36:34 files mdadm[511]: DegradedArray event detected on md device /dev/md1\n"
	noBus := "probe failed_services systemctl --failed\ncannot list failed units: no connection to the systemd system bus\n"
	noJournal := "probe system_logs journalctl -p warning\ncannot read the journal: no journal files were found\n"
	checkPairs(t, []pair{
		{"a failed probe's own error as the cause", noJournal, "I can't say what was logged, because the journal probe didn't work (no journal files were found).",
			"I can't say what was logged, because the journal probe didn't work (the disk is full)."},
		{"name in a cited listing", host33, "lsblk lists loop0 and vda; sdb appears only in the journal.", "lsblk lists loop0, vda and sdb."},
		{"name in a cited listing before commentary", host33, "ss shows postgres on 5432 and node on 3000, which is the app.", "ss shows postgres on 5432 and nginx on 3000, which is the app."},
		{"another source ends a listing", host33, "ss shows node on 3000, and the journal has smartd (PID 655) warning about /dev/sdb.",
			"ss shows node on 3000 and smartd (PID 655) on 5432."},
		{"a unit naming a listed process", host33, "ps lists postgres (PID 373) and node.service's node (PID 381).", "ps lists postgres (PID 373) and node.service's nginx (PID 381)."},
		{"name said to be missing from a listing", host33, "sdb doesn't show up in the lsblk output.", "vda doesn't show up in the lsblk output, only loop0."},
		{"denied presence in a cited listing", host33, "There's no nginx or mysqld in the listening ports, only postgres, node and chronyd.",
			"There's no postgres or chronyd in the listening ports, only node."},
		{"denied presence without a cited probe", host30, "I don't see any nginx process; clamscan (PID 22241) is at 95.3% CPU.",
			"I don't see any mongod process; clamscan (PID 22241) is at 95.3% CPU."},
		{"denied in the place named after it", host33, "There's no node in the journal; ss shows node on 3000.", "There's no smartd in the journal; ss shows node on 3000."},
		{"neither … nor", host33, "Neither nginx nor mysqld is listening; node is on 3000.", "Neither node nor postgres is listening; chronyd is on 323."},
		{"a denial narrowed to a part", host33, "There's no node listening on UDP; node is on TCP 3000.", ""},
		{"a modifier after a denied name", host30, "There is no sshd crash to report; clamscan (PID 22241) is at 95.3% CPU.", ""},
		{"running degraded is a mode", raid, "md1 is running degraded since 21:36:27.", "md2 is running degraded since 21:36:27."},
		{"running on the remaining disk is a mode", raid, "md1 is running on one remaining disk since 21:36:27.", "md2 is running on one remaining disk since 21:36:27."},
		{"running on one device is a mode", raid, "The md1 array is running on a single disk after sdb1 failed at 21:36:26.", "The md1 array is running on a single disk after sdc1 failed at 21:36:26."},
		{"state in a hypothetical where clause", noBus, "The probe had no connection to the systemd system bus. Run `systemctl --failed` on a machine where systemd is running.",
			"The probe had no connection to the systemd system bus. Run `systemctl --failed` on this machine, where systemd is running."},
		{"appositive descriptor before a name", host30, "The top CPU user is a virus scanner, clamscan (PID 22241) at 95.3%.",
			"The top CPU user is a Go test binary, supervisor.test (PID 22610) at 92.0%."},
	})
}
