package specialist

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// rowPolicy says which lines of a probe's stdout reach the model.
//
//   - head keeps the first Rows lines, after the header line of a table
//     probe (sources.HasHeader); the probes already sort (top_memory by
//     %MEM, top_cpu by %CPU), so these are the rows that matter.
//   - tail keeps the last Rows lines (the journal prints oldest first, so
//     the newest warnings are at the end).
//   - Drop removes lines by prefix (the CPU flags line is long and rarely
//     useful; IPv6 lifetimes add nothing).
//   - every line is shown cut to its probe's sources.LineBytes
//     (sources.Line.Shown), so one huge command line (a java classpath)
//     cannot eat the budget.
//
// When the whole prompt is still over MaxPromptBytes, Build halves every
// probe's Rows until it fits.
type rowPolicy struct {
	Rows int
	Tail bool
	Drop []string
}

var policies = map[string]rowPolicy{
	probes.TopMemory:      {Rows: 10},
	probes.TopCPU:         {Rows: 10},
	probes.CPUInfo:        {Rows: 30, Drop: []string{"Flags:"}},
	probes.MemoryInfo:     {Rows: 10},
	probes.DiskUsage:      {Rows: 25},
	probes.BlockDevices:   {Rows: 30},
	probes.NetworkAddrs:   {Rows: 40, Drop: []string{"valid_lft"}},
	probes.NetworkRoutes:  {Rows: 20},
	probes.ListeningPorts: {Rows: 30},
	probes.FailedServices: {Rows: 20},
	probes.SystemLogs:     {Rows: 30, Tail: true},
}

var defaultPolicy = rowPolicy{Rows: 20}

// resultLines is one probe result's share of a request's numbered lines.
type resultLines struct {
	// lines are its numbered lines, as sources.Number gave them.
	lines []sources.Line
	// unnumbered counts its lines past sources.MaxLines that its policy
	// would show (non-blank, not dropped). They are the result's last
	// lines: for a Tail probe, the newest.
	unnumbered int
}

// byResult splits numbered, sources.Number of results, into each result's
// lines, in the order of results; a failed result gets none. It counts a
// result's non-blank lines as Number does. Build calls it once: the fitting
// loop only re-selects rows.
func byResult(results []rpc.ProbeResult, numbered []sources.Line) []resultLines {
	out := make([]resultLines, len(results))
	for i, r := range results {
		if !r.OK() {
			continue
		}
		k, past := 0, 0
		for _, l := range strings.Split(r.Stdout, "\n") {
			switch {
			case strings.TrimSpace(l) == "":
			case k < len(numbered):
				k++
			case !dropped(l, policyOf(r.Probe).Drop):
				past++
			}
		}
		out[i] = resultLines{lines: numbered[:k], unnumbered: past}
		numbered = numbered[k:]
	}
	return out
}

func policyOf(probe string) rowPolicy {
	if p, ok := policies[probe]; ok {
		return p
	}
	return defaultPolicy
}

// selectRows applies p to a probe's numbered lines, with rows overriding
// p.Rows. It reports how many lines were left out so the prompt can say
// the table was cut. Lines are not cut here: the prompt shows each
// cut (sources.Line.Shown), and the kept lines stay as Number gave them.
func selectRows(all []sources.Line, p rowPolicy, rows int) (kept []sources.Line, omitted int) {
	var lines []sources.Line
	for _, l := range all {
		if !dropped(l.Text, p.Drop) {
			lines = append(lines, l)
		}
	}
	if len(lines) > 0 && sources.HasHeader(lines[0].Probe) {
		kept = append(kept, lines[0])
		lines = lines[1:]
	}
	if len(lines) <= rows {
		return append(kept, lines...), 0
	}
	if p.Tail {
		return append(kept, lines[len(lines)-rows:]...), len(lines) - rows
	}
	return append(kept, lines[:rows]...), len(lines) - rows
}

func dropped(line string, prefixes []string) bool {
	t := strings.TrimSpace(line)
	for _, p := range prefixes {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}
