package supervisor

import (
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
