package supervisor

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/hardware"
)

// TestJudgeFacts judges fact-form replies on a real capture (host62, a
// mail server): each false reply differs from a true one in one detail.
func TestJudgeFacts(t *testing.T) {
	in := scenario(t, "host62")
	in.Sources = sources.Number(in.Results)
	cases := []struct {
		name, reply string
		grounded    bool
		unusable    string // a part of the reason, for a reply that is no answer
	}{
		{"true facts and summary", `{"facts":[{"line":2,"subject":"clamd","field":"RSS","value":"1420500"},{"line":2,"subject":"clamd","field":"%MEM","value":"5.7"}],` +
			`"summary":"clamd uses the most memory, 5.7% of it.","advice":[],"missing":""}`, true, ""},
		{"a figure from another column", `{"facts":[{"line":2,"subject":"clamd","field":"%MEM","value":"3.4"}],"summary":"","advice":[],"missing":""}`, false, ""},
		{"a summary adding a figure", `{"facts":[{"line":2,"subject":"clamd","field":"RSS","value":"1420500"}],` +
			`"summary":"clamd uses 9.1% of the memory.","advice":[],"missing":""}`, false, ""},
		{"a summary naming what no fact's line has", `{"facts":[{"line":2,"subject":"clamd","field":"RSS","value":"1420500"}],` +
			`"summary":"clamd uses more memory than redis-server.","advice":[],"missing":""}`, false, ""},
		{"an OOM kill as its line says", `{"facts":[{"line":255,"subject":"php-fpm8.2","field":"Killed process","value":"733"}],` +
			`"summary":"The kernel killed php-fpm8.2 because its memory cgroup was out of memory.","advice":["Raise the pool's memory limit or lower pm.max_children."],"missing":""}`, true, ""},
		{"an OOM kill of another PID", `{"facts":[{"line":255,"subject":"php-fpm8.2","field":"Killed process","value":"730"}],"summary":"","advice":[],"missing":""}`, false, ""},
		{"a failure told as a success", `{"facts":[{"line":209,"subject":"certbot","field":"renewed certificate","value":"mail.brandtvoss.de"}],"summary":"","advice":[],"missing":""}`, false, ""},
		{"a count", `{"facts":[{"line":0,"subject":"","field":"count","count":"status=deferred","value":"10"}],"summary":"","advice":[],"missing":""}`, true, ""},
		{"a fact that ends on a figure is no cut-off reply", `{"facts":[{"line":2,"subject":"clamd","field":"RSS","value":"1420500"},{"line":2,"subject":"633","field":"%MEM","value":"5.7"}],"summary":"clamd (PID 633) uses the most memory, about 1.35 GiB RSS or 5.7% of RAM.","advice":[],"missing":""}`, true, ""},
		{"a summary saying what a count's lines say", `{"facts":[{"line":0,"subject":"","field":"count","count":"status=deferred","value":"10"}],` +
			`"summary":"Mail to mx2.hollowbrook-supply.com was deferred 10 times because the connection timed out.","advice":[],"missing":""}`, true, ""},
		{"a count one off", `{"facts":[{"line":0,"subject":"","field":"count","count":"status=deferred","value":"11"}],"summary":"","advice":[],"missing":""}`, false, ""},
		{"a listener", `{"facts":[{"line":182,"subject":"sshd","field":"Local Address:Port","value":"0.0.0.0:22"}],"summary":"sshd listens on all IPv4 addresses.","advice":[],"missing":""}`, true, ""},
		{"advice globbing a shown directory", `{"facts":[{"line":133,"subject":"/var/vmail","field":"Use%","value":"98%"}],"summary":"",` +
			`"advice":["Find the largest mailboxes with du -sh /var/vmail/* or du -sh /var/vmail/*/* | sort -h."],"missing":""}`, true, ""},
		{"advice globbing a directory never shown", `{"facts":[{"line":133,"subject":"/var/vmail","field":"Use%","value":"98%"}],"summary":"",` +
			`"advice":["Find the largest mailboxes with du -sh /srv/mail/*."],"missing":""}`, false, ""},
		{"not the fact form", `clamd uses 1420500 KiB.`, false, "fact form"},
		{"cut off", `{"facts":[{"line":2,"subject":"clamd","field":"RSS","value":"14`, false, "fact form"},
		{"empty", `{"facts":[],"summary":"","advice":[],"missing":""}`, false, "no fact"},
		{"a fact and advice of empty strings", `{"facts":[{"line":0,"subject":"","field":"","value":""}],"advice":[""],"missing":""}`, false, "no fact"},
		{"one word over and over", `{"facts":[{"line":0,"subject":"the the the the","field":"the the","value":"the the the the the"}],"advice":[],"missing":""}`, false, "repeat"},
		{"a value repeating a word its line repeats", `{"facts":[{"line":255,"subject":"php-fpm8.2","field":"Killed process","value":"733"},` +
			`{"line":2,"subject":"clamd","field":"RSS","value":"1420500 1420500 1420500 1420500 1420500 1420500"}],"summary":"","advice":[],"missing":""}`, false, ""},
		{"garbled", `{"facts":[{"line":2,"subject":"\u0007\u0007\u0007","field":"\u001b[2J","value":"\u0000\u0001"}],"summary":"ꙮꙮꙮꙮꙮꙮꙮꙮꙮꙮꙮꙮ","advice":[],"missing":""}`, false, "control"},
	}
	for _, c := range cases {
		in.Answer = c.reply
		r := JudgeFacts(in)
		if c.unusable != "" {
			if !strings.Contains(r.Unusable, c.unusable) || r.Score > 20 {
				t.Errorf("%s: unusable %q, score %d; want a reason with %q, at most 20", c.name, r.Unusable, r.Score, c.unusable)
			}
			continue
		}
		if r.Unusable != "" || r.Signals.AnswerGrounded != c.grounded {
			t.Errorf("%s: grounded %v (unusable %q), want %v; grounding %+v", c.name, r.Signals.AnswerGrounded, r.Unusable, c.grounded, r.Grounding)
		}
	}
}

// TestJudgeFactsHedgesAreTheModels: a fact copies its line as printed,
// hedges and all; only the summary, advice and missing text are the
// model's words, which no_invention reads. An echoed instruction and a
// reply cut off before the model finished are judged as in Judge.
func TestJudgeFactsHedgesAreTheModels(t *testing.T) {
	in := scenario(t, "host60")
	in.Sources = sources.Number(in.Results)
	quoted := `{"facts":[{"line":164,"subject":"etcd[601]","field":"msg","value":"leader is overloaded likely from slow disk"}],"summary":"etcd warned that the leader missed a heartbeat.","advice":[],"missing":""}`
	hedged := `{"facts":[{"line":164,"subject":"etcd[601]","field":"msg","value":"leader is overloaded likely from slow disk"}],"summary":"etcd probably has a slow disk.","advice":[],"missing":""}`
	for _, c := range []struct {
		reply string
		hedge bool
	}{{quoted, false}, {hedged, true}} {
		in.Answer = c.reply
		r := JudgeFacts(in)
		if r.Unusable != "" || !r.Signals.AnswerGrounded || r.Signals.NoInvention == c.hedge {
			t.Errorf("%s: grounded %v, no_invention %v (hedges %q), unusable %q; want no_invention %v", c.reply, r.Signals.AnswerGrounded, r.Signals.NoInvention, r.Hedges, r.Unusable, !c.hedge)
		}
	}
	in.Answer, in.Incomplete = quoted, true
	if r := JudgeFacts(in); r.Unusable == "" || r.Score > 20 {
		t.Errorf("a reply cut off by the model scored %d, unusable %q", r.Score, r.Unusable)
	}
}

// A hardware fact may name a snapshot field as its subject, as the prompt
// prints it ("- ram_available_gb: 19.9 GiB"), and is found in the
// snapshot the prompt shows even when the caller gave no facts by name.
func TestJudgeFactsSnapshotFields(t *testing.T) {
	in := scenario(t, "host62")
	in.Sources = sources.Number(in.Results)
	fields := hardware.Fields(in.Hardware)
	for _, named := range []bool{true, false} {
		if !named {
			in.Facts = nil
		}
		for _, c := range []struct {
			field, value string
			grounded     bool
		}{
			{"cpu_model", fields["cpu_model"], true},
			{"ram_available_gb", fields["ram_available_gb"], true},
			{"cpu_cores", fields["ram_available_gb"], false},
		} {
			in.Answer = `{"facts":[{"line":0,"subject":"","field":"` + c.field + `","value":"` + c.value + `"}],"advice":[],"missing":""}`
			if r := JudgeFacts(in); r.Signals.AnswerGrounded != c.grounded {
				t.Errorf("facts by name %v, %s %s: grounded %v, want %v; grounding %+v", named, c.field, c.value, r.Signals.AnswerGrounded, c.grounded, r.Grounding)
			}
		}
	}
}
