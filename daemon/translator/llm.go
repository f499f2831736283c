package translator

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/daemon/llm"
	"github.com/jjgarcianorway/anna-assistant/daemon/session"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Chatter is the part of *llm.Client the translator uses.
type Chatter interface {
	Chat(ctx context.Context, ch llm.Chat, onChunk func(string)) (llm.Reply, error)
}

// TicketNumPredict bounds the ticket reply. A ticket is about 60 tokens for
// a real model; the schema's limits keep even a byte-level tokenizer's
// worst case (every string at its maximum) under this.
const TicketNumPredict = 512

// Limits the schema puts on the model's strings, tighter than Validate's:
// they bound the reply's length, and a longer entity list adds nothing.
const (
	schemaEntities      = 4
	schemaEntityLength  = 32
	schemaQuestionBytes = 120
)

// Schema is the JSON schema the model's ticket must satisfy: the spec's
// ticket with enums for intent, domain and probe IDs, and bounded strings
// and arrays so a small model's output always ends within TicketNumPredict.
var Schema = func() json.RawMessage {
	s := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"intent":   map[string]any{"type": "string", "enum": []string{rpc.IntentQuestion, rpc.IntentRequest, rpc.IntentInvestigate}},
			"domain":   map[string]any{"type": "string", "enum": rpc.Domains},
			"entities": map[string]any{"type": "array", "maxItems": schemaEntities, "items": map[string]any{"type": "string", "maxLength": schemaEntityLength}},
			"needs_probes": map[string]any{"type": "array", "maxItems": 4,
				"items": map[string]any{"type": "string", "enum": probes.IDs}},
			"clarification_question": map[string]any{"type": []string{"string", "null"}, "maxLength": schemaQuestionBytes},
			// An integer percent, not a number in [0,1]: llama.cpp's grammar
			// lets a number's exponent run to 16 digits ("235E8940"), which
			// overflows float64; integers stay in range.
			"confidence": map[string]any{"type": "integer", "minimum": 0, "maximum": 100},
		},
		"required": []string{"intent", "domain", "entities", "needs_probes", "clarification_question", "confidence"},
	}
	b, _ := json.Marshal(s)
	return b
}()

// systemPrompt is static so Ollama keeps it in its KV cache across requests.
var systemPrompt = `You are the translator of Anna, a Linux assistant. Turn the user's message into a ticket. Reply with JSON only.
Fields:
- intent: "question" (wants information), "request" (wants a change made), "investigate" (wants a problem diagnosed).
- domain: "system" (CPU, memory, processes, services, logs), "network" (interfaces, IP, routes, DNS, ports, wifi), "storage" (disks, partitions, mounts, space), "security" (exposure, firewall, ssh, logins, permissions), "packages" (install, remove, update software).
- entities: names the user mentions (process, service, package, device, interface, port). Empty if none.
- needs_probes: the read-only probes whose output answers the message, at most 4:
` + probeList() + `- clarification_question: null, unless the message is too vague to act on; then one short question.
- confidence: 0 to 100, how sure you are (in percent) of domain and probes.`

var probeHelp = map[string]string{
	probes.TopMemory:      "processes using the most memory",
	probes.TopCPU:         "processes using the most CPU",
	probes.CPUInfo:        "CPU model, cores, threads",
	probes.MemoryInfo:     "RAM and swap totals and use",
	probes.DiskUsage:      "filesystem size, use and free space",
	probes.BlockDevices:   "disks and partitions",
	probes.NetworkAddrs:   "interfaces and IP addresses",
	probes.NetworkRoutes:  "routing table and default gateway",
	probes.ListeningPorts: "listening TCP/UDP ports and their processes",
	probes.FailedServices: "failed systemd units",
	probes.SystemLogs:     "recent journal warnings and errors",
}

func probeList() string {
	var b strings.Builder
	for _, id := range probes.IDs {
		fmt.Fprintf(&b, "  %s: %s\n", id, probeHelp[id])
	}
	return b.String()
}

// wire is the ticket as the model writes it.
type wire struct {
	Intent                string   `json:"intent"`
	Domain                string   `json:"domain"`
	Entities              []string `json:"entities"`
	NeedsProbes           []string `json:"needs_probes"`
	ClarificationQuestion *string  `json:"clarification_question"`
	ConfidencePercent     float64  `json:"confidence"`
}

// Messages returns the translator chat for text. A session's previous
// question comes first, so "and the second one?" can be read in context.
func Messages(text string, history []session.Turn) []api.Message {
	msgs := []api.Message{{Role: "system", Content: systemPrompt}}
	user := text
	if n := len(history); n > 0 {
		last := history[n-1]
		user = fmt.Sprintf("Previous question (domain %s): %s\nMessage: %s", last.Domain, last.Question, text)
	}
	return append(msgs, api.Message{Role: "user", Content: user})
}

// LLM asks the model for a ticket under ctx and validates it. Any failure
// (transport, timeout, empty or invalid JSON) is returned; the caller falls
// back to Keywords. A domain outside the enum is replaced by the keyword
// reading of the text rather than a default.
func LLM(ctx context.Context, c Chatter, text string, history []session.Turn) (rpc.Ticket, error) {
	reply, err := c.Chat(ctx, llm.Chat{Messages: Messages(text, history), Format: Schema, NumPredict: TicketNumPredict}, nil)
	if err != nil {
		return rpc.Ticket{}, err
	}
	return Parse(reply.Content, text)
}

// Parse decodes and validates a ticket the model wrote for text. A
// clarification question that fails CheckQuestion makes the ticket an
// error, so the caller falls back to Keywords and its fixed questions.
func Parse(content, text string) (rpc.Ticket, error) {
	content = strings.TrimSpace(content)
	if content == "" {
		return rpc.Ticket{}, fmt.Errorf("cannot read the translator's ticket: the model returned nothing")
	}
	var w wire
	dec := json.NewDecoder(strings.NewReader(content))
	if err := dec.Decode(&w); err != nil {
		return rpc.Ticket{}, fmt.Errorf("cannot read the translator's ticket: %v", err)
	}
	if q := w.ClarificationQuestion; q != nil {
		if asksNothing(*q) {
			w.ClarificationQuestion = nil
		} else if err := CheckQuestion(*q); err != nil {
			// A garbled question says the whole ticket is: the keyword
			// reading, with its own question if needed, replaces it.
			return rpc.Ticket{}, fmt.Errorf("cannot use the model's clarification question: %v", err)
		}
	}
	t := rpc.Ticket{
		Intent: w.Intent, Domain: strings.ToLower(strings.TrimSpace(w.Domain)), Entities: w.Entities,
		NeedsProbes: w.NeedsProbes, ClarificationQuestion: w.ClarificationQuestion, Confidence: w.ConfidencePercent / 100,
		Source: "llm",
	}
	if !slices.Contains(rpc.Domains, t.Domain) {
		t.Domain = Keywords(text).Domain
		t.Confidence = min(t.Confidence, RepairedConfidence)
	}
	return Validate(t), nil
}

// Encode writes t the way the model is asked to (confidence in percent), for
// test doubles that play the model.
func Encode(t rpc.Ticket) string {
	b, _ := json.Marshal(wire{
		Intent: t.Intent, Domain: t.Domain, Entities: t.Entities, NeedsProbes: t.NeedsProbes,
		ClarificationQuestion: t.ClarificationQuestion, ConfidencePercent: math.Round(t.Confidence * 100),
	})
	return string(b)
}
