package supervisor

import "testing"

// TestTimeKinds: a probe's kind and the way a connection failed, said of
// a time, are what that time's lines say, not another line's.
func TestTimeKinds(t *testing.T) {
	k8s, lb := EvidenceText(scenario(t, "host54")), EvidenceText(scenario(t, "host51"))
	own := "probe system_logs journalctl -p warning\n" +
		"Nov 24 10:00:01 web1 nginx[812]: *41 upstream timed out (110: Connection timed out) while connecting to upstream, upstream: \"http://10.0.0.7:8080/\"\n" +
		"Nov 24 10:02:30 web1 nginx[812]: *57 connect() failed (111: Connection refused) while connecting to upstream, upstream: \"http://10.0.0.7:8080/\"\n"
	checkPairs(t, []pair{
		{"a failure mode of its time", own, "At 10:00:01 nginx's connection to upstream 10.0.0.7:8080 timed out.",
			"At 10:00:01 nginx's connection to upstream 10.0.0.7:8080 was refused."},
		{"the other time's failure mode", own, "At 10:02:30 nginx's connection to 10.0.0.7:8080 was refused.",
			"At 10:02:30 nginx's connection to 10.0.0.7:8080 timed out."},
		{"a probe's kind at its time", k8s, "The readiness probe of the orders container failed at 04:38:56 with connection refused on 10.244.2.14:8080.",
			"The liveness probe of the orders container failed at 04:38:56 with connection refused on 10.244.2.14:8080."},
		{"a probe's failure at its time", k8s, "The liveness probe for shop/orders-6d9f7c8b5-x2k7q failed at 04:35:31 with a timeout.",
			"Liveness probe for shop/orders-6d9f7c8b5-x2k7q failed at 04:38:56 with a timeout."},
		{"each time of a list its own member", lb, "HAProxy's app/web1 went DOWN at 22:51:00 (Layer4 timeout), app/web2 went DOWN at 22:51:05 (Connection refused).",
			"HAProxy's app/web1 went DOWN at 22:51:00 (Connection refused), app/web2 went DOWN at 22:51:05 (Layer4 timeout)."},
		// A time whose lines name no member leaves the word unjudged.
		{"a time of no failure mode", k8s, "At 04:34:27 the kubelet logged its certificate rotation deadline; nothing timed out.", ""},
	})
}

// TestTimeKindsDenied: a member the clause denies is no claim of it; one
// whose own words hold "no" is still judged, and so is one the clause
// affirms when a negation elsewhere in it is of something else.
func TestTimeKindsDenied(t *testing.T) {
	k8s := EvidenceText(scenario(t, "host54"))
	own := "probe system_logs journalctl -p warning\n" +
		"Nov 24 10:00:01 web1 nginx[812]: *41 upstream timed out (110: Connection timed out) while connecting to upstream, upstream: \"http://10.0.0.7:8080/\"\n" +
		"Nov 24 10:02:30 web1 nginx[812]: *57 connect() failed (111: Connection refused) while connecting to upstream, upstream: \"http://10.0.0.7:8080/\"\n"
	checkPairs(t, []pair{
		{"a denied member", k8s, "At 04:38:56 the readiness probe got connection refused, not a timeout.",
			"At 04:38:56 the readiness probe failed with no route to host."},
		{"a negation of what followed", k8s, "The readiness probe of the orders container failed at 04:38:56 with connection refused, no restart following it.",
			"The liveness probe of the orders container failed at 04:38:56 with connection refused, no restart following it."},
		{"a negation after the member", own, "At 10:02:30 nginx's connection to 10.0.0.7:8080 was refused without a retry.",
			"At 10:02:30 nginx's connection to 10.0.0.7:8080 timed out without a retry."},
		{"a denied member after an affirmed one", own, "At 10:00:01 nginx's connection to 10.0.0.7:8080 timed out, not refused.",
			"At 10:00:01 nginx's connection to 10.0.0.7:8080 was refused, not timed out."},
	})
}

// TestTimeKindsCause: a cause given in the sentence after a failure is
// judged at the failure's time; one after "because", or at a time whose
// lines name no member, may be another line's and is not.
func TestTimeKindsCause(t *testing.T) {
	k8s, web := EvidenceText(scenario(t, "host53")), EvidenceText(scenario(t, "server"))
	checkPairs(t, []pair{
		{"a cause in the next sentence", k8s, "image-prune.service failed at 04:00:01. Cause: crictl's context deadline exceeded.",
			"image-prune.service failed at 04:00:01. Cause: no space left on device in /var/lib/containerd."},
		{"a cause from the line before", web, "backup.service failed at 02:00:05 because rsync hit \"No space left on device\".",
			"backup.service failed at 02:00:05 because rsync hit \"Permission denied\"."},
	})
}
