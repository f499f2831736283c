package realollama

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ollama/ollama/api"
)

var (
	intents = []string{"question", "request", "investigate"}
	domains = []string{"system", "network", "storage", "security", "packages"}
	probes  = []string{"top_memory", "top_cpu", "cpu_info", "memory_info", "disk_usage", "block_devices",
		"network_addrs", "network_routes", "listening_ports", "failed_services", "system_logs"}
)

// ticketSchema is the translator's ticket (spec 000) with every string and
// array bounded, so a constrained answer always ends within num_predict.
// With percent, confidence is an integer 0…100 instead of a JSON number:
// llama.cpp's grammar bounds integers but lets a number's exponent run to
// 16 digits (235E8940), which no float64 holds.
func ticketSchema(t *testing.T, percent bool) json.RawMessage {
	t.Helper()
	confidence := map[string]any{"type": "number"}
	if percent {
		confidence = map[string]any{"type": "integer", "minimum": 0, "maximum": 100}
	}
	schema := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"intent":   map[string]any{"type": "string", "enum": intents},
			"domain":   map[string]any{"type": "string", "enum": domains},
			"entities": map[string]any{"type": "array", "maxItems": 4, "items": map[string]any{"type": "string", "maxLength": 32}},
			"needs_probes": map[string]any{"type": "array", "maxItems": 4,
				"items": map[string]any{"type": "string", "enum": probes}},
			"clarification_question": map[string]any{"type": []string{"string", "null"}, "maxLength": 80},
			"confidence":             confidence,
		},
		"required":             []string{"intent", "domain", "entities", "needs_probes", "clarification_question", "confidence"},
		"additionalProperties": false,
	}
	b, err := json.Marshal(schema)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// validateTicket checks content against ticketSchema by hand, with JSON
// Schema's meaning of "number" (any JSON number), and returns the
// confidence as written.
func validateTicket(content string) (json.Number, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(content), &fields); err != nil {
		return "", fmt.Errorf("not a JSON object: %w", err)
	}
	if len(fields) != 6 {
		return "", fmt.Errorf("%d fields, want 6", len(fields))
	}
	var tk struct {
		Intent        string       `json:"intent"`
		Domain        string       `json:"domain"`
		Entities      []string     `json:"entities"`
		NeedsProbes   []string     `json:"needs_probes"`
		Clarification *string      `json:"clarification_question"`
		Confidence    *json.Number `json:"confidence"`
	}
	dec := json.NewDecoder(strings.NewReader(content))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&tk); err != nil {
		return "", err
	}
	var bad string
	switch {
	case !slices.Contains(intents, tk.Intent):
		bad = "intent " + tk.Intent
	case !slices.Contains(domains, tk.Domain):
		bad = "domain " + tk.Domain
	case tk.Entities == nil || len(tk.Entities) > 4:
		bad = fmt.Sprintf("entities %q", tk.Entities)
	case tk.NeedsProbes == nil || len(tk.NeedsProbes) > 4:
		bad = fmt.Sprintf("needs_probes %q", tk.NeedsProbes)
	case tk.Clarification != nil && utf8.RuneCountInString(*tk.Clarification) > 80:
		bad = fmt.Sprintf("clarification_question too long: %q", *tk.Clarification)
	case tk.Confidence == nil:
		bad = "confidence missing or null"
	}
	for _, e := range tk.Entities {
		if utf8.RuneCountInString(e) > 32 {
			bad = fmt.Sprintf("entity too long: %q", e)
		}
	}
	for _, p := range tk.NeedsProbes {
		if !slices.Contains(probes, p) {
			bad = fmt.Sprintf("probe %q", p)
		}
	}
	if bad != "" {
		return "", errors.New(bad)
	}
	return *tk.Confidence, nil
}

func TestValidateTicketRejectsWhatTheSchemaForbids(t *testing.T) {
	good := `{"intent":"question","domain":"system","entities":["nginx"],"needs_probes":["top_cpu"],"clarification_question":null,"confidence":0.5}`
	if c, err := validateTicket(good); err != nil || c != "0.5" {
		t.Fatalf("valid ticket rejected: %v", err)
	}
	for _, bad := range []string{
		strings.Replace(good, `"question"`, `"chat"`, 1),
		strings.Replace(good, `"top_cpu"`, `"rm_rf"`, 1),
		strings.Replace(good, `["nginx"]`, `["a","b","c","d","e"]`, 1),
		strings.Replace(good, `"nginx"`, `"`+strings.Repeat("x", 33)+`"`, 1),
		strings.Replace(good, `null`, `"`+strings.Repeat("?", 81)+`"`, 1),
		strings.Replace(good, `,"confidence":0.5`, ``, 1),
		strings.Replace(good, `0.5}`, `0.5,"extra":1}`, 1),
		good[:len(good)-1],
	} {
		if _, err := validateTicket(bad); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestRealOllama(t *testing.T) {
	began := time.Now()
	s := Start(t)
	t.Logf("server up and model created in %v", time.Since(began))
	c := s.Client()
	ctx := t.Context()

	if v, err := c.Version(ctx); err != nil || v != Version {
		t.Fatalf("version = %q, %v; want %s (built with -X version.Version?)", v, err, Version)
	}
	list, err := c.List(ctx)
	if err != nil || len(list.Models) != 1 || list.Models[0].Name != s.Model {
		t.Fatalf("tags = %+v, %v; want only %s", list, err, s.Model)
	}

	t.Run("structured", func(t *testing.T) {
		var overflow int
		for _, c := range structuredChats(t, c, s.Model, ticketSchema(t, false)) {
			if _, err := strconv.ParseFloat(c.String(), 64); err != nil {
				overflow++
			}
		}
		// Valid JSON Schema numbers, but not float64s: see ticketSchema.
		t.Logf("confidences that do not fit a float64: %d of 20", overflow)
	})

	t.Run("structured-percent", func(t *testing.T) {
		for i, c := range structuredChats(t, c, s.Model, ticketSchema(t, true)) {
			if n, err := strconv.Atoi(c.String()); err != nil || n < 0 || n > 100 {
				t.Errorf("chat %d: confidence %s, want an integer 0…100", i, c)
			}
		}
	})

	t.Run("streamed", func(t *testing.T) {
		var lat []time.Duration
		for i := range 5 {
			req := &api.ChatRequest{
				Model:    s.Model,
				Messages: []api.Message{{Role: "user", Content: "Say something about memory."}},
				Options:  map[string]any{"num_predict": 24, "seed": i + 1},
			}
			var chunks int
			var final api.ChatResponse
			start := time.Now()
			err := c.Chat(ctx, req, func(r api.ChatResponse) error {
				if r.Done {
					final = r
				} else {
					chunks++
				}
				return nil
			})
			lat = append(lat, time.Since(start))
			if err != nil || chunks == 0 || !final.Done || final.EvalCount == 0 {
				t.Fatalf("stream %d: %d chunks, final %+v, err %v", i, chunks, final, err)
			}
		}
		logLatency(t, "streamed chat (24 tokens)", lat)
	})
}

// structuredChats asks for 20 schema-constrained tickets, validates each
// and returns their confidences.
func structuredChats(t *testing.T, c *api.Client, model string, schema json.RawMessage) []json.Number {
	t.Helper()
	var lat []time.Duration
	var out []json.Number
	for i := range 20 {
		stream := false
		req := &api.ChatRequest{
			Model: model, Stream: &stream, Format: schema,
			Messages: []api.Message{
				{Role: "system", Content: "You translate requests into tickets. Answer with JSON only."},
				{Role: "user", Content: fmt.Sprintf("request %d: why is my disk full?", i)},
			},
			Options: map[string]any{"num_predict": 512, "seed": i + 1},
		}
		var resp api.ChatResponse
		start := time.Now()
		err := c.Chat(t.Context(), req, func(r api.ChatResponse) error { resp = r; return nil })
		lat = append(lat, time.Since(start))
		if err != nil {
			t.Fatalf("chat %d: %v", i, err)
		}
		if !resp.Done || resp.DoneReason != "stop" {
			t.Errorf("chat %d ended %q (done=%v) after %d tokens: %s", i, resp.DoneReason, resp.Done, resp.EvalCount, resp.Message.Content)
			continue
		}
		conf, err := validateTicket(resp.Message.Content)
		if err != nil {
			t.Errorf("chat %d: %v\n%s", i, err, resp.Message.Content)
			continue
		}
		out = append(out, conf)
		if i == 0 {
			t.Logf("first ticket (%d tokens): %s", resp.EvalCount, resp.Message.Content)
		}
	}
	logLatency(t, "structured chat", lat)
	return out
}

func logLatency(t *testing.T, what string, lat []time.Duration) {
	t.Helper()
	if len(lat) == 0 {
		return
	}
	first := lat[0]
	sorted := slices.Clone(lat)
	slices.Sort(sorted)
	t.Logf("%s: %d calls, first %v, min %v, median %v, max %v", what, len(lat), first,
		sorted[0], sorted[len(sorted)/2], sorted[len(sorted)-1])
}
