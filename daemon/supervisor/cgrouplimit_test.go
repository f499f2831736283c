package supervisor

import "testing"

// A memory cgroup out of memory is a cgroup at its memory limit: saying so
// of a line logging one adds nothing; saying it of a plain OOM kill (no
// cgroup in the line) invents the limit.
func TestCgroupLimit(t *testing.T) {
	ci := EvidenceText(scenario(t, "host50"))
	web := EvidenceText(scenario(t, "host31"))
	checkPairs(t, []pair{
		{"a cgroup OOM is a limit hit", ci,
			"Because it's a memory cgroup OOM, the cgroup hit its limit when cc1plus (PID 1122) was killed at 23:11:15.", ""},
		{"a global OOM names no limit", web, "",
			"Because it was a memory cgroup OOM, the cgroup hit its limit when the kernel killed the process."},
		{"an open-files limit is no cgroup's", ci,
			"cc1plus (PID 1122) was killed at 23:11:15 because the cgroup hit its memory limit.",
			"cc1plus (PID 1122) was killed at 23:11:15 because it hit the open-files limit."},
		{"a process limit is no cgroup's", ci, "",
			"cc1plus (PID 1122) was killed at 23:11:15 because it hit the process limit."},
	})
}
