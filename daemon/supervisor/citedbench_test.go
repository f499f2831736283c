package supervisor

import (
	"slices"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
)

// benchCitedAnswer is a cited answer of round 53 (heldout53.txt:10-12
// joined) on host49: three sentences cite four lines between them.
const benchCitedAnswer = "The biggest memory user is cc1plus (PID 1122), the GCC C++ compiler, at 7.4% of RAM with about " +
	"1.8 GiB resident [2]. Second is java (PID 1121) at 4.9%, about 1.2 GiB [3]. The root filesystem on /dev/vda " +
	"is 252G with 35G used (39%) [50]."

// BenchmarkJudgeCited measures Judge on a cited answer with Sources (each
// cited sentence checked again against its lines) and, as the baseline,
// the same answer uncited without Sources: the difference is what the
// citation contract costs per answer. docs/PERFORMANCE.md keeps the
// figures.
func BenchmarkJudgeCited(b *testing.B) {
	in := scenario(b, "host49")
	in.Sources = sources.Number(in.Results)
	clean, _ := sources.Parse(benchCitedAnswer)
	b.Run("cited", func(b *testing.B) {
		in := in
		in.Answer = benchCitedAnswer
		for b.Loop() {
			Judge(in)
		}
	})
	b.Run("uncited", func(b *testing.B) {
		in := in
		in.Sources, in.Answer = nil, clean
		for b.Loop() {
			Judge(in)
		}
	})
}

// TestBenchCitedAnswerGrounded keeps BenchmarkJudgeCited's answer true
// both ways, so the benchmark measures the path a grounded answer takes.
func TestBenchCitedAnswerGrounded(t *testing.T) {
	in := scenario(t, "host49")
	in.Sources = sources.Number(in.Results)
	in.Answer = benchCitedAnswer
	if r := Judge(in); !r.Signals.AnswerGrounded {
		t.Fatalf("cited benchmark answer is not grounded: %+v", r.Grounding)
	}
	in.Sources = nil
	in.Answer, _ = sources.Parse(benchCitedAnswer)
	if r := Judge(in); !r.Signals.AnswerGrounded {
		t.Fatalf("uncited benchmark answer is not grounded: %+v", r.Grounding)
	}
}

// FuzzJudgeCited feeds arbitrary cited answers to Judge with a capture's
// numbered lines as Sources: citations of any number, in any place, must
// not panic and must give the same review twice. Run it after changing
// cited.go, narrowed.go or containment.go: go test -run '^$' -fuzz
// FuzzJudgeCited -fuzztime 60s -fuzzminimizetime 5s.
func FuzzJudgeCited(f *testing.F) {
	in := scenario(f, "host51")
	in.Sources = sources.Number(in.Results)
	f.Add(benchCitedAnswer)
	f.Add("tun0 is down (NO-CARRIER) [101]. It has 10.8.0.1/24 [99999] and [1-64] sshd[612]: [0]")
	f.Add("suricata (PID 18311) uses 92.9% CPU [2, 13]. [13]")
	f.Fuzz(func(t *testing.T, answer string) {
		if len(answer) > 4<<10 {
			answer = answer[:4<<10]
		}
		in := in
		in.Answer = answer
		r, again := Judge(in), Judge(in)
		if r.Score != again.Score || !slices.Equal(r.Grounding.Missing, again.Grounding.Missing) || !slices.Equal(r.Grounding.Found, again.Grounding.Found) {
			t.Fatalf("not deterministic: %+v then %+v", r, again)
		}
		if r.Unusable == "" && r.Signals.AnswerGrounded != r.Grounding.Grounded() {
			t.Fatalf("answer_grounded %v but grounding %+v", r.Signals.AnswerGrounded, r.Grounding)
		}
	})
}
