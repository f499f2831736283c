package daemontest

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/facts"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/daemon/translator"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// SlowJournal blocks every read until its context ends, like a journal on a
// dying disk, and tells tests when the first read started and when reads
// ended.
type SlowJournal struct {
	once    sync.Once
	started chan struct{}
	ended   chan error
}

// NewSlowJournal returns a journal that never answers in time.
func NewSlowJournal() *SlowJournal {
	return &SlowJournal{started: make(chan struct{}), ended: make(chan error, 16)}
}

// ReadJournal implements probes.JournalReader.
func (j *SlowJournal) ReadJournal(ctx context.Context) (probes.SystemLog, []string, error) {
	j.once.Do(func() { close(j.started) })
	<-ctx.Done()
	select {
	case j.ended <- ctx.Err():
	default:
	}
	return probes.SystemLog{}, nil, ctx.Err()
}

// Started is closed when the first read begins.
func (j *SlowJournal) Started() <-chan struct{} { return j.started }

// WaitStarted fails the test unless a read begins within 20 s.
func (j *SlowJournal) WaitStarted(t testing.TB) {
	t.Helper()
	select {
	case <-j.started:
	case <-time.After(20 * time.Second):
		t.Fatal("system_logs never started")
	}
}

// AssertAbandoned checks that the caller's latest request finished while
// the read was still blocked: annad gave the request up when its client hung
// up instead of waiting for the probe's own timeout. (The probe may run on;
// the runner shares it with other requests.)
func (j *SlowJournal) AssertAbandoned(t testing.TB, c *rpc.Client) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for {
		p, err := c.Progress(ctx, rpc.ProgressParams{})
		if err != nil {
			t.Fatalf("progress of the canceled request: %v", err)
		}
		if p.Done {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	select {
	case err := <-j.ended:
		t.Errorf("the request ended only after its probe did (%v): annad did not abandon it", err)
	default:
	}
}

// Grounded is the default fake model. It behaves like a well-behaved small
// model: the translator gets the keyword reading of the question (and of the
// previous one, for a follow-up) as a schema-valid ticket, and a specialist
// gets a fact-form reply (package facts) that copies one cell of the first
// data row of the first probe in its prompt, so the supervisor finds it
// grounded.
func Grounded(req *api.ChatRequest) ollamatest.Reply {
	last := ""
	if n := len(req.Messages); n > 0 {
		last = req.Messages[n-1].Content
	}
	if ollamatest.IsTicket()(req) {
		// Like a model reading the previous question along with a
		// follow-up, the keywords see both.
		q := strings.Replace(last, "Message: ", "", 1)
		if _, after, ok := strings.Cut(q, "): "); ok && strings.HasPrefix(q, "Previous question") {
			q = after
		}
		return ollamatest.Reply{Content: translator.Encode(translator.Keywords(q))}
	}
	var all strings.Builder // the snapshot is in the runtime context, the probes in the question
	for _, m := range req.Messages {
		all.WriteString(m.Content + "\n")
	}
	return ollamatest.Reply{Content: FactReply(groundedFact(all.String()))}
}

// FactReply is a specialist's reply in the fact form stating fs.
func FactReply(fs ...facts.Fact) string {
	if fs == nil {
		fs = []facts.Fact{}
	}
	b, err := json.Marshal(facts.Answer{Facts: fs, Advice: []string{}})
	if err != nil {
		panic(err) // strings and ints always marshal
	}
	return string(b)
}

var numberedRow = regexp.MustCompile(`^(\d+)\| (.*)$`)

// groundedFact copies the second cell of the first data row under the
// first probe heading, named by the row's first cell and the header's
// column; with no probe output, the hardware snapshot's CPU model, under
// its snapshot name.
func groundedFact(prompt string) facts.Fact {
	lines := strings.Split(prompt, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "### ") || strings.Contains(l, "FAILED") {
			continue
		}
		var header []string
		indented := false
		for _, row := range lines[i+1:] {
			m := numberedRow.FindStringSubmatch(row)
			if m == nil {
				break
			}
			n, _ := strconv.Atoi(m[1])
			if isHeader(m[2]) {
				header, indented = strings.Fields(m[2]), strings.HasPrefix(m[2], " ")
				continue
			}
			cells := strings.Fields(m[2])
			if len(cells) < 2 {
				continue
			}
			f := facts.Fact{Line: n, Subject: cells[0], Value: cells[1]}
			switch {
			case indented && len(header) > 0:
				f.Field = header[0] // free's rows start with a label the header lacks
			case len(header) > 1:
				f.Field = header[1]
			}
			return f
		}
	}
	// No probe output: the snapshot's CPU model, as the prompt prints it.
	for _, l := range lines {
		if model, ok := strings.CutPrefix(l, "- cpu_model: "); ok {
			return facts.Fact{Line: 0, Field: "cpu_model", Value: model}
		}
	}
	return facts.Fact{Line: 0, Field: "cpu_model", Value: "none"}
}

func isHeader(row string) bool {
	for _, h := range []string{"USER ", "Filesystem ", "NAME ", "Netid ", "UNIT ", "  "} {
		if strings.HasPrefix(row, h) {
			return true
		}
	}
	return strings.HasPrefix(strings.TrimSpace(row), "total ")
}
