package facts

import (
	"strings"
	"testing"
)

const streamed = `{"facts": [{"line": 2, "subject": "clamd", "field": "RSS", "value": "1420500"}, ` +
	`{"line": 7, "subject": "sshd[612]", "field": "message", "value": "Failed password for \"root\" {x} [y]\nfrom 10.0.0.9"}, ` +
	`{"line": 0, "subject": "", "field": "count", "count": "status=deferred", "value": "2"}], ` +
	`"advice": ["Check the ClamAV signature size.", "  "], "missing": "The journal of yesterday."}`

// TestStreamRendersWhatTextRenders splits one reply at every byte and
// checks that the pieces Stream emits join to Answer.Text.
func TestStreamRendersWhatTextRenders(t *testing.T) {
	a, err := Parse(streamed)
	if err != nil {
		t.Fatal(err)
	}
	want := a.Text()
	if !strings.Contains(want, "- sshd[612] message: Failed password for \"root\" {x} [y] from 10.0.0.9") {
		t.Fatalf("Text() = %q: the fact with brackets and a newline is not one line", want)
	}
	for cut := 0; cut <= len(streamed); cut++ {
		var got strings.Builder
		s := NewStream(func(p string) { got.WriteString(p) })
		s.Write(streamed[:cut])
		s.Write(streamed[cut:])
		if got.String() != want {
			t.Fatalf("cut at %d: streamed %q, want %q", cut, got.String(), want)
		}
	}
}

// TestStreamShowsOnlyFinishedFacts checks that a fact appears once its
// object closes and not before: a half-written value is never shown.
func TestStreamShowsOnlyFinishedFacts(t *testing.T) {
	var got []string
	s := NewStream(func(p string) { got = append(got, p) })
	s.Write(`{"facts": [{"line": 2, "subject": "clamd", "field": "RSS", "value": "14`)
	if len(got) != 0 {
		t.Fatalf("emitted %q before the fact closed", got)
	}
	s.Write(`20500"}, {"line": 3, "subj`)
	if len(got) != 1 || got[0] != "- clamd RSS: 1420500" {
		t.Fatalf("emitted %q, want the first fact alone", got)
	}
}

// FuzzStream feeds Stream arbitrary replies in two pieces: it must never
// panic, and on a reply Parse takes whose keys come in the schema's order
// it must emit what Text renders.
func FuzzStream(f *testing.F) {
	f.Add(streamed, 10)
	f.Add(`{"facts":[{"line":1,"subject":"a\"}","field":"b","value":"c"}],"advice":[],"missing":""}`, 3)
	f.Add(`{"facts":[[[{]]]}`, 5)
	f.Add(`}}]]"\`, 1)
	f.Fuzz(func(t *testing.T, reply string, cut int) {
		if cut < 0 || cut > len(reply) {
			cut = len(reply) / 2
		}
		var got strings.Builder
		s := NewStream(func(p string) { got.WriteString(p) })
		s.Write(reply[:cut])
		s.Write(reply[cut:])
		a, err := Parse(reply)
		if err != nil || a.Summary != "" || !schemaOrder(reply) {
			return
		}
		if got.String() != a.Text() {
			t.Fatalf("streamed %q, Text() %q", got.String(), a.Text())
		}
	})
}

// schemaOrder reports whether reply's top-level keys come as the schema
// lists them, each once; Stream emits in the order the model writes.
func schemaOrder(reply string) bool {
	f, ad, m := strings.Index(reply, `"facts"`), strings.Index(reply, `"advice"`), strings.Index(reply, `"missing"`)
	return f >= 0 && ad > f && m > ad && strings.Count(reply, `"facts"`) == 1 && strings.Count(reply, `"advice"`) == 1 && strings.Count(reply, `"missing"`) == 1
}

// BenchmarkStream renders a reply of sixteen facts arriving a few bytes a
// chunk, as a model streams tokens.
func BenchmarkStream(b *testing.B) {
	var reply strings.Builder
	reply.WriteString(`{"facts": [`)
	for i := range 16 {
		if i > 0 {
			reply.WriteString(", ")
		}
		reply.WriteString(`{"line": 12, "subject": "postgres: 15/main: checkpointer", "field": "RSS", "value": "1107044"}`)
	}
	reply.WriteString(`], "advice": ["Raise max_wal_size."], "missing": ""}`)
	text := reply.String()
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		s := NewStream(func(string) {})
		for i := 0; i < len(text); i += 4 {
			s.Write(text[i:min(i+4, len(text))])
		}
	}
}
