package supervisor

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// memInput is a finished memory question: confident ticket, both probes
// run, a grounded answer.
func memInput(t testing.TB) Input {
	q := "what's eating my RAM?"
	return Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Entities: []string{},
			NeedsProbes: []string{probes.TopMemory, probes.MemoryInfo}, Confidence: 0.77, Source: "llm"},
		Question:  q,
		Requested: []string{probes.TopMemory, probes.MemoryInfo},
		Results: []rpc.ProbeResult{
			{Probe: probes.TopMemory, Command: "ps aux --sort=-%mem", Stdout: fixture(t, "ps_aux_mem.txt"), Source: "procfs"},
			{Probe: probes.MemoryInfo, Command: "free -h", Stdout: fixture(t, "free.txt"), Source: "procfs"},
		},
		Hardware: rpc.Hardware{CPUModel: "AMD Ryzen 7 5800X 8-Core Processor", Cores: 8, Threads: 16, RAMTotalBytes: 16663232512},
		Facts:    map[string]string{"version": "0.0.9", "ram_gb": "15.5", "cpu_model": "AMD Ryzen 7 5800X 8-Core Processor"},
		Answer:   "Firefox (PID 4242) uses the most memory: 7.4% of RAM. 6.1 GiB of 15 GiB is in use.",
	}
}

func TestSignals(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Input)
		want   rpc.Signals
	}{
		{"all good", func(*Input) {}, sig(true, true, true, true, true)},
		{"confidence below 0.7", func(in *Input) { in.Ticket.Confidence = 0.69 }, sig(false, true, true, true, true)},
		{"confidence exactly 0.7", func(in *Input) { in.Ticket.Confidence = 0.7 }, sig(true, true, true, true, true)},
		// The keyword classifier only runs after the LLM failed.
		{"keyword fallback", func(in *Input) { in.Ticket.Source, in.Ticket.Confidence = "keywords", 0.95 }, sig(false, true, true, true, true)},
		{"probe failed", func(in *Input) { in.Results[1].ExitCode = probes.ExitFailed }, sig(true, false, true, true, true)},
		// Without free's output, "6.1 GiB" has nothing to rest on.
		{"probe missing", func(in *Input) { in.Results = in.Results[:1] }, sig(true, false, false, true, true)},
		{"probe timed out", func(in *Input) { in.Results[0].ExitCode = probes.ExitTimeout }, sig(true, false, true, true, true)},
		{"nothing requested", func(in *Input) { in.Requested = nil }, sig(true, true, true, true, true)},
		{"invented figure", func(in *Input) { in.Answer = "Firefox uses 4.7 GiB." }, sig(true, true, false, true, true)},
		{"no claims", func(in *Input) { in.Answer = "Nothing stands out." }, sig(true, true, false, true, true)},
		{"hedging", func(in *Input) { in.Answer = "Firefox (PID 4242) probably uses 7.4%." }, sig(true, true, true, false, true)},
		{"clarification", func(in *Input) { in.ClarificationPending = true }, sig(true, true, true, true, false)},
		{"hardware fact", func(in *Input) {
			in.Results, in.Requested = nil, nil
			in.Answer = "You have 16 threads and 15.5 GB of RAM; Anna is 0.0.9."
		}, sig(true, true, true, true, true)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := memInput(t)
			tt.change(&in)
			r := Judge(in)
			if r.Signals != tt.want {
				t.Errorf("signals %+v, want %+v (review %+v)", r.Signals, tt.want, r)
			}
			if got := Judge(in).Signals; got != r.Signals || r.Score != tt.want.Score() {
				t.Errorf("Signals %+v, score %d", got, r.Score)
			}
		})
	}
}

func TestJudgeDetails(t *testing.T) {
	in := memInput(t)
	in.Requested = append(in.Requested, probes.DiskUsage, probes.DiskUsage)
	in.Answer = "postgres probably uses 7.4%; I think so."
	r := Judge(in)
	if !slices.Equal(r.Uncovered, []string{probes.DiskUsage}) {
		t.Errorf("Uncovered %q", r.Uncovered)
	}
	if !slices.Equal(r.Hedges, []string{"probably", "i think"}) {
		t.Errorf("Hedges %q", r.Hedges)
	}
	if !slices.Equal(r.Grounding.Missing, []string{"postgres"}) || r.Score != 40 {
		t.Errorf("Grounding %+v score %d", r.Grounding, r.Score)
	}
}

func TestScoreIsDeterministic(t *testing.T) {
	in := memInput(t)
	first := Judge(in)
	for range 20 {
		if again := Judge(in); !reflect.DeepEqual(again, first) {
			t.Fatalf("%+v then %+v", first, again)
		}
	}
	if first.Score != 100 {
		t.Errorf("score %d, want 100: %+v", first.Score, first)
	}
}

func TestTypedDataIsEvidence(t *testing.T) {
	type proc struct {
		Command string  `json:"command"`
		PID     int     `json:"pid"`
		RSSKiB  uint64  `json:"rss_kib"`
		MemPct  float64 `json:"mem_percent"`
	}
	type owner struct {
		Name string `json:"name"`
		PID  int    `json:"pid"`
	}
	type sock struct {
		LocalPort int     `json:"local_port"`
		Processes []owner `json:"processes"`
	}
	in := Input{Results: []rpc.ProbeResult{
		{Probe: probes.TopMemory, Data: []proc{{"/usr/bin/postgres -D /var/lib/postgresql", 777, 1258291, 12.5}}},
		{Probe: probes.ListeningPorts, Data: []sock{{5432, []owner{{"postgres", 777}}}}},
		{Probe: probes.MemoryInfo, Data: map[string]uint64{"total_bytes": 16663232512}},
	}}
	ev := EvidenceText(in)
	for _, want := range []string{"rss_kib 1258291 KiB", "mem_percent 12.5%", "local_port :5432", "total_bytes 16663232512 B"} {
		if !strings.Contains(ev, want) {
			t.Errorf("evidence lacks %q:\n%s", want, ev)
		}
	}
	g := Check("postgres (PID 777) uses 1.2 GiB, 12.5% of 15.5 GiB, and listens on port 5432.", ev)
	if !g.Grounded() || len(g.Found) != 6 {
		t.Errorf("%+v", g)
	}
}

func TestEvidenceBlock(t *testing.T) {
	in := memInput(t)
	in.Ticket.Entities, in.Ticket.NeedsProbes = nil, nil
	ev := EvidenceBlock(in, "")
	if !slices.Equal(ev.HardwareFields, []string{"cpu_model", "ram_gb", "version"}) {
		t.Errorf("hardware_fields %q", ev.HardwareFields)
	}
	if len(ev.ProbesExecuted) != 2 || ev.LastError != nil {
		t.Errorf("%+v", ev)
	}
	raw, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"last_error":null`, `"entities":[]`, `"needs_probes":[]`, `"hardware_fields":["cpu_model","ram_gb","version"]`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("evidence JSON lacks %s: %s", want, raw)
		}
	}
	empty := EvidenceBlock(Input{}, "timeout at translator")
	raw, _ = json.Marshal(empty)
	for _, want := range []string{`"hardware_fields":[]`, `"probes_executed":[]`, `"last_error":"timeout at translator"`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("empty evidence JSON lacks %s: %s", want, raw)
		}
	}
}

func TestAssemble(t *testing.T) {
	in := memInput(t)
	a, r := Assemble(in)
	if a.ReliabilityScore != 100 || a.ReliabilitySignals != r.Signals || a.Domain != rpc.DomainSystem ||
		a.NeedsClarification || a.ClarificationQuestion != nil || a.Answer != in.Answer {
		t.Errorf("%+v", a)
	}
	q := "Which disk?"
	in.Ticket.ClarificationQuestion, in.ClarificationPending = &q, true
	if a, _ = Assemble(in); !a.NeedsClarification || *a.ClarificationQuestion != q || a.ReliabilityScore != 80 {
		t.Errorf("%+v", a)
	}
	in.Ticket.ClarificationQuestion = nil
	if a, _ = Assemble(in); *a.ClarificationQuestion != DefaultClarification {
		t.Errorf("%+v", a)
	}
}

func TestTimeoutAnswer(t *testing.T) {
	for _, stage := range []string{StageTranslator, StageProbes, StageSpecialist, StageSupervisor, "elsewhere"} {
		in := memInput(t)
		a := TimeoutAnswer(stage, in)
		if a.ReliabilityScore > 20 || a.ReliabilityScore != a.ReliabilitySignals.Score() {
			t.Errorf("%s: score %d", stage, a.ReliabilityScore)
		}
		if !a.NeedsClarification || a.ClarificationQuestion == nil || !strings.HasSuffix(*a.ClarificationQuestion, "?") {
			t.Errorf("%s: clarification %v", stage, a.ClarificationQuestion)
		}
		if a.Evidence.LastError == nil || *a.Evidence.LastError != "timeout at "+stage {
			t.Errorf("%s: last_error %v", stage, a.Evidence.LastError)
		}
		if len(a.Evidence.ProbesExecuted) != 2 || a.Domain != rpc.DomainSystem {
			t.Errorf("%s: evidence %+v", stage, a.Evidence)
		}
		wantConfident := stage != StageTranslator
		if a.ReliabilitySignals.TranslatorConfident != wantConfident {
			t.Errorf("%s: translator_confident %v", stage, a.ReliabilitySignals.TranslatorConfident)
		}
	}
	if a := TimeoutAnswer(StageTranslator, Input{}); a.ReliabilityScore != 0 || a.Domain != rpc.DomainSystem {
		t.Errorf("%+v", a)
	}
	// A keyword ticket comes from the fallback after the LLM failed: even a
	// high keyword confidence does not make it confident at a later stage.
	in := memInput(t)
	in.Ticket.Source, in.Ticket.Confidence = sourceKeywords, 0.9
	if a := TimeoutAnswer(StageSpecialist, in); a.ReliabilitySignals.TranslatorConfident {
		t.Errorf("keyword ticket counted as confident: %+v", a.ReliabilitySignals)
	}
}

// sig lists the signals in the spec's order.
func sig(confident, coverage, grounded, noInvention, noClarification bool) rpc.Signals {
	return rpc.Signals{TranslatorConfident: confident, ProbeCoverage: coverage, AnswerGrounded: grounded,
		NoInvention: noInvention, ClarificationNotNeeded: noClarification}
}
