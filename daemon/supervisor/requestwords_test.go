package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestRequestPathWords: only an HTTP method as a log writes it ("DELETE",
// not the verb "delete") or a request noun makes a path a request path,
// and only the tail of an API path (after "/api" or a version) is found;
// the tail ends where a segment does.
func TestRequestPathWords(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager",
		Stdout: `Nov 24 10:02:11 web01 dockerd[900]: failed to remove /var/lib/docker/overlay2/abc: device or resource busy
Nov 24 10:02:12 web01 dockerd[900]: handler for POST /v1.43/images/created returned error: no such image
`}}})
	checkPairs(t, []pair{
		{"the verb delete is no method", ev,
			"dockerd failed to delete /var/lib/docker/overlay2/abc at 10:02:11.",
			"dockerd failed to delete /lib/docker/overlay2/abc at 10:02:11."},
		{"a filesystem path is no API path", ev,
			"dockerd failed to remove /var/lib/docker/overlay2/abc at 10:02:11.",
			"dockerd's DELETE /lib/docker/overlay2/abc failed at 10:02:11."},
		{"a tail ends where a segment does", ev,
			"dockerd's POST /images/created failed at 10:02:12.",
			"dockerd's POST /images/create failed at 10:02:12."},
	})
}
