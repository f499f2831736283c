package supervisor

import "testing"

// TestLogIDs checks figures, URLs and outcomes said of a journal line's
// identifier (request_id=, container=, job=): they are that identifier's
// lines', not another's; on the server's evidence with an app's journal
// and on host49's and host50's CI journals.
func TestLogIDs(t *testing.T) {
	app := withJournal(t, "server",
		"Nov 23 09:59:58 srv1 kernel: Out of memory: Killed process 1201 (worker) total-vm:912034kB, anon-rss:419430kB",
		"Nov 23 10:00:01 srv1 app[900]: request failed status=502 duration_ms=1840 request_id=a1b2c3d4 url=https://api.example.com/orders",
		"Nov 23 10:00:05 srv1 app[900]: request completed status=200 duration_ms=35 request_id=e5f6a7b8 url=https://api.example.com/users",
		"Nov 23 10:02:11 srv1 dockerd[700]: time=\"2026-11-23T10:02:11Z\" level=warning msg=\"ShouldRestart failed, container will not be restarted\" container=4be81f02c9d1 error=\"restart canceled\" restartCount=2")
	ci := EvidenceText(scenario(t, "host49"))
	ci50 := EvidenceText(scenario(t, "host50"))
	camel := withJournal(t, "server",
		"Nov 23 10:00:01 srv1 api[900]: upstream timed out status=504 requestId=f00d1234",
		"Nov 23 10:00:03 srv1 api[900]: served status=200 requestId=beef5678")
	checkPairs(t, []pair{
		// A figure after an identifier is of its lines.
		{"figures of a request", app, "Request a1b2c3d4 failed with status 502 after 1840 ms.",
			"Request e5f6a7b8 failed with status 502 after 1840 ms."},
		{"figures of a job", ci, "Job 88213 failed with exit code 1 after 412.7 seconds.",
			"Job 88231 failed with exit code 1 after 412.7 seconds."},
		{"a camelCase key", camel, "Request f00d1234 ended with status 504.", "Request beef5678 ended with status 504."},
		// A URL too, up to the next identifier.
		{"URL of a request", app, "Request e5f6a7b8 went to https://api.example.com/users and request a1b2c3d4 to https://api.example.com/orders.",
			"Request e5f6a7b8 went to https://api.example.com/orders, right after request a1b2c3d4 failed."},
		// The identifier opens its own item: its figures are not the
		// PID's before it.
		{"an identifier after a PID", app, "worker (PID 1201) was killed at 09:59:58, and request a1b2c3d4 failed with status 502.",
			"worker (PID 1201) was killed at 09:59:58, and request e5f6a7b8 failed with status 502."},
		{"a time before an identifier", app, "At 10:00:01 request a1b2c3d4 failed with status 502, three seconds after the kernel killed worker (PID 1201) at 09:59:58.",
			"At 10:00:05 request a1b2c3d4 failed with status 502, seven seconds after the kernel killed worker (PID 1201) at 09:59:58."},
		{"a time before an identifier, a PID after it", ci50,
			"At 23:11:17 job 88231 failed with exit code 137 after the kernel killed cc1plus (PID 1122).",
			"At 23:11:25 job 88231 failed with exit code 137 after the kernel killed cc1plus (PID 1122)."},
		// A copied key=value token has the line's value.
		{"copied token", app, "dockerd gave up on container 4be81f02c9d1 (restartCount=2).",
			"dockerd gave up on container 4be81f02c9d1 (restartCount=3)."},
		// An identifier said to have failed has a line of failure, in
		// its own item or as an item of a list a heading calls failed.
		{"failed in its own item", ci, "Job 88213 failed with exit code 1, and job 88231 was received at 23:06:28.",
			"Jobs 88213 and 88231 both failed."},
		{"failed by a list's heading", app, "The log shows one failed request: a1b2c3d4 (status 502); e5f6a7b8 completed with 200.",
			"The log shows failed requests: a1b2c3d4 (status 502) and e5f6a7b8 (status 200)."},
		// An outcome its line denies.
		{"outcome its line denies", app, "Container 4be81f02c9d1 will not be restarted: dockerd logged that the restart was canceled.",
			"Container 4be81f02c9d1 stopped, and Docker will restart it automatically."},
	})
}
