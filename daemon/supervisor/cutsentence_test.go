package supervisor

import "testing"

// A capitalised, stopped reply whose last sentence stops on a letter
// without its stop was cut, inside a word or after one; terse replies
// written without stops, list items, a flattened numbered list ending on
// a figure, an ellipsis and a final figure or name are whole.
func TestCutLastSentence(t *testing.T) {
	judged := scenario(t, "server")
	judged.Answer = "The busiest process is postgres PID 2231 at 38.6% CPU. postgres PID 2231 is a checkpoi"
	checkCutOff(t, []string{
		"The busiest process is lame PID 10922 at 34.7% CPU [53]. lame PID 10922 is enco",
		"The busiest process is lame PID 10922 at 34.7% CPU. lame PID 10922 is encoding",
		"nginx PID 1544 uses 21.7% CPU. It runs as www-data! The worker serves po",
		"The root filesystem is 90% full.\nIt is mounted from nvme0n1p2 and holds the database fil",
		"Memory use is fine, e.g. 6.1Gi of 15Gi. The biggest user is firefox with its content proce",
		"Memory use by process:\n• Firefox uses 7.4% memory.\n• GNOME Shell uses 2.9%.\nThe biggest user is Firefox. It runs its content proce",
	}, []string{
		"journal: oom killer killed java pid 6650 (anon-rss ~4G); postgresql.service failed with exit-code. see `journalctl -u postgresql -b` for the cause",
		"failed services unknown: systemctl couldn't connect to system bus; journal: no journal files. no evidence either way",
		"Sure! The top CPU users are: 1. postgres checkpointer (PID 2231) — 38.6% 2. nginx worker (PID 1544) — 21.7%",
		"The top CPU process is node (PID 2326). It's running a build from /home/gitlab-runner/builds/xZ3kP9q/0/team/weba…",
		"Memory use by process.\n- firefox: 7.4% memory\n- gnome-shell: 2.9% memory",
		"Memory use by process:\n• Firefox uses 7.4% memory.\n• GNOME Shell uses a lot of memory",
		"Memory use by process:\n1. firefox uses 7.4% memory. It is the top user\n2. gnome-shell uses 2.9% memory",
		"The busiest process is postgres at 38.6% CPU. Its PID is 2231",
		"The busiest process is postgres at 38.6% CPU. Its owner is **postgres**",
		"The host is named nas-01 and runs nginx",
		"Run `df -h. | sort` to see the mounts by size",
	}, judged)
}
