package sources

import (
	"reflect"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func TestParse(t *testing.T) {
	cases := []struct {
		in, clean string
		cites     []Cite
	}{
		{"nginx uses 45 MiB [3].", "nginx uses 45 MiB.", []Cite{{At: 17, Lines: []int{3}}}},
		{"nginx uses 45 MiB. [3, 5] It runs.", "nginx uses 45 MiB. It runs.", []Cite{{At: 18, Lines: []int{3, 5}}}},
		{"Lines [L7-9] say so", "Lines say so", []Cite{{At: 5, Lines: []int{7, 8, 9}}}},
		{"sshd on [::]:22 and [1/2] [4]", "sshd on [::]:22 and [1/2]", []Cite{{At: 25, Lines: []int{4}}}},
		{"no close [3", "no close [3", nil},
		{"zero [0] and huge [1-999]", "zero [0] and huge [1-999]", nil},
		{"postfix/smtpd[27310]: lost [5]", "postfix/smtpd[27310]: lost", []Cite{{At: 26, Lines: []int{5}}}},
		{"padded [03] and repeat [2,2]", "padded [03] and repeat", []Cite{{At: 22, Lines: []int{2}}}},
		{"sshd[612] failed [4]. dnsmasq-dhcp[18794]:x", "sshd[612] failed. dnsmasq-dhcp[18794]:x", []Cite{{At: 16, Lines: []int{4}}}},
		{"(see [2])", "(see)", []Cite{{At: 4, Lines: []int{2}}}},
		{"nginx uses 45 MiB [3][5].", "nginx uses 45 MiB.", []Cite{{At: 17, Lines: []int{3}}, {At: 17, Lines: []int{5}}}},
		{"x [3] [5]. y", "x. y", []Cite{{At: 1, Lines: []int{3}}, {At: 1, Lines: []int{5}}}},
	}
	for _, c := range cases {
		clean, cites := Parse(c.in)
		if clean != c.clean || !reflect.DeepEqual(cites, c.cites) {
			t.Errorf("Parse(%q) = %q, %+v; want %q, %+v", c.in, clean, cites, c.clean, c.cites)
		}
	}
}

func TestNumber(t *testing.T) {
	results := []rpc.ProbeResult{
		{Probe: "top_memory", Command: "ps aux", Stdout: "USER PID %MEM\nroot 1 0.1\n\nwww 2 3.0\n"},
		{Probe: "disk_usage", Command: "df -h", ExitCode: 1, Stderr: "denied"},
		{Probe: "system_logs", Command: "journalctl", Stdout: "a\nb"},
	}
	got := Number(results)
	want := []Line{
		{N: 1, Probe: "top_memory", Command: "ps aux", Text: "USER PID %MEM"},
		{N: 2, Probe: "top_memory", Command: "ps aux", Header: "USER PID %MEM", Text: "root 1 0.1"},
		{N: 3, Probe: "top_memory", Command: "ps aux", Header: "USER PID %MEM", Text: "www 2 3.0"},
		{N: 4, Probe: "system_logs", Command: "journalctl", Text: "a"},
		{N: 5, Probe: "system_logs", Command: "journalctl", Text: "b"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Number = %+v\nwant %+v", got, want)
	}
	if r := Render(got); !strings.Contains(r, "### top_memory (ps aux)\n1| USER PID %MEM\n") || !strings.Contains(r, "### system_logs (journalctl)\n4| a\n") {
		t.Errorf("Render = %q", r)
	}
}

func TestNumberBounded(t *testing.T) {
	big := strings.Repeat("x\n", MaxLines+10)
	if n := len(Number([]rpc.ProbeResult{{Probe: "p", Stdout: big}})); n != MaxLines {
		t.Errorf("numbered %d lines, want %d", n, MaxLines)
	}
}

// TestParseAfter: the byte an earlier piece ended with decides whether the
// first bracket is a citation, as it would in the whole text.
func TestParseAfter(t *testing.T) {
	for _, c := range []struct {
		before     byte
		text, want string
	}{
		{'d', "[612]: failed [4]", "[612]: failed"},
		{' ', "[612]: failed", ": failed"},
		{']', "[5].", "."},
		{0xa9, "[2] x", "[2] x"}, // the last byte of "é"
	} {
		if got, _ := ParseAfter(c.before, c.text); got != c.want {
			t.Errorf("ParseAfter(%q, %q) = %q, want %q", c.before, c.text, got, c.want)
		}
	}
}

// TestParseManyBrackets: unclosed brackets are read in linear time (each
// looks at most MaxCiteInside bytes ahead) and stay text.
func TestParseManyBrackets(t *testing.T) {
	in := strings.Repeat("[", 100000) + "]"
	if got, cites := Parse(in); got != in || len(cites) != 0 {
		t.Fatalf("Parse changed %d unclosed brackets: %d cites", 100000, len(cites))
	}
}
