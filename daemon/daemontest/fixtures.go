package daemontest

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/daemon/translator"
)

// Journal is a JournalReader over fixed `journalctl -o json` output.
type Journal []byte

// ReadJournal implements probes.JournalReader.
func (j Journal) ReadJournal(ctx context.Context) ([]byte, error) { return j, ctx.Err() }

// SlowJournal blocks until its context ends, like a journal on a dying disk.
type SlowJournal struct{}

// ReadJournal implements probes.JournalReader.
func (SlowJournal) ReadJournal(ctx context.Context) ([]byte, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// FixtureJournal holds two warnings in journalctl's JSON form.
var FixtureJournal = Journal(`{"__REALTIME_TIMESTAMP":"1763816224000000","PRIORITY":"4","_HOSTNAME":"laptop","SYSLOG_IDENTIFIER":"kernel","MESSAGE":"usb 1-2: device descriptor read/64, error -71"}
{"__REALTIME_TIMESTAMP":"1763816285000000","PRIORITY":"3","_HOSTNAME":"laptop","SYSLOG_IDENTIFIER":"backup.sh","_PID":"4242","_SYSTEMD_UNIT":"backup.service","MESSAGE":"rsync failed: No space left on device"}
`)

// Grounded is the default fake model. It behaves like a well-behaved small
// model: the translator gets the keyword reading of the question (and of the
// previous one, for a follow-up) as a schema-valid ticket, and a specialist gets a sentence that quotes the
// first data row of the first probe in its prompt, so the supervisor finds
// the answer grounded.
func Grounded(req *api.ChatRequest) ollamatest.Reply {
	last := ""
	if n := len(req.Messages); n > 0 {
		last = req.Messages[n-1].Content
	}
	if len(req.Format) > 0 {
		// Like a model reading the previous question along with a
		// follow-up, the keywords see both.
		q := strings.Replace(last, "Message: ", "", 1)
		if _, after, ok := strings.Cut(q, "): "); ok && strings.HasPrefix(q, "Previous question") {
			q = after
		}
		return ollamatest.Reply{Content: translator.Encode(translator.Keywords(q))}
	}
	return ollamatest.Reply{Content: groundedAnswer(last)}
}

var fields = regexp.MustCompile(`\S+`)

// groundedAnswer quotes the first row under the first probe heading.
func groundedAnswer(prompt string) string {
	lines := strings.Split(prompt, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "### ") || strings.Contains(l, "FAILED") {
			continue
		}
		for _, row := range lines[i+1:] {
			if row == "" || strings.HasPrefix(row, "###") {
				break
			}
			if isHeader(row) {
				continue
			}
			return fmt.Sprintf("From %s: %s", strings.Fields(l)[1], strings.Join(fields.FindAllString(row, 12), " "))
		}
	}
	return "The context holds no probe output for this question."
}

func isHeader(row string) bool {
	for _, h := range []string{"USER ", "Filesystem ", "NAME ", "Netid ", "UNIT ", "  "} {
		if strings.HasPrefix(row, h) {
			return true
		}
	}
	return strings.HasPrefix(strings.TrimSpace(row), "total ")
}
