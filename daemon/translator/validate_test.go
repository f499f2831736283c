package translator

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func TestValidate(t *testing.T) {
	blank := "   "
	q := "  Which disk?\x1b[31m  "
	in := rpc.Ticket{
		Intent:                " Delete-Everything ",
		Domain:                "Kitchen",
		Entities:              []string{" nginx ", "NGINX", "", "a\x00b", strings.Repeat("x", 200), "sd\u202ea"},
		NeedsProbes:           []string{"top_memory", "rm -rf /", " TOP_MEMORY", "disk_usage", "cpu_info;ls"},
		ClarificationQuestion: &q,
		Confidence:            7,
		Source:                "llm",
	}
	got := Validate(in)
	if got.Intent != rpc.IntentQuestion {
		t.Errorf("intent %q, want question", got.Intent)
	}
	if got.Domain != DefaultDomain || got.Confidence != RepairedConfidence {
		t.Errorf("domain %q confidence %v, want %s and %v", got.Domain, got.Confidence, DefaultDomain, RepairedConfidence)
	}
	if !slices.Equal(got.NeedsProbes, []string{"top_memory", "disk_usage"}) {
		t.Errorf("probes %q", got.NeedsProbes)
	}
	wantEnts := []string{"nginx", "a b", strings.Repeat("x", MaxEntityLength), "sda"}
	if !slices.Equal(got.Entities, wantEnts) {
		t.Errorf("entities %q, want %q", got.Entities, wantEnts)
	}
	if got.ClarificationQuestion == nil || *got.ClarificationQuestion != "Which disk? [31m" {
		t.Errorf("question %q", deref(got.ClarificationQuestion))
	}
	if got.Source != "llm" || in.Domain != "Kitchen" || len(in.NeedsProbes) != 5 {
		t.Errorf("Validate must keep Source and not modify its argument: %+v / %+v", got, in)
	}

	in = rpc.Ticket{Intent: "INVESTIGATE", Domain: " Network ", ClarificationQuestion: &blank, Confidence: math.NaN()}
	got = Validate(in)
	if got.Intent != rpc.IntentInvestigate || got.Domain != rpc.DomainNetwork || got.ClarificationQuestion != nil ||
		got.Confidence != 0 || got.Entities == nil || got.NeedsProbes == nil {
		t.Errorf("Validate(%+v) = %+v", in, got)
	}
	if got := Validate(rpc.Ticket{Domain: "storage", Confidence: -3}); got.Confidence != 0 {
		t.Errorf("negative confidence -> %v", got.Confidence)
	}
	if got := Validate(rpc.Ticket{Domain: "storage", Confidence: 0.8}); got.Confidence != 0.8 {
		t.Errorf("valid domain must keep confidence, got %v", got.Confidence)
	}
}

func TestValidateBounds(t *testing.T) {
	var ents []string
	for i := range 40 {
		ents = append(ents, "proc"+strings.Repeat("z", i))
	}
	long := strings.Repeat("é", 400)
	got := Validate(rpc.Ticket{Domain: "system", Entities: ents, ClarificationQuestion: &long})
	if len(got.Entities) != MaxEntities {
		t.Errorf("%d entities, want %d", len(got.Entities), MaxEntities)
	}
	if q := *got.ClarificationQuestion; len(q) > MaxQuestionLength || !strings.HasPrefix(long, q) {
		t.Errorf("question cut badly: %d bytes", len(q))
	}
}

func TestValidateIdempotentOnKeywords(t *testing.T) {
	for _, r := range routes {
		tk := Keywords(r.query)
		if v := Validate(tk); !equalTickets(v, tk) {
			t.Errorf("%q: Validate changed %+v to %+v", r.query, tk, v)
		}
		if v := Validate(Validate(tk)); !equalTickets(v, Validate(tk)) {
			t.Errorf("%q: Validate is not idempotent", r.query)
		}
	}
}

func equalTickets(a, b rpc.Ticket) bool {
	return a.Intent == b.Intent && a.Domain == b.Domain && a.Confidence == b.Confidence && a.Source == b.Source &&
		slices.Equal(a.Entities, b.Entities) && slices.Equal(a.NeedsProbes, b.NeedsProbes) &&
		(a.Entities == nil) == (b.Entities == nil) && (a.NeedsProbes == nil) == (b.NeedsProbes == nil) &&
		deref(a.ClarificationQuestion) == deref(b.ClarificationQuestion)
}
