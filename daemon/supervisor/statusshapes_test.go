package supervisor

import "testing"

// TestStatusShapes checks the shapes of answers about processes, their
// owners, time and the machine's status: each a true answer that must
// stay grounded and the same shape with one fact wrong, on evidence of
// scenarios other than the ones that showed the shape.
func TestStatusShapes(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	host15 := EvidenceText(scenario(t, "host15"))
	host16 := EvidenceText(scenario(t, "host16"))
	server := EvidenceText(scenario(t, "server"))
	noFailed := "probe failed_services systemctl --failed\n  UNIT LOAD ACTIVE SUB DESCRIPTION\n0 loaded units listed.\n" +
		"probe memory_info free -h\n               total        used        free\nMem:            23Gi       2.8Gi        17Gi\n"
	unread := laptop + "probe failed_services systemctl --failed\ncannot list failed units: no connection to the systemd system bus\n"
	checkPairs(t, []pair{
		// "user" is the label before the name, not a user.
		{"owned by user NAME", laptop, "firefox (PID 4242) is owned by user alice.", "firefox (PID 4242) is owned by user root."},
		// A negated auxiliary in a causal clause is grammar.
		{"cause with a contraction", laptop, "The kernel killed java (PID 6650) because the system didn't have enough memory.",
			"The kernel killed java (PID 6650) because the system didn't have enough disk space."},
		// A word after "a … process" describes it.
		{"process worth a look", host15, "PID 21563 is the top CPU user at 64.7%. That's a suspicious process worth looking into.",
			"PID 21563 is the top CPU user at 43.4%. That's a suspicious process worth looking into."},
		{"name after the process still a name", laptop, "The process firefox uses 12.3% CPU.", "The process frobnicator uses 12.3% CPU."},
		// "screen" is a dictionary word before no verb: only its place
		// after "the process" makes it a name.
		{"dictionary word after the process still a name", laptop, "The process firefox is at 12.3% CPU.", "The process screen is at 12.3% CPU."},
		// An everyday word the evidence shows as a process names it
		// before a kind noun.
		{"the yes process", host15, "The yes process has been running since 08:21 at 26.2% CPU.", "The yes process has been running since 08:22 at 26.2% CPU."},
		{"yes before its PID", host15, "Another CPU user is yes (PID 21002).", "Another CPU user is yes (PID 21563)."},
		// A binary's path before a PID's bracket is that process.
		{"path bracketed after a PID", host15, "PID 21563 (/tmp/speed-desk-base.test) is the busiest.", "PID 21657 (/tmp/speed-desk-base.test) is busy too."},
		{"process path before a PID", host16, "/process_api (PID 1) is at 0.1% CPU.", "/process_api (PID 7736) is at 0.1% CPU."},
		{"path before a PID bracket", host15, "Top CPU is /tmp/speed-desk-base.test (PID 21563) at 64.7%, then supervisor.test (PID 21657) at 43.4%.",
			"Top CPU is /tmp/speed-desk-base.test (PID 21657) at 64.7%, then supervisor.test (PID 21563) at 43.4%."},
		// "It" looks past a sentence that names no entity.
		{"It after a sentence without an entity", laptop, "firefox (PID 4242) uses 12.3% CPU. With 16 CPUs, that is a small share. It has been running since 09:12.",
			"firefox (PID 4242) uses 12.3% CPU. With 16 CPUs, that is a small share. It has been running since 08:58."},
		// A verdict on the services is an absence of failed units.
		{"all services running", noFailed, "All services are running fine. Memory: 17Gi free of 23Gi.", ""},
		{"all services running, some failed", server, "", "All services are running fine. Memory: 18Gi available of 31Gi."},
		{"failed services: none", noFailed, "Failed services: none. Memory: 17Gi free of 23Gi.", ""},
		{"failed services: none, unreadable", EvidenceText(scenario(t, "host15")), "", "**Failed services:** none. Top CPU is PID 21563 at 64.7%."},
		{"services label", noFailed, "Services: all running. Memory: 17Gi free of 23Gi.", ""},
		{"services label, some failed", server, "Services running: sshd, nginx. Memory: 18Gi available of 31Gi.", "Services: all running. Memory: 18Gi available of 31Gi."},
		// A blanket all-clear holds only where the evidence shows no trouble.
		{"blanket verdict on clean evidence", laptop, "Nothing unusual: firefox (PID 4242) uses 7.4% of memory.", ""},
		{"blanket verdict beside an unreadable probe", unread, "", "Nothing unusual: firefox (PID 4242) uses 7.4% of memory."},
		{"scoped verdict", host16, "Nothing unusual on the CPU side: PID 7745 is the busiest at 60.2%.", "Nothing unusual: PID 7745 is the busiest at 60.2%."},
		{"the machine is healthy", server, "Memory looks healthy: 18Gi available of 31Gi.", "Overall the server looks healthy: memory is 18Gi available of 31Gi."},
		{"verdict scoped by a label", server, "Memory: everything looks fine, 18Gi available of 31Gi.", "Everything looks fine, 18Gi available of 31Gi."},
		{"verdict on the rest", server, "backup.service and certbot.timer have failed; everything else looks fine.", "Everything looks fine: backup.service has failed."},
		{"verdict after a statement is about it", host16, "Port 8088 is python3 (PID 7736) — nothing to worry about.", "Good news: nothing to worry about. Port 8088 is python3 (PID 7736)."},
		// An elapsed time runs from its subject's start to the evidence's
		// newest time; CPU time is no elapsed time.
		{"machine up for", host16, "PID 1 (/process_api) started at 12:18, so the machine has been up for about 75 minutes.",
			"PID 1 (/process_api) started at 12:18, so the machine has been up for about 14 hours."},
		{"uptime label", host16, "Uptime: about 1.3 hours, since PID 1 started at 12:18.", "Uptime: 3 days, since PID 1 started at 12:18."},
		{"uptime is", host16, "The uptime is about 1.3 hours, since PID 1 started at 12:18.", "The uptime is 2 days, since PID 1 started at 12:18."},
		{"started ago", host16, "staticcheck (PID 7451) started about a minute ago.", "staticcheck (PID 7451) started 2 hours ago."},
		{"running for", host15, "yes (PID 21002) has been running for about a minute at 26.2% CPU.", "yes (PID 21002) has been running for 3 hours at 26.2% CPU."},
		{"CPU time is not elapsed", host15, "yes (PID 21002) has used 19 seconds of CPU time.", "yes (PID 21002) has used 19 minutes of CPU time."},
		{"CPU time from ps's TIME column", laptop, "firefox (PID 4242) has used about 14 minutes of CPU.", "firefox (PID 4242) has used about 2 minutes of CPU."},
		{"no timestamps, no elapsed time", server, "", "nginx (PID 1544) has been running for 3 days."},
		// A plural verb after one identifier is not its state.
		{"plural verb after a machine's name", EvidenceText(scenario(t, "host12")),
			"Failed services on host12 are unknown: \"cannot list failed units: no connection to the systemd system bus\".",
			"Failed services on host12 are unknown: \"cannot list failed units: permission denied\"."},
	})
}
