package supervisor

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/translator"
)

// Replies that are answers, in the shapes models write them, are usable.
func TestGarbledKeepsAnswers(t *testing.T) {
	for _, a := range []string{
		"Firefox (PID 4242) uses 1.1 GiB.",
		"- firefox: 1.1 GiB\n- gnome-shell: 442 MiB",
		"| Process | RSS |\n|---|---|\n| firefox | 1.1 GiB |",
		"Process | RSS\n---|---\nfirefox | 1.1 GiB",
		"| Process | RSS\n|---|---\n| firefox | 1.1 GiB\n| gnome-shell | 442 MiB",
		"Run this:\n```\njournalctl -p err -b\n```\nIt lists this boot's errors.",
		"Firefox использует 1,1 ГиБ памяти (PID 4242).",
		"Firefox は 1.1 GiB のメモリを使っています。",
		"nginx is very very busy: 21.7% CPU.",
		"The temperature is 45 °C; 1) firefox 2) gnome-shell.",
		"16 threads.",
		"The machine has 2 CPUs",
		"Firefox uses the most memory at 7.4%",
		"The load average is at 2.",
		"The count is 2",
		"nginx is the busiest of them all",
		"There are 73 procs and 2 CPUs, 15Gi RAM and 140 procs max",
		"Disk / is at 26% and firefox uses the most memory",
		"Memory is fine, sshd is the smallest process",
		"The busiest processes are:\n\n1. **firefox** (PID 4242) at 7.4%\n2. **gnome-shell** at 2.9%",
		"The disk is at **26%** of **252G**",
		"2 ** 10 is 1024, and sshd uses 5 MiB",
	} {
		if why := Garbled(a); why != "" {
			t.Errorf("%q: %s", a, why)
		}
	}
}

// Each kind of garbage is named in the reason.
func TestGarbledSaysWhy(t *testing.T) {
	for reply, want := range map[string]string{
		"":                             "empty",
		"\"{":                          "too short",
		"4ݑ":                           "too short",
		"Firefox\x1b[2J uses 1.1 GiB.": "control characters",
		"Firefox uses \uE000 1.1 GiB.": "code points",
		"ݑ ڃ ཀ ᄀ ሀ ᐁ Ꭰ ᚠ ࠀ ꀀ ꓐ":                                                                         "scripts",
		"{\"answer\": \"Firefox uses it\"}":                                                             "JSON",
		"<|im_start|>assistant\n<|im_start|>assistant\n<|im_start|>":                                    "markup tags",
		"<|im_start|>user <|im_end|> <s> </s>":                                                          "markup tags",
		"Firefox uses 1.1 GiB (7.4% of":                                                                 "bracket",
		"Firefox uses 1.1 GiB and the":                                                                  "mid-sentence",
		"The /home filesystem on /dev/sda3 is at 4":                                                     "mid-sentence",
		"nginx (PID 1544) uses about 21":                                                                "mid-sentence",
		"Based on the probe output, the process using the most":                                         "mid-sentence",
		"The largest filesystem is /home, and its":                                                      "mid-sentence",
		"The busiest unit has":                                                                          "mid-sentence",
		"Root is at 26% of 252G and the busiest proc":                                                   "mid-sentence",
		"Swap is unused, but the most mem":                                                              "mid-sentence",
		"Memory is split between":                                                                       "mid-sentence",
		"Sure! The busiest processes are:\n\n1. **gnome-sh":                                             "mid-sentence",
		"Disk usage:\n- **/home**: 41% used\n- **/v":                                                    "mid-sentence",
		"Memory by process:\n\n| Process | RSS |\n|---|---|\n| firefox | 1.1 GiB |\n| gnome-shell | 44": "mid-sentence",
		"Your system system system":                                                                     "repeats",
		"I am. I am. I am. I am. I am.":                                                                 "phrase",
		strings.Repeat("¤", 40) + " firefox uses memory.":                                               "symbols",
		"\xff\xfe firefox":                                                                              "UTF-8",
	} {
		if why := Garbled(reply); !strings.Contains(why, want) {
			t.Errorf("%q: reason %q, want it to mention %q", reply, why, want)
		}
	}
}

// An unusable reply scores at most 20 and says why in last_error; a cut-off
// one does too even when its text looks whole.
func TestUnusableReplyScoresAtMost20(t *testing.T) {
	in := memInput(t)
	in.Answer = "4ݑ"
	a, r := Assemble(in)
	if a.ReliabilityScore != 20 || !a.ReliabilitySignals.TranslatorConfident || r.Unusable == "" {
		t.Fatalf("score %d signals %+v unusable %q", a.ReliabilityScore, a.ReliabilitySignals, r.Unusable)
	}
	if a.Evidence.LastError == nil || !strings.HasPrefix(*a.Evidence.LastError, UnusablePrefix) {
		t.Fatalf("last_error %v", a.Evidence.LastError)
	}
	in = memInput(t)
	in.Incomplete = true
	checkCutOff(t, nil, nil, in)
}

// checkCutOff asserts that Garbled calls each reply of cut cut off and
// each of whole nothing, and that Judge scores judged at most 20 with a
// cut-off reason.
func checkCutOff(t *testing.T, cut, whole []string, judged Input) {
	t.Helper()
	for _, a := range cut {
		if why := Garbled(a); !strings.Contains(why, "cut off") {
			t.Errorf("%q: reason %q, want a cut-off", a, why)
		}
	}
	for _, a := range whole {
		if why := Garbled(a); why != "" {
			t.Errorf("%q: %s", a, why)
		}
	}
	if r := Judge(judged); r.Score > 20 || !strings.Contains(r.Unusable, "cut off") {
		t.Errorf("%q (incomplete %v) scored %d, unusable %q: %+v", judged.Answer, judged.Incomplete, r.Score, r.Unusable, r)
	}
}

// The supervisor recognizes the keyword classifier's tickets by the
// translator's own marker.
func TestKeywordSourceMatchesTranslator(t *testing.T) {
	if sourceKeywords != translator.SourceKeywords {
		t.Fatalf("supervisor reads %q, translator writes %q", sourceKeywords, translator.SourceKeywords)
	}
	tk := translator.Keywords("what is using my memory?")
	if tk.Confidence < ConfidentAt || Confident(tk) {
		t.Fatalf("a clear keyword ticket (confidence %.2f) must not count as confident", tk.Confidence)
	}
}
