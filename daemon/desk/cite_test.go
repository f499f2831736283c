package desk

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/facts"
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
		if ollamatest.IsTicket()(req) {
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

// A fact-form reply reaches the user as its facts, one per line, with no
// JSON (in the answer, the session's history and the streamed text), and
// the evidence lists the shown lines its true facts rest on, first found
// first, each once. Not listed: the lscpu Flags line (numbered, but cut
// by the row policy), a number past every line, a count's lines and the
// hardware snapshot (whose fact here is false anyway).
func TestFactAnswer(t *testing.T) {
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
		cells := strings.Fields(rows[top])
		reply = daemontestFacts(
			facts.Fact{Line: top, Subject: cells[1], Field: "RSS", Value: cells[5]},
			facts.Fact{Line: mem, Subject: "Mem:", Field: "total", Value: strings.Fields(rows[mem])[1]},
			facts.Fact{Line: flags, Subject: "Flags", Field: "flags", Value: "fpu"},
			facts.Fact{Line: 4000, Subject: "x", Field: "y", Value: "z"},
			facts.Fact{Line: top, Subject: cells[1], Field: "USER", Value: cells[0]},
			facts.Fact{Count: "USER", Value: "1"},
			facts.Fact{Line: 0, Subject: "cpu_model", Field: "model", Value: "x"},
			facts.Fact{Line: hdr, Subject: "USER", Field: "header", Value: "PID"},
		)
		return reply
	})
	a, streamed := askStreamed(t, d, "what is using my memory?")
	mu.Lock()
	defer mu.Unlock()
	if top == 0 || mem == 0 || flags == 0 {
		t.Fatalf("the prompt lacks a row the test names: ps %d, free %d, the one unshown line %d", top, mem, flags)
	}
	parsed, err := facts.Parse(reply)
	if err != nil {
		t.Fatal(err)
	}
	want := parsed.Text()
	if a.Answer != want || strings.ContainsAny(a.Answer, "{}") || !strings.HasPrefix(a.Answer, "- "+parsed.Facts[0].Statement()+"\n") {
		t.Fatalf("the user got %q for the reply %q", a.Answer, reply)
	}
	if streamed != want {
		t.Errorf("streamed %q, want %q", streamed, want)
	}
	if h := d.o.Sessions.History(0, "s"); len(h) != 1 || h[0].Answer != want {
		t.Errorf("the session remembers %+v", h)
	}

	numbered := sources.Number(a.Evidence.ProbesExecuted)
	if !strings.HasPrefix(numbered[flags-1].Text, "Flags:") {
		t.Fatalf("line %d is %q, not the Flags line the prompt left out", flags, numbered[flags-1].Text)
	}
	var lines []rpc.CitedLine
	for _, n := range []int{top, mem, hdr} {
		lines = append(lines, rpc.CitedLine{N: n, Probe: numbered[n-1].Probe, Text: numbered[n-1].Text})
	}
	if !reflect.DeepEqual(a.Evidence.CitedLines, lines) {
		t.Fatalf("cited_lines %+v\nwant %+v", a.Evidence.CitedLines, lines)
	}
	if lines[0].Probe != probes.TopMemory || lines[1].Probe != probes.MemoryInfo {
		t.Fatalf("named the wrong probes: %+v", lines)
	}
	j, _ := json.Marshal(a.Evidence)
	if !strings.Contains(string(j), fmt.Sprintf(`"cited_lines":[{"n":%d,"probe":"top_memory","text":`, top)) {
		t.Errorf("evidence JSON: %s", j)
	}
}

// daemontestFacts is a fact-form reply stating fs.
func daemontestFacts(fs ...facts.Fact) string {
	b, err := json.Marshal(facts.Answer{Facts: fs, Advice: []string{}})
	if err != nil {
		panic(err)
	}
	return string(b)
}

// A reply that is not the fact form is no answer: the user is told so,
// it scores at most 20, last_error says why and no line is listed.
func TestReplyOutsideTheFactForm(t *testing.T) {
	const reply = "From top_memory: the first row shows the largest process [2]."
	d := citingDesk(t, []string{probes.TopMemory}, func(string) string { return reply })
	a, _ := askStreamed(t, d, "what is using my memory?")
	if a.Answer != supervisor.UnusableAnswer || a.ReliabilityScore > 20 {
		t.Fatalf("answer %q, score %d", a.Answer, a.ReliabilityScore)
	}
	if a.Evidence.LastError == nil || !strings.Contains(*a.Evidence.LastError, "cannot read the reply as the fact form") {
		t.Fatalf("last_error %v", a.Evidence.LastError)
	}
	j, _ := json.Marshal(a)
	if a.Evidence.CitedLines == nil || !strings.Contains(string(j), `"cited_lines":[]`) {
		t.Fatalf("evidence JSON: %s", j)
	}
}

// Answers no model wrote keep their brackets and name no line: the
// no-model answer quotes probe rows verbatim.
func TestAnswerWithoutModelCitesNothing(t *testing.T) {
	// Lines numbered for a specialist whose call then failed: the
	// no-model answer that replaces its reply names none of them.
	w := &work{unavailable: rpc.Errorf(rpc.KindLLMUnavailable, "cannot reach Ollama"), ticket: translator.Keywords("any failed logins?"),
		results: []rpc.ProbeResult{{Probe: probes.SystemLogs, Command: "journalctl", Stdout: "Nov 22 host sshd[612]: Failed password [3]\n"}},
		sources: []sources.Line{{N: 3, Probe: probes.SystemLogs, Text: "Nov 22 host sshd[612]: Failed password [3]"}}, factForm: true}
	d := New(Options{Sessions: session.NewStore()})
	a, err := d.finish(t.Context(), w, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(a.Answer, "sshd[612]: Failed password [3]") || a.Evidence.CitedLines == nil || len(a.Evidence.CitedLines) != 0 {
		t.Fatalf("answer %q, cited %+v", a.Answer, a.Evidence.CitedLines)
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

// The supervisor reads the facts itself: it gets the reply as the model
// wrote it and the lines the model was shown, so a fact on a line the
// model never saw is missing.
func TestSupervisorGetsTheRawReply(t *testing.T) {
	shown := []sources.Line{{N: 2, Probe: probes.TopMemory, Text: "alice 1000 12.0 firefox"}}
	reply := daemontestFacts(facts.Fact{Line: 2, Subject: "firefox", Field: "%CPU", Value: "12.0"}, facts.Fact{Line: 9, Subject: "firefox", Field: "RSS", Value: "7"})
	in := (&work{answer: reply, sources: shown, factForm: true}).input()
	if in.Answer != reply || !in.FactForm || !reflect.DeepEqual(in.Sources, shown) {
		t.Fatalf("supervisor input: answer %q, fact form %v, sources %+v", in.Answer, in.FactForm, in.Sources)
	}
	if r := supervisor.JudgeFacts(in); len(r.Grounding.Missing) != 1 || !strings.Contains(r.Grounding.Missing[0], "line 9 was not shown") {
		t.Fatalf("the supervisor did not read the facts' lines: %+v", r.Grounding)
	}
}
