package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// hookInput is a hand-written journal: a webhook post refused twice, a
// lock error logged three times as "[E] … database is locked", and other
// failures that share the answer's verbs.
func hookInput() Input {
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert", Stdout: "" +
				"Nov 24 10:00:01 s3 garage[410]: notify: Post \"http://10.9.0.7:9090/webhook\": dial tcp 10.9.0.7:9090: connection refused\n" +
				"Nov 24 10:02:11 s3 forgejo[520]: [E] CommitRepoAction: database is locked\n" +
				"Nov 24 10:03:40 s3 sshd[900]: Failed password for root from 198.51.100.4 port 4022 ssh2\n" +
				"Nov 24 10:04:12 s3 forgejo[520]: [E] CommitRepoAction: database is locked\n" +
				"Nov 24 10:05:00 s3 backup[77]: error: upload failed\n" +
				"Nov 24 10:06:01 s3 garage[410]: notify: Post \"http://10.9.0.7:9090/webhook\": dial tcp 10.9.0.7:9090: connection refused\n" +
				"Nov 24 10:07:30 s3 forgejo[520]: [E] CommitRepoAction: database is locked\n"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 16663232512},
	}
}

// TestRepeatWordsOwnVerbs: an answer words a repeated message in its own
// verbs ("failed to reach its webhook", "error"), which no line of the
// message has; the lines with the most of its words are still the
// message, and its count is their number (heldout69.txt:38 and :41,
// heldout72.txt:43 said three, two and once).
func TestRepeatWordsOwnVerbs(t *testing.T) {
	judgeQuoted(t, hookInput(), []quotedCase{
		{"garage failed to reach its webhook at 10.9.0.7:9090 twice, each refused [1, 6].", ""},
		{"garage failed to reach its webhook at 10.9.0.7:9090 three times, each refused [1, 6].", "3 times garage failed webhook 9090"},
		{"garage failed to post to the webhook at 10.9.0.7:9090 only once, at 10:00:01 [1].", "1 times garage failed post webhook 9090"},
		{"The forgejo \"database is locked\" error appears 3 times in the log [2, 4, 7].", ""},
		{"The forgejo \"database is locked\" error appears 2 times in the log [2, 4].", "2 times forgejo database locked error"},
	})
	judgeQuoted(t, scenario(t, "host59"), []quotedCase{
		{"minio failed to reach its webhook at 172.30.0.40:8080 twice, each with \"no route to host\" [141, 164].", ""},
		{"minio failed to reach its webhook at 172.30.0.40:8080 three times, each with \"no route to host\" [141, 164].", "3 times minio failed reach webhook 8080"},
		{"Gitea's \"database is locked\" error appears 3 times in the log [143, 146, 157].", ""},
		{"Gitea's \"database is locked\" error appears 2 times in the log, at 07:07:43 and 07:08:03 [143, 146].", "2 times gitea database locked error"},
	})
}
