package brain

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzMatch checks that Match never panics, is deterministic, refuses
// text over its bounds, and only returns intents it can compose: a known
// kind, and a valid port only for listening_ports.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{
		"how much ram do I have", "is anything listening on port 22", "what is on :8080",
		"enable debug mode", "is debug on or off?", "are you ok? what's my ip",
		"what's my ip and my gateway", "how do I debug a segfault", "isn't debug on",
		"port 99999", "\x00\xff", "anna's version", strings.Repeat("ram ", 100),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		i, ok := Match(q)
		j, ok2 := Match(q)
		if i != j || ok != ok2 {
			t.Fatalf("not deterministic: %v %v, then %v %v", i, ok, j, ok2)
		}
		if !ok {
			if i != (Intent{}) {
				t.Fatalf("no match but intent %v", i)
			}
			return
		}
		if len(q) > MaxQuestionBytes {
			t.Fatalf("matched %d bytes, over MaxQuestionBytes", len(q))
		}
		known := false
		for _, k := range Kinds {
			known = known || k == i.Kind
		}
		if !known {
			t.Fatalf("unknown kind %q", i.Kind)
		}
		if i.Port < 0 || i.Port > 65535 || (i.Port != 0 && i.Kind != ListeningPorts) {
			t.Fatalf("bad port in %v", i)
		}
		if r := Compose(i, Input{}); r.Text == "" || !utf8.ValidString(r.Text) {
			t.Fatalf("bad answer %q", r.Text)
		}
	})
}

// TestMatchBounds checks that Match refuses long input unread and counts
// words after contractions are expanded.
func TestMatchBounds(t *testing.T) {
	long := "how much ram do I have" + strings.Repeat(" ", MaxQuestionBytes)
	if _, ok := Match(long); ok {
		t.Error("matched text over MaxQuestionBytes")
	}
	many := strings.Repeat("please ", MaxWords) + "ram"
	if _, ok := Match(many); ok {
		t.Errorf("matched %d words", MaxWords+1)
	}
	if _, ok := Match(strings.Repeat("please ", MaxWords-1) + "ram"); !ok {
		t.Errorf("refused %d words", MaxWords)
	}
}
