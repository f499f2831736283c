package supervisor

import (
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// TestEventFigures: the figures read by hand are those the regexp they
// replace reads.
func TestEventFigures(t *testing.T) {
	msgs := []string{
		"thermal: cpu0 throttling: total events = 37", "cpu1: total events=41, events = 2",
		"37 events", "logged 12 cpu throttling events", "5 10 foo bar events", "a5 events", "x=5 events",
		"3 rejections, 4 rejected", "rejected 2 of 7 rejections", "events = ", "events", "-4 events",
		"1 2 3 4 events = 9 events", "error count 3 eventsx = 8", "12 events=7 9 events",
		"7\tcpu  events", "events_total = 33 events", "throttling 4 events: 5 events = 6",
	}
	for _, stem := range []string{"even", "reje", "thro", "e"} {
		re := regexp.MustCompile(`(?:\b(\d+)\s+(?:[\w-]+\s+){0,2}?` + regexp.QuoteMeta(stem) + `|\b` +
			regexp.QuoteMeta(stem) + `\w*\s*=\s*(\d+))`)
		for _, m := range msgs {
			var want []int
			for _, f := range re.FindAllStringSubmatch(m, -1) {
				v, _ := strconv.Atoi(f[1] + f[2])
				want = append(want, v)
			}
			if got := eventFigures(m, stem); !slices.Equal(got, want) {
				t.Errorf("eventFigures(%q, %q) = %v, want %v", m, stem, got, want)
			}
		}
	}
}

// TestEventFiguresSkipKeys: a number before a field's name ("35
// request_id=…") is no figure of the events the name starts with, while
// the field's own value ("events_total = 33") is.
func TestEventFiguresSkipKeys(t *testing.T) {
	cases := []struct {
		msg, stem string
		want      []int
	}{
		{"upstream timed out after 35 request_id=ab12 status=504", "reque", nil},
		{"served 35 requests request_id=ab12", "reque", []int{35}},
		{"events_total = 33 events", "even", []int{33}},
		{"5 events_total=9", "even", []int{9}},
	}
	for _, c := range cases {
		if got := eventFigures(c.msg, c.stem); !slices.Equal(got, c.want) {
			t.Errorf("eventFigures(%q, %q) = %v, want %v", c.msg, c.stem, got, c.want)
		}
	}
}
