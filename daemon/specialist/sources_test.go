package specialist

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/session"
	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

var numberedRow = regexp.MustCompile(`^(\d+)\| (.*)$`)

// shownRows reads the "N| text" rows of a prompt's probe section, in order.
func shownRows(t *testing.T, p Prompt) (ns []int, texts map[int]string) {
	t.Helper()
	last := p.Messages[len(p.Messages)-1].Content
	begin, end := strings.Index(last, dataBegin), strings.Index(last, dataEnd)
	if begin < 0 || end < begin {
		t.Fatalf("no data fence in:\n%s", last)
	}
	texts = map[int]string{}
	for _, l := range strings.Split(last[begin:end], "\n") {
		m := numberedRow.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if _, dup := texts[n]; dup {
			t.Fatalf("line %d shown twice", n)
		}
		ns = append(ns, n)
		texts[n] = m[2]
	}
	return ns, texts
}

// checkSources holds p.Sources to exactly the rows the prompt shows, with
// the numbers sources.Number gives the brief's probes (what the supervisor
// numbers) and the text each row shows, cut or whole.
func checkSources(t *testing.T, b Brief, p Prompt) {
	t.Helper()
	ns, texts := shownRows(t, p)
	if len(ns) == 0 {
		t.Fatal("the prompt shows no numbered row")
	}
	var got []int
	for _, s := range p.Sources {
		got = append(got, s.N)
	}
	if !reflect.DeepEqual(got, ns) {
		t.Fatalf("Sources hold lines %v, the prompt shows %v", got, ns)
	}
	all := sources.Number(b.Probes)
	for _, s := range p.Sources {
		if !reflect.DeepEqual(all[s.N-1], s) {
			t.Fatalf("source %+v is not line %d as numbered: %+v", s, s.N, all[s.N-1])
		}
		shown := texts[s.N]
		if cut, ok := strings.CutSuffix(shown, "…"); shown != s.Text && !(ok && strings.HasPrefix(s.Text, cut)) {
			t.Fatalf("line %d shows %q for %q", s.N, shown, s.Text)
		}
	}
}

// The prompt numbers every row it shows; Sources are exactly those rows,
// so a citation of a row the policy cut (top_memory's 11th process, the
// CPU flags, a failed probe) has nothing to resolve to.
func TestPromptSourcesAreTheShownLines(t *testing.T) {
	b := memoryBrief()
	b.Probes = append(b.Probes,
		result(probes.CPUInfo, "lscpu", "Architecture: x86_64\nFlags: fpu vme de pse tsc msr\nModel name: AMD Ryzen 7 5800U\n"),
		rpc.ProbeResult{Probe: probes.DiskUsage, Command: "df -h", ExitCode: 1, Stderr: "cannot read mounts"},
	)
	p, err := Build(b)
	if err != nil {
		t.Fatal(err)
	}
	checkSources(t, b, p)
	last := p.Messages[len(p.Messages)-1].Content
	for _, want := range []string{"1| USER       PID", "2| alice     1000 ", "11| alice     1009 ", "153| Mem:", "155| Architecture: x86_64", "157| Model name:"} {
		if !strings.Contains(last, "\n"+want) {
			t.Errorf("the prompt lacks the row %q:\n%s", want, last)
		}
	}
	all := sources.Number(b.Probes)
	for _, cut := range []int{12, 151, 156} { // PID 1010, the last ps row, Flags
		for _, s := range p.Sources {
			if s.N == cut {
				t.Errorf("line %d (%q) was not shown but is in Sources", cut, all[cut-1].Text)
			}
		}
		if strings.Contains(last, "\n"+strconv.Itoa(cut)+"| ") {
			t.Errorf("line %d reached the prompt", cut)
		}
	}
	if !strings.Contains(last, "### disk_usage (df -h): FAILED, exit 1: cannot read mounts\n") {
		t.Error("the failed probe is not reported")
	}
}

// When the budget halves the rows, Sources shrink with them.
func TestPromptSourcesFollowTheBudget(t *testing.T) {
	b := memoryBrief()
	b.Probes = append(b.Probes, result(probes.SystemLogs, "journalctl", journal(200)))
	b.Question = strings.Repeat("why ", rpc.MaxRequestTextBytes/4)
	for range session.MaxTurns {
		b.History = append(b.History, session.Turn{Question: strings.Repeat("q", session.MaxQuestionLen), Answer: strings.Repeat("a", session.MaxAnswerLen)})
	}
	p, err := Build(b)
	if err != nil {
		t.Fatal(err)
	}
	if p.Scale >= 1 {
		t.Fatalf("rows were not cut (prompt of %d bytes)", p.Bytes)
	}
	checkSources(t, b, p)
	if n := len(p.Sources); n >= 1+10+3+30 {
		t.Fatalf("%d sources at scale %v", n, p.Scale)
	}
	if l := p.Sources[len(p.Sources)-1]; !strings.Contains(l.Text, "warning number 199 ") {
		t.Fatalf("the newest journal line is not the last source: %+v", l)
	}
}

// A prompt without probes numbers nothing.
func TestPromptWithoutProbesHasNoSources(t *testing.T) {
	b := memoryBrief()
	b.Probes = nil
	p, err := Build(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Sources) != 0 {
		t.Fatalf("sources %+v", p.Sources)
	}
}

// Lines past sources.MaxLines have no number, so they are never shown: a
// probe whose lines all lie past it shows none, and says they were left out.
func TestUnnumberedLinesAreNotShown(t *testing.T) {
	b := memoryBrief()
	b.Probes = []rpc.ProbeResult{
		result("long", "long", strings.Repeat("x\n", sources.MaxLines-1)),
		result(probes.NetworkRoutes, "ip route", "default via 192.168.1.1 dev wlan0\n192.168.1.0/24 dev wlan0\n"),
	}
	p, err := Build(b)
	if err != nil {
		t.Fatal(err)
	}
	checkSources(t, b, p)
	last := p.Messages[len(p.Messages)-1].Content
	if !strings.Contains(last, "### network_routes (ip route)\n4096| default via 192.168.1.1 dev wlan0\n(1 more rows not shown)\n") {
		t.Fatalf("the route past the numbered lines was not left out:\n%s", last[strings.Index(last, "### network_routes"):])
	}
}

// The journal's lines past sources.MaxLines are its newest, so the prompt
// says newer rows are missing, not older ones; lines a policy drops are
// not counted as missing even past MaxLines.
func TestUnnumberedNewestRows(t *testing.T) {
	for _, tc := range []struct {
		name       string
		long, logs int
		want       string
	}{
		{"only newer", sources.MaxLines - 10, 50, "4096| Nov 22 12:00:09 host kernel: warning number 9 from a driver\n(40 newer rows not shown)\n-----"},
		{"older and newer", sources.MaxLines - 40, 100, "4096| Nov 22 12:00:39 host kernel: warning number 39 from a driver\n(10 older rows not shown)\n(60 newer rows not shown)\n-----"},
	} {
		b := memoryBrief()
		b.Probes = []rpc.ProbeResult{
			result("long", "long", strings.Repeat("x\n", tc.long)),
			result(probes.SystemLogs, "journalctl", journal(tc.logs)),
		}
		p, err := Build(b)
		if err != nil {
			t.Fatal(err)
		}
		checkSources(t, b, p)
		last := p.Messages[len(p.Messages)-1].Content
		logs := last[strings.Index(last, "### system_logs"):]
		if !strings.Contains(logs, tc.want) {
			t.Errorf("%s: the journal section does not end with\n%s\nit is:\n%s", tc.name, tc.want, logs)
		}
	}

	b := memoryBrief()
	b.Probes = []rpc.ProbeResult{
		result("long", "long", strings.Repeat("x\n", sources.MaxLines-1)),
		result(probes.NetworkAddrs, "ip addr", "2: wlan0: <UP>\n    valid_lft forever\n    inet 192.168.1.5/24\n"),
	}
	p, err := Build(b)
	if err != nil {
		t.Fatal(err)
	}
	last := p.Messages[len(p.Messages)-1].Content
	if !strings.Contains(last, "4096| 2: wlan0: <UP>\n(1 more rows not shown)\n") {
		t.Errorf("a dropped line past MaxLines was counted:\n%s", last[strings.Index(last, "### network_addrs"):])
	}
}
