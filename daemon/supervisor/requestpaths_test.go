package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestRequestPaths: a request path may leave out the segments a log shows
// before it (an API version), whole segments only; a filesystem path is
// exact.
func TestRequestPaths(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager",
		Stdout: `Nov 24 10:02:11 web01 gitea[812]: router: completed GET /api/v1/repos/search for 10.0.0.7, 500 Internal Server Error in 31.2ms
Nov 24 10:02:15 web01 gitea[812]: Failed to open /var/lib/gitea/data/indexers/issues.bleve: permission denied
`}}})
	host50 := EvidenceText(scenario(t, "host50"))
	checkPairs(t, []pair{
		{"a request path without its API prefix", ev,
			"gitea answered the GET /repos/search request with a 500 at 10:02:11.",
			"gitea answered the GET /repos/list request with a 500 at 10:02:11."},
		{"a path cut inside a segment", ev,
			"The /v1/repos/search endpoint returned 500 at 10:02:11.",
			"The /1/repos/search endpoint returned 500 at 10:02:11."},
		{"a filesystem path is exact", ev,
			"gitea could not open /var/lib/gitea/data/indexers/issues.bleve at 10:02:15.",
			"gitea could not open /lib/gitea/data/indexers/issues.bleve at 10:02:15."},
		{"dockerd's versioned API path", host50,
			"dockerd's POST /images/create failed.",
			"dockerd's POST /images/pull failed."},
	})
}
