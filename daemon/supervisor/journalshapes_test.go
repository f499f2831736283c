package supervisor

import "testing"

// TestJournalShapes checks what an answer may say of journal lines: the
// events systemd writes in its own words, the disk and hardware a kernel
// line is about, a duration a line gives, and the probe an answer cites.
// Each pair is a true answer and the same shape with one fact wrong.
func TestJournalShapes(t *testing.T) {
	db1, db2 := EvidenceText(scenario(t, "host33")), EvidenceText(scenario(t, "host34"))
	web := EvidenceText(scenario(t, "host31"))
	web2 := EvidenceText(scenario(t, "host32"))
	server := evidence(t, "ps_aux_mem.txt") + "probe system_logs journalctl\n" + fixture(t, "server/journal.txt")
	kernel := "probe system_logs journalctl\n" +
		"Nov 24 10:00:01 h kernel: sd 2:0:0:0: [sdc] tag#0 FAILED Result: hostbyte=DID_OK driverbyte=DRIVER_OK\n" +
		"Nov 24 10:05:00 h kernel: EXT4-fs error (device sdc1): ext4_find_entry: reading directory lblock 0\n" +
		"Nov 24 10:06:00 h kernel: EXT4-fs error (device sdd1): ext4_find_entry: reading directory lblock 0\n" +
		"Nov 24 10:07:00 h kernel: ata3: SATA link down (SStatus 0 SControl 300)\n" +
		"Nov 24 10:07:02 h kernel: ata1: SATA link up 6.0 Gbps (SStatus 133 SControl 300)\n"
	checkPairs(t, []pair{
		{"systemd's SEGV status is a segfault", db1, "app.service crashed with a segfault (status=11/SEGV, core dumped) at 19:31:09.", ""},
		{"a segfault the journal lacks", server, "backup.service failed at 02:00:05.", "backup.service segfaulted at 02:00:05."},
		{"an exit status is its unit's line's", db1, "backup.service's main process exited with status=2/INVALIDARGUMENT at 19:15:59.",
			"app.service crashed at 19:31:09: its main process exited with status=2/INVALIDARGUMENT."},
		{"an exit status of another unit", web, "billing.service's main process exited with status=9/KILL at 19:04:30.",
			"certbot.service's main process exited with status=9/KILL at 19:34:19."},
		{"a disk's kernel lines name it without /dev/", db1, "The kernel logged I/O errors on /dev/sdb at 18:35:59 and 18:36:01, before smartd's warnings at 18:37:39.",
			"The kernel logged I/O errors on /dev/sdb at 18:55:59."},
		{"a disk in brackets and its partition", kernel, "/dev/sdc failed a command at 10:00:01 and its filesystem on /dev/sdc1 logged an error at 10:05:00.",
			"/dev/sdc1 logged a filesystem error at 10:06:00."},
		{"a partition's line is not its disk's whole", kernel, "sdc1 logged a filesystem error at 10:05:00.", "sdc1 failed a command at 10:00:01."},
		{"a kernel line's CPU", db2, "CPU1 crossed its core temperature threshold at 18:56:32 (37 events), then CPU0 its package threshold at 18:56:33 (41 events).",
			"CPU0 crossed its core temperature threshold at 18:56:32 (37 events), then CPU1 its package threshold at 18:56:33 (41 events)."},
		{"a CPU's count", db1, "CPU1 was throttled 37 times and CPU0 41 times.", "CPU1 was throttled 41 times and CPU0 37 times."},
		{"a kernel line's port", kernel, "ata3 lost its SATA link at 10:07:00.", "ata1 lost its SATA link at 10:07:00."},
		{"a logged duration keeps its unit", db1, "chronyd reported at 17:32:39 that the clock was wrong by about 2.4 seconds.",
			"chronyd reported at 17:32:39 that the clock was wrong by about 2.4 minutes."},
		{"a logged duration in other units", web, "php-fpm logged at 19:25:09 that child 3301 exited on SIGSEGV after about 24 minutes.",
			"php-fpm logged at 19:25:09 that child 3301 exited on SIGSEGV after about 24 seconds."},
		{"a logged interval", db2, "postgres warned at 17:59:52 that checkpoints were occurring too frequently (9 seconds apart).",
			"postgres warned at 17:59:52 that checkpoints were occurring every 9 minutes."},
		{"a probe cited that gave no output", web2, "The journal shows certbot.service failed at 19:35:00.",
			"systemctl --failed lists certbot.service as failed."},
		{"a failed-unit count needs the list", web2, "certbot.service failed at 19:35:00.", "One unit has failed: certbot.service."},
		{"a journal cited that could not be read", EvidenceText(scenario(t, "host20")), "ss shows python3 listening on 0.0.0.0:8443.",
			"The journal shows python3 listening on 0.0.0.0:8443."},
	})
}
