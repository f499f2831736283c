// Package facts is the form the specialist answers in, and its check:
// each fact of an answer is looked up in the probe line it names.
//
// Free prose can only be checked by reading it, and reading it is what
// the supervisor's rules do: on fresh machines they kept missing about one
// false answer in eight and flagging about one true answer in six
// (docs/SCORING.md). In the fact form the model states each fact as a
// line number, a subject, a field and a value, every one of them copied
// from that line, and writes no free sentences: only advice and what data
// is missing. Each fact is then a lookup, not a reading: the value is in
// the line or it is not.
//
// The contract, as the model is told it (Instructions) and held to it
// (Schema, Ollama's structured output):
//
//	{"facts": [{"line": 12, "subject": "nginx", "field": "RSS", "value": "52344"}],
//	 "advice": ["…"], "missing": "…"}
//
// A count is a fact too: {"count": "status=deferred", "value": "10"} says
// ten probe lines contain "status=deferred".
//
// The form's first version had a free summary as well; on blind answers
// from two fresh machines the summary was where false answers hid and
// true ones were flagged, although no false fact was taken for true, so
// it was dropped (docs/SCORING.md, "The fact form"). supervisor.JudgeFacts
// judges an answer; Answer.Text and Stream render it for the user.
package facts

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Fact is one fact of an answer.
type Fact struct {
	// Line is the number of the probe line the fact comes from (package
	// sources numbers them); 0 names the hardware snapshot.
	Line int `json:"line"`
	// Subject is the thing the fact is about, as the line prints it.
	Subject string `json:"subject"`
	// Field says what Value is: a table column's name, words of the line,
	// or one of a few plain labels (see labels).
	Field string `json:"field"`
	// Value is the figure, name, state or text, as the line prints it.
	Value string `json:"value"`
	// Count, when set, makes the fact a count: Value is the number of
	// probe lines containing Count. Line, Subject and Field are then
	// unused.
	Count string `json:"count,omitempty"`
}

// Answer is a reply in the fact form.
type Answer struct {
	Facts []Fact `json:"facts"`
	// Summary is the free sentences of the form's first version, measured
	// in blind rounds 81–88 and dropped since: Schema no longer asks for
	// it, and it is read only to judge those rounds' answers.
	Summary string `json:"summary,omitempty"`
	// Advice are suggestions that state nothing about this machine.
	Advice []string `json:"advice"`
	// Missing names the data the evidence lacks to answer, if any.
	Missing string `json:"missing"`
}

// Bounds of one answer: a reply is already bounded in bytes (llm's
// MaxReplyBytes), these keep the work of checking it small too.
const (
	MaxFacts    = 64
	MaxAdvice   = 8
	MaxTextByte = 2048
)

// Bounds the schema puts on each string and list, so that a model held to
// it closes every string and the object within the specialist's token
// budget: a tiny model otherwise fills a string with noise until the
// budget runs out (measured with the real server, notes/ollama-offline.md).
const (
	maxSchemaFacts  = 16
	maxSchemaAdvice = 4
	maxSubjectRunes = 80
	maxFieldRunes   = 40
	maxValueRunes   = 200
	maxAdviceRunes  = 240
	maxMissingRunes = 240
)

// Schema is the JSON schema Ollama holds the specialist's reply to: facts,
// advice and missing data, and no free summary. Free interpretation was
// where false answers hid and true ones were flagged (docs/SCORING.md,
// "The fact form"); the facts are the answer.
//
// Its properties are written in the order the reply should come (facts,
// then advice, then missing), since Ollama's grammar follows the schema's
// order and Stream shows what arrives as it arrives.
var Schema = json.RawMessage(fmt.Sprintf(`{"type":"object","properties":{`+
	`"facts":{"type":"array","maxItems":%d,"items":{"type":"object","properties":{`+
	`"line":{"type":"integer","minimum":0},"subject":{"type":"string","maxLength":%d},`+
	`"field":{"type":"string","maxLength":%d},"value":{"type":"string","maxLength":%d},`+
	`"count":{"type":"string","maxLength":%d}},"required":["line","subject","field","value"]}},`+
	`"advice":{"type":"array","maxItems":%d,"items":{"type":"string","maxLength":%d}},`+
	`"missing":{"type":"string","maxLength":%d}},"required":["facts","advice","missing"]}`,
	maxSchemaFacts, maxSubjectRunes, maxFieldRunes, maxValueRunes, maxSubjectRunes,
	maxSchemaAdvice, maxAdviceRunes, maxMissingRunes))

// Instructions tell the model the fact form; the specialist's system
// prompt carries them.
const Instructions = `Reply with one JSON object: {"facts": [...], "advice": [...], "missing": "..."}. There is no other text: the facts are the answer.
- facts: each fact about this machine that answers the question, one per item: {"line": N, "subject": "...", "field": "...", "value": "..."}.
  line: the number of the one probe line the fact comes from (0 for the hardware snapshot).
  subject: the thing the fact is about, copied exactly as that line prints it: a process name or PID, an interface, a mount point, a device, a unit, a user, an address, or the row's label (Mem:, Swap:). For the hardware snapshot, its field name (cpu_model).
  field: for a table row (ps, df, lsblk, ss, free, systemctl) the column's name as the header prints it (RSS, %CPU, Use%, Avail, Local Address:Port); for any other line, words copied from the line, or one of: state, status, time, address, port, user, pid, error, message, size, count, model, version.
  value: the figure, name, state or text, copied exactly as that line prints it: no conversion, no rounding.
  To count lines give {"line": 0, "subject": "", "field": "count", "count": "text every counted line contains", "value": "N"}: N must be the number of probe lines containing that text exactly as written (case matters).
- advice: suggestions, one per item, stating nothing about this machine that the facts do not state.
- missing: if the probe output does not answer the question, which data is missing; otherwise "".`

// Parse reads a reply in the fact form. It fails on anything else: text
// that is not one JSON object, an object with unknown fields, or more
// facts, advice or text than the bounds allow.
func Parse(reply string) (Answer, error) {
	var a Answer
	dec := json.NewDecoder(strings.NewReader(reply))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return Answer{}, fmt.Errorf("cannot read the reply as the fact form: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Answer{}, errors.New("cannot read the reply as the fact form: text follows the JSON object")
	}
	if len(a.Facts) > MaxFacts || len(a.Advice) > MaxAdvice {
		return Answer{}, fmt.Errorf("cannot take a reply of %d facts and %d advice items (at most %d and %d)", len(a.Facts), len(a.Advice), MaxFacts, MaxAdvice)
	}
	texts := []string{a.Summary, a.Missing}
	texts = append(texts, a.Advice...)
	for _, f := range a.Facts {
		texts = append(texts, f.Subject, f.Field, f.Value, f.Count)
	}
	for _, s := range texts {
		if len(s) > MaxTextByte {
			return Answer{}, fmt.Errorf("cannot take a text of %d bytes in a reply (at most %d)", len(s), MaxTextByte)
		}
	}
	return a, nil
}

// Text renders the answer as the user reads it: the summary, then each
// fact on a line of its own ("nginx RSS: 52344"), the advice, and what is
// missing. Lines are not shown: they are for the checker and the
// evidence block.
func (a Answer) Text() string {
	var b strings.Builder
	para := func(s string) {
		if s = strings.TrimSpace(s); s == "" {
			return
		}
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(s)
	}
	para(a.Summary)
	var list []string
	for _, f := range a.Facts {
		list = append(list, "- "+collapse(f.Statement()))
	}
	para(strings.Join(list, "\n"))
	list = list[:0]
	for _, s := range a.Advice {
		if s = collapse(s); s != "" {
			list = append(list, "- "+s)
		}
	}
	para(strings.Join(list, "\n"))
	para(a.Missing)
	return b.String()
}

// Statement is the fact as one line of text: "subject field: value", or
// for a count, `lines with "text": N`.
func (f Fact) Statement() string {
	if f.Count != "" {
		return "lines with " + strconv.Quote(f.Count) + ": " + f.Value
	}
	head := strings.TrimSpace(strings.TrimSpace(f.Subject) + " " + strings.TrimSpace(f.Field))
	if head == "" {
		return f.Value
	}
	return head + ": " + f.Value
}
