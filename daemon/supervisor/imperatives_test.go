package supervisor

import "testing"

// Advice names what the user could run or install, not what this machine
// shows: a tool "can block" attempts, a report that ends ", so check …
// with `curl`", an example after "e.g.". The report before the advice,
// and a sentence that says the tool runs here, are still judged.
func TestUserAdviceShapes(t *testing.T) {
	mon := EvidenceText(scenario(t, "host55"))
	checkPairs(t, []pair{
		{"an indefinite tool that can block", mon,
			"sshd logged failed passwords from 203.0.113.150. A tool like fail2ban can block repeated attempts.",
			"fail2ban is running and banned 203.0.113.150."},
		{"an imperative after ', so'", mon,
			"nginx timed out waiting for the upstream at 04:29:31, so check the upstream pod with `kubectl describe pod`.",
			"nginx timed out waiting for the upstream at 04:29:39, so check the upstream pod with `kubectl describe pod`."},
		{"an example after 'e.g.'", mon,
			"Elasticsearch spent 2.4s in GC at 04:30:07. Reduce its heap pressure, e.g. with `curator delete indices`.",
			"Elasticsearch spent 2.4s in GC at 04:30:09, e.g. during `curator` runs."},
	})
}

// An adjective after ", so" opens no imperative: "so close to full" is
// said of the machine.
func TestImperativeClause(t *testing.T) {
	for s, want := range map[string]int{
		"the oom kill was a cgroup event, so check the limit with `kubectl describe pod`.": 31,
		"it is at 98%, so close to full.":                                                  -1,
		"the pod restarted, so the limit was hit.":                                         -1,
		"it failed, then restart it with `systemctl restart nginx`.":                       9,
	} {
		if got := imperativeClause(s); got != want {
			t.Errorf("imperativeClause(%q) = %d, want %d", s, got, want)
		}
	}
}
