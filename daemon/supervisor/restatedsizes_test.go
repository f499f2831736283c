package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// breakerEvidence is a hand-written Elasticsearch circuit-breaker
// rejection: bytes with ES's own rounding after a slash (4080218931 is
// 3.8 GiB, which ES prints "3.7gb").
func breakerEvidence() string {
	return EvidenceText(Input{Results: []rpc.ProbeResult{
		{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
			"Nov 25 10:00:00 es1 elasticsearch[500]: [WARN ][r.suppressed] path: /_search, params: {}, status: 429 " +
			"org.elasticsearch.common.breaker.CircuitBreakingException: [parent] Data too large, data for [<http_request>] would be [4294967296/4gb], " +
			"which is larger than the limit of [4080218931/3.7gb], real usage: [4294963200/3.9gb]\n"},
	}})
}

// TestRestatedSizes: the size after the slash of "[4080218931/3.7gb]" is
// a figure the line prints (in GiB), and a limit said to be exceeded is
// one the line logs a value as larger than. Another size, or another
// cause, is still missing.
func TestRestatedSizes(t *testing.T) {
	ev := breakerEvidence()
	checkPairs(t, []pair{
		{"the breaker's printed limit", ev,
			"A /_search request got status 429 from the parent circuit breaker, limit 3.7gb.",
			"A /_search request got status 429 from the parent circuit breaker, limit 3.2gb."},
		{"a limit exceeded", ev,
			"A /_search request was rejected with status 429 because the 3.7gb circuit-breaker limit was exceeded.",
			"A /_search request was rejected with status 429 because the 3.7gb circuit-breaker quota was used up."},
	})
}
