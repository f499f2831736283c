package translator

import (
	"strings"
	"testing"
)

func TestCheckQuestion(t *testing.T) {
	good := []string{
		"Which disk do you mean?",
		"Which service should I look at: nginx or apache?",
		"Do you mean the wifi or the wired interface (eth0)?",
		"Please name the service you mean.",
		"Tell me which disk.",
		"Name the disk, please.",
		`Did you mean "nginx"?`,
		"Which port: 22, 80 or 443?",
		"¿Qué disco quieres revisar?",
		"Какой диск вы имеете в виду?",
		"你指的是哪个磁盘？",
		"  Which process?  ",
	}
	for _, q := range good {
		if err := CheckQuestion(q); err != nil {
			t.Errorf("%q refused: %v", q, err)
		}
	}
	bad := map[string]string{
		"":                                    "empty",
		`"{`:                                  "too short",
		"4ݑ":                                  "too short",
		"?":                                   "too short",
		"Which disk do you":                   "mid-sentence",
		"Which disk do you mean? The first,":  "mid-sentence",
		"The disk is full.":                   "does not ask",
		"Which\x1b[31m disk?":                 "control",
		"Which disk\u202e?":                   "control",
		"Which disk\x00?":                     "control",
		"Which disk \ue000 do you mean?":      "not text",
		"Which disk \U000E0080x do you mean?": "not text",
		"Which disk \U000E0041 do you mean?":  "control",
		"Which disk \xff do you mean?":        "UTF-8",
		"which which which disk?":             "repeats",
		"disk disk disk disk disk?":           "repeats",
		"the the disk the?":                   "repeats",
		"{}[]<>|\\~^$%& which disks?":         "symbols",
		"Wĥïçĥ ∂ïšķ ȡ ꙮ ᚠᚢ Ꮺ ⴰⵣ?":                      "scripts",
		strings.Repeat("Which disk do you mean? ", 13): "longer",
	}
	for q, why := range bad {
		err := CheckQuestion(q)
		if err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%q: %v, want an error saying %q", q, err, why)
		}
	}
}

// The fixed questions must pass the check the model's questions get.
func TestKeywordQuestionsPassTheCheck(t *testing.T) {
	for _, text := range []string{"help", "hello", "network", "eth0 status", "install docker", "restart", "disk?"} {
		q := Keywords(text).ClarificationQuestion
		if q == nil {
			t.Fatalf("%q: no question", text)
		}
		if err := CheckQuestion(*q); err != nil {
			t.Errorf("%q: %q refused: %v", text, *q, err)
		}
	}
}

func TestParseRefusesAGarbledQuestion(t *testing.T) {
	tk := func(q any) string {
		s := `{"intent":"question","domain":"storage","entities":[],"needs_probes":["disk_usage"],"confidence":30,"clarification_question":`
		if q == nil {
			return s + "null}"
		}
		return s + q.(string) + "}"
	}
	if _, err := Parse(tk(`"4\u0751"`), "disk"); err == nil || !strings.Contains(err.Error(), "clarification question") {
		t.Errorf("a garbled question was accepted: %v", err)
	}
	for _, none := range []any{nil, `""`, `"null"`, `"None"`} {
		got, err := Parse(tk(none), "disk")
		if err != nil || got.ClarificationQuestion != nil {
			t.Errorf("%v: %+v, %v; want no question", none, got, err)
		}
	}
	got, err := Parse(tk(`"Which disk do you mean?"`), "disk")
	if err != nil || got.ClarificationQuestion == nil || *got.ClarificationQuestion != "Which disk do you mean?" || got.Source != "llm" {
		t.Errorf("a good question: %+v, %v", got, err)
	}
}
