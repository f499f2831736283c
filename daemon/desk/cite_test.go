package desk

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llmqueue"
	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/daemon/progress"
	"github.com/jjgarcianorway/anna-assistant/daemon/session"
	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/daemon/supervisor"
	"github.com/jjgarcianorway/anna-assistant/daemon/translator"
	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// citingDesk is a desk on the fake Ollama, Anna's real client and the
// probes' fixture host, whose translator asks for ids and whose specialist
// writes its reply with write from the prompt it is sent, as a model
// reads the numbered lines it cites.
func citingDesk(t *testing.T, ids []string, write func(prompt string) string) *Desk {
	t.Helper()
	fake := ollamatest.New(t)
	tk := translator.Encode(rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Entities: []string{}, NeedsProbes: ids, Confidence: 0.9})
	fake.OnChat(func(req *api.ChatRequest) ollamatest.Reply {
		if ollamatest.HasFormat()(req) {
			return ollamatest.Reply{Content: tk}
		}
		return ollamatest.Reply{Content: write(req.Messages[len(req.Messages)-1].Content)}
	})
	return deskOn(t, fake, Budget{Translator: time.Minute, Probes: time.Minute, Specialist: time.Minute, Supervisor: time.Minute, Total: 2 * time.Minute})
}

// askStreamed asks d in session "s" and returns the answer and the text
// streamed into progress while the model wrote it.
func askStreamed(t *testing.T, d *Desk, text string) (*rpc.Answer, string) {
	t.Helper()
	store := progress.NewStore()
	rec, err := store.Begin("c", 0, false)
	if err != nil {
		t.Fatal(err)
	}
	place, err := llmqueue.New(llmqueue.Options{}).Admit(0)
	if err != nil {
		t.Fatal(err)
	}
	defer place.Done()
	a, err := d.Ask(t.Context(), place, rpc.RequestParams{Text: text, Session: "s", RequestID: "c"}, rec)
	if err != nil {
		t.Fatal(err)
	}
	rec.Done()
	p, err := store.Get("c", 0, peer.Identity{UID: 0})
	if err != nil {
		t.Fatal(err)
	}
	var streamed strings.Builder
	for _, e := range p.Events {
		if e.Kind == rpc.EventToken {
			streamed.WriteString(e.Text)
		}
	}
	return a, streamed.String()
}

var promptRow = regexp.MustCompile(`(?m)^(\d+)\| (.*)$`)

// promptRows reads the numbered rows of a specialist prompt.
func promptRows(prompt string) map[int]string {
	rows := map[int]string{}
	for _, m := range promptRow.FindAllStringSubmatch(prompt, -1) {
		n, _ := strconv.Atoi(m[1])
		rows[n] = m[2]
	}
	return rows
}

// A reply that cites its lines reaches the user without the citations (in
// the answer, the session's history and the streamed text), and the
// evidence lists the cited lines the model was shown, first-cited first,
// each once. A number the prompt never showed is not listed: neither the
// lscpu Flags line (numbered, but cut by the row policy) nor a number past
// every line.
func TestCitedAnswer(t *testing.T) {
	var mu sync.Mutex // the hook runs on the fake server's goroutine
	var reply string
	var hdr, top, mem, flags int
	d := citingDesk(t, []string{probes.TopMemory, probes.MemoryInfo, probes.CPUInfo}, func(prompt string) string {
		mu.Lock()
		defer mu.Unlock()
		rows := promptRows(prompt)
		last := 0
		for n, text := range rows {
			last = max(last, n)
			switch {
			case strings.HasPrefix(text, "USER "):
				hdr, top = n, n+1
			case strings.HasPrefix(text, "Mem:"):
				mem = n
			}
		}
		var gaps []int
		for n := 1; n < last; n++ {
			if _, ok := rows[n]; !ok {
				gaps = append(gaps, n)
			}
		}
		if len(gaps) == 1 {
			flags = gaps[0] // checked below to be lscpu's Flags line
		}
		reply = fmt.Sprintf("The first process row is the largest [%d]. Memory shows its total [%d, %d]. The CPU has flags [%d]. Nothing else [4000]. The table has a header [%d-%d].",
			top, mem, top, flags, hdr, top)
		return reply
	})
	a, streamed := askStreamed(t, d, "what is using my memory?")
	mu.Lock()
	defer mu.Unlock()
	if top == 0 || mem == 0 || flags == 0 {
		t.Fatalf("the prompt lacks a row the test cites: ps %d, free %d, the one unshown line %d", top, mem, flags)
	}
	clean, _ := sources.Parse(reply)
	if a.Answer != clean || regexp.MustCompile(`\[\d`).MatchString(a.Answer) || !strings.HasPrefix(a.Answer, "The first process row is the largest. Memory") {
		t.Fatalf("the user got %q for the reply %q", a.Answer, reply)
	}
	if streamed != clean {
		t.Errorf("streamed %q, want %q", streamed, clean)
	}
	if h := d.o.Sessions.History(0, "s"); len(h) != 1 || h[0].Answer != clean {
		t.Errorf("the session remembers %+v", h)
	}

	numbered := sources.Number(a.Evidence.ProbesExecuted)
	if !strings.HasPrefix(numbered[flags-1].Text, "Flags:") {
		t.Fatalf("line %d is %q, not the Flags line the prompt left out", flags, numbered[flags-1].Text)
	}
	var want []rpc.CitedLine
	for _, n := range []int{top, mem, hdr} {
		want = append(want, rpc.CitedLine{N: n, Probe: numbered[n-1].Probe, Text: numbered[n-1].Text})
	}
	if !reflect.DeepEqual(a.Evidence.CitedLines, want) {
		t.Fatalf("cited_lines %+v\nwant %+v", a.Evidence.CitedLines, want)
	}
	if want[0].Probe != probes.TopMemory || want[1].Probe != probes.MemoryInfo {
		t.Fatalf("cited the wrong probes: %+v", want)
	}
	j, _ := json.Marshal(a.Evidence)
	if !strings.Contains(string(j), fmt.Sprintf(`"cited_lines":[{"n":%d,"probe":"top_memory","text":`, top)) {
		t.Errorf("evidence JSON: %s", j)
	}
}

// A reply without citations is the answer as before: same text, streamed
// unchanged, and an empty (not null) cited_lines.
func TestUncitedAnswer(t *testing.T) {
	const reply = "From top_memory: the first row shows the largest process, listening on [::]:22 [1/2]."
	d := citingDesk(t, []string{probes.TopMemory}, func(string) string { return reply })
	a, streamed := askStreamed(t, d, "what is using my memory?")
	if a.Answer != reply || streamed != reply {
		t.Fatalf("answer %q, streamed %q; want %q", a.Answer, streamed, reply)
	}
	j, _ := json.Marshal(a)
	if a.Evidence.CitedLines == nil || !strings.Contains(string(j), `"cited_lines":[]`) {
		t.Fatalf("evidence JSON: %s", j)
	}
}

// Answers no model wrote keep their brackets and cite nothing: the no-model
// answer quotes probe rows verbatim, and a journal row's "sshd[612]" is a
// PID, not a citation.
func TestAnswerWithoutModelCitesNothing(t *testing.T) {
	// Lines numbered for a specialist whose call then failed: the
	// no-model answer that replaces its reply cites none of them.
	w := &work{unavailable: rpc.Errorf(rpc.KindLLMUnavailable, "cannot reach Ollama"), ticket: translator.Keywords("any failed logins?"),
		results: []rpc.ProbeResult{{Probe: probes.SystemLogs, Command: "journalctl", Stdout: "Nov 22 host sshd[612]: Failed password [3]\n"}},
		sources: []sources.Line{{N: 3, Probe: probes.SystemLogs, Text: "Nov 22 host sshd[612]: Failed password [3]"}}}
	d := New(Options{Sessions: session.NewStore()})
	a, err := d.finish(t.Context(), w, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(a.Answer, "sshd[612]: Failed password [3]") || a.Evidence.CitedLines == nil || len(a.Evidence.CitedLines) != 0 {
		t.Fatalf("answer %q, cited %+v", a.Answer, a.Evidence.CitedLines)
	}
}

// However the reply is cut into chunks, the streamed text is what
// sources.Parse makes of the whole, so no citation flashes on screen.
func TestCiteStreamMatchesParse(t *testing.T) {
	replies := []string{
		"nginx uses 45 MiB [3]. It runs [3, 5]. Ports [L7-9] and [::]:22 and [1/2] stay.",
		"a [1 [2] b [x 12] [3] c  [4]\n[5]",
		"no citation here",
		"[12][13] trailing [",
		"open [1, 2",
		"sshd[612]: failed [4]. postfix/smtpd[27310]: x",
		"nginx uses 45 MiB [3][5]. It’s 45 °C [3] — fine, café [2] x",
	}
	for _, r := range replies {
		want, _ := sources.Parse(r)
		for i := 0; i <= len(r); i++ {
			for j := i; j <= len(r); j++ {
				var got strings.Builder
				s := citeStream{emit: func(t string) { got.WriteString(t) }}
				for _, c := range []string{r[:i], r[i:j], r[j:]} {
					s.write(c)
				}
				s.flush()
				if got.String() != want {
					t.Fatalf("chunks %q %q %q streamed %q, want %q", r[:i], r[i:j], r[j:], got.String(), want)
				}
			}
		}
	}
}

func TestCitedLinesBounded(t *testing.T) {
	shown := []sources.Line{{N: 2, Probe: "top_memory", Text: strings.Repeat("é", 300)}, {N: 5, Probe: "memory_info", Text: "Mem: 15Gi"}}
	got := citedLines([]sources.Cite{{Lines: []int{5, 9}}, {Lines: []int{2, 5}}}, shown)
	if len(got) != 2 || got[0].N != 5 || got[1].N != 2 || len(got[1].Text) > rpc.MaxCitedLineBytes || !strings.HasSuffix(got[1].Text, "é…") {
		t.Fatalf("got %+v", got)
	}
	if got := citedLines(nil, shown); got == nil || len(got) != 0 {
		t.Fatalf("no citation gave %#v", got)
	}
}

// The brain's answers cite nothing and say so with an empty list.
func TestBrainAnswerCitesNothing(t *testing.T) {
	root, err := filepath.Abs("../../probes/testdata/host")
	if err != nil {
		t.Fatal(err)
	}
	d := fastDesk(probes.NewRunner(&probes.Env{Layout: dirs.At(root)}), &countingLLM{})
	a := askFast(t, d, llmqueue.New(llmqueue.Options{}), "which process uses the most memory")
	if a.Origin != rpc.OriginBrain || a.Evidence.CitedLines == nil || len(a.Evidence.CitedLines) != 0 {
		t.Fatalf("origin %q, cited %#v", a.Origin, a.Evidence.CitedLines)
	}
}

// The supervisor reads the citations itself: it gets the reply as the
// model wrote it and the lines the model was shown, so a citation of a
// line the model never saw is missing.
func TestSupervisorGetsTheRawReply(t *testing.T) {
	shown := []sources.Line{{N: 2, Probe: probes.TopMemory, Text: "alice 1000 12.0 firefox"}}
	in := (&work{answer: "firefox uses 12.0% [2]. It is the biggest [9].", sources: shown}).input()
	if in.Answer != "firefox uses 12.0% [2]. It is the biggest [9]." || !reflect.DeepEqual(in.Sources, shown) {
		t.Fatalf("supervisor input: answer %q, sources %+v", in.Answer, in.Sources)
	}
	if r := supervisor.Judge(in); !slices.Contains(r.Grounding.Missing, "[9] (no such line)") {
		t.Fatalf("the supervisor did not read the citations: %+v", r.Grounding)
	}
}
