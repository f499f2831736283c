package supervisor

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
)

// benchFactReply and benchFactProse say the same five things about host62
// (a mail server), in the fact form and in cited sentences.
const (
	benchFactReply = `{"facts":[{"line":2,"subject":"clamd","field":"RSS","value":"1420500"},` +
		`{"line":2,"subject":"clamd","field":"%MEM","value":"5.7"},` +
		`{"line":255,"subject":"php-fpm8.2","field":"Killed process","value":"733"},` +
		`{"line":182,"subject":"sshd","field":"Local Address:Port","value":"0.0.0.0:22"},` +
		`{"line":0,"subject":"","field":"count","count":"status=deferred","value":"10"}],` +
		`"summary":"clamd uses the most memory. The kernel killed php-fpm8.2 because its memory cgroup was out of memory.",` +
		`"advice":["Raise the pool's memory limit or lower pm.max_children."],"missing":""}`
	benchFactProse = "clamd uses 1420500 KiB of RSS, 5.7% of memory [2]. The kernel killed php-fpm8.2 process 733 because its memory cgroup was out of memory [255]. " +
		"sshd listens on 0.0.0.0:22 [182]. Postfix logged 10 deferrals [201]. Raise the pool's memory limit or lower pm.max_children."
)

// benchFactReplyNoSummary is benchFactReply as the specialist writes it
// now, without the summary.
var benchFactReplyNoSummary = strings.Replace(benchFactReply,
	`"summary":"clamd uses the most memory. The kernel killed php-fpm8.2 because its memory cgroup was out of memory.",`, "", 1)

// BenchmarkJudgeFacts measures JudgeFacts on a reply in the fact form and,
// for comparison, Judge on the same claims written as cited sentences.
func BenchmarkJudgeFacts(b *testing.B) {
	in := scenario(b, "host62")
	in.Sources = sources.Number(in.Results)
	b.Run("facts", func(b *testing.B) {
		in := in
		in.Answer = benchFactReply
		for b.Loop() {
			JudgeFacts(in)
		}
	})
	b.Run("facts-no-summary", func(b *testing.B) {
		in := in
		in.Answer = benchFactReplyNoSummary
		for b.Loop() {
			JudgeFacts(in)
		}
	})
	b.Run("prose", func(b *testing.B) {
		in := in
		in.Answer = benchFactProse
		for b.Loop() {
			Judge(in)
		}
	})
}

// TestBenchFactReplyGrounded keeps BenchmarkJudgeFacts' reply true, so the
// benchmark measures the path a grounded reply takes.
func TestBenchFactReplyGrounded(t *testing.T) {
	in := scenario(t, "host62")
	in.Sources = sources.Number(in.Results)
	for _, reply := range []string{benchFactReply, benchFactReplyNoSummary} {
		in.Answer = reply
		if r := JudgeFacts(in); !r.Signals.AnswerGrounded || r.Unusable != "" || strings.Contains(benchFactReplyNoSummary, "summary") {
			t.Fatalf("fact benchmark reply is not grounded: %+v, %q", r.Grounding, r.Unusable)
		}
	}
}
