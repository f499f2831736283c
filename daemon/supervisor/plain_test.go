package supervisor

import (
	"fmt"
	"math"
	"path"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
)

// generated is one answer built from a scenario's typed probe data, in the
// plain sentences of issue 6 ("annad (PID 8943) is using 45.3% CPU",
// "Interface ifb0 is down."), with its label: T true, F false, A true with
// advice.
type generated struct{ label, scenario, answer string }

// psRow is the part of a ps row the sentences use.
type psRow struct {
	name           string
	first          bool // the first row of its table
	pid            int
	cpu, mem, rssM float64
}

func rowsOf(data any, limit int) []psRow {
	var out []psRow
	list, _ := data.([]any)
	for i, e := range list {
		m, _ := e.(map[string]any)
		cmd, _ := m["command"].(string)
		first, _, _ := strings.Cut(cmd, " ")
		if first == "" || strings.HasPrefix(first, "[") || (len(cmd) >= 60 && !strings.Contains(cmd, " ")) {
			continue // kernel threads, command lines cut inside the name
		}
		name := strings.TrimSuffix(path.Base(first), ":")
		if len(name) < 2 {
			continue
		}
		num := func(k string) float64 { f, _ := m[k].(float64); return f }
		out = append(out, psRow{name, i == 0, int(num("pid")), num("cpu_percent"), num("mem_percent"), num("rss_kib") / 1024})
		if len(out) == limit {
			break
		}
	}
	return out
}

// distinct reports whether two figures are far apart: no rounding or
// "about" could take one for the other.
func distinct(a, b float64) bool {
	return math.Abs(a-b) > math.Max(1.5, 0.3*math.Max(a, b))
}

// nameNear reports whether some ps row of that name has a CPU share
// close to v: then "<name> is using about v%" is true of it.
func nameNear(data any, name string, v float64) bool {
	for _, r := range rowsOf(data, 100) {
		if r.name == name && !distinct(r.cpu, v) {
			return true
		}
	}
	return false
}

// plainAnswers builds the plain sentences of one host scenario.
func plainAnswers(t *testing.T, scen string) []generated {
	in := scenario(t, scen)
	var out []generated
	add := func(label, format string, args ...any) {
		out = append(out, generated{label, scen, fmt.Sprintf(format, args...)})
	}
	byProbe := map[string]any{}
	for _, r := range in.Results {
		byProbe[r.Probe] = r.Data
	}
	cpuRows := rowsOf(byProbe[probes.TopCPU], 6)
	hasName := func(n string) bool {
		for _, r := range rowsOf(byProbe[probes.TopCPU], 100) {
			if r.name == n {
				return true
			}
		}
		return false
	}
	for i, r := range cpuRows {
		add("T", "%s (PID %d) is using %.1f%% CPU.", r.name, r.pid, r.cpu)
		add("T", "%s uses %.1f%% of the CPU.", r.name, r.cpu)
		add("T", "The process with PID %d is %s.", r.pid, r.name)
		add("T", "%s (PID %d) uses %.1f%% of memory.", r.name, r.pid, r.mem)
		add("T", "%s uses about %.0f MiB of RAM.", r.name, r.rssM)
		add("T", "%.1f%% CPU is used by %s.", r.cpu, r.name)
		if r.cpu >= 2 {
			add("T", "%s is using about %.0f%% CPU.", r.name, r.cpu)
		}
		if r.first {
			add("T", "The busiest process is %s, at %.1f%% CPU.", r.name, r.cpu)
			add("T", "The busiest process, %s, uses %.1f%% CPU.", r.name, r.cpu)
		}
		for j, o := range cpuRows {
			if j == i || o.name == r.name {
				continue
			}
			if distinct(r.cpu, o.cpu) {
				add("F", "%s (PID %d) is using %.1f%% CPU.", r.name, r.pid, o.cpu)
				if !nameNear(byProbe[probes.TopCPU], r.name, o.cpu) {
					add("F", "%s is using about %.0f%% CPU.", r.name, o.cpu)
				}
			}
			add("F", "%s (PID %d) is using %.1f%% CPU.", r.name, o.pid, r.cpu)
			if distinct(r.mem, o.mem) {
				add("F", "%s (PID %d) uses %.1f%% of memory.", r.name, r.pid, o.mem)
			}
			if r.first && distinct(r.cpu, o.cpu) {
				add("F", "The busiest process is %s.", o.name)
			}
			break
		}
		for _, fake := range []string{"nginx", "mysqld", "postgres"} {
			if !hasName(fake) {
				add("F", "%s (PID %d) is using %.1f%% CPU.", fake, r.pid, r.cpu)
				break
			}
		}
	}
	hw := in.Hardware
	add("T", "The CPU model is %s.", hw.CPUModel)
	add("T", "This machine has %d logical CPUs.", hw.Threads)
	add("T", "The machine has %.0f GiB of RAM.", math.Floor(float64(hw.RAMTotalBytes)/(1<<30)))
	if m, ok := byProbe[probes.MemoryInfo].(map[string]any); ok {
		avail, _ := m["available_bytes"].(float64)
		add("T", "About %.0f GiB of memory is available.", avail/(1<<30))
		add("F", "About %.0f GiB of memory is available.", 3*avail/(1<<30))
		if swap, _ := m["swap_total_bytes"].(float64); swap == 0 {
			add("T", "Swap is not configured.")
			add("T", "There is no swap.")
		}
	}
	if c, ok := byProbe[probes.CPUInfo].(map[string]any); ok {
		mhz, _ := c["mhz"].(float64)
		add("T", "The CPU runs at %.0f MHz.", mhz)
		add("F", "The CPU runs at %.0f MHz.", 2*mhz)
	}
	add("F", "The CPU model is Intel Xeon Gold 6230.")
	add("F", "This machine has %d logical CPUs.", 4*hw.Threads)
	add("F", "The machine has %d GiB of RAM.", 4*hw.RAMTotalBytes>>30)
	if ifs, ok := byProbe[probes.NetworkAddrs].([]any); ok {
		for _, e := range ifs {
			m, _ := e.(map[string]any)
			name, _ := m["name"].(string)
			state, _ := m["state"].(string)
			mtu, _ := m["mtu"].(float64)
			if state != "UP" && state != "DOWN" {
				continue
			}
			other := map[string]string{"UP": "down", "DOWN": "up"}[state]
			add("T", "Interface %s is %s.", name, strings.ToLower(state))
			add("T", "%s is %s with an MTU of %.0f.", name, strings.ToLower(state), mtu)
			add("F", "Interface %s is %s.", name, other)
		}
	}
	if fs, ok := byProbe[probes.DiskUsage].([]any); ok {
		for _, e := range fs {
			m, _ := e.(map[string]any)
			if m["mount_point"] != "/" {
				continue
			}
			pct, _ := m["use_percent"].(float64)
			add("T", "The root filesystem is %.0f%% used.", pct)
			add("T", "Disk usage on / is %.0f%%.", pct)
			add("F", "The root filesystem is %.0f%% used.", pct+40)
		}
	}
	if socks, ok := byProbe[probes.ListeningPorts].([]any); ok {
		for _, e := range socks {
			m, _ := e.(map[string]any)
			port, _ := m["local_port"].(float64)
			add("T", "Port %.0f is listening.", port)
			if ps, _ := m["processes"].([]any); len(ps) > 0 {
				p, _ := ps[0].(map[string]any)
				add("T", "%s is listening on port %.0f.", p["name"], port)
				add("F", "sshd is listening on port %.0f.", port)
			}
		}
	}
	var advised []generated
	advice := []string{" Consider `journalctl -p err` for details.", " You could run `htop` to watch it live.",
		" If it keeps growing, restart it with `systemctl restart annad`.",
		" Docker images can be pruned with `docker image prune` if space runs low.",
		" Adding a 4 GiB swap file would be a cheap safety net.",
		" Note that Firefox tends to use a lot of memory with many tabs open.",
		" That is normal unless you run builds with `make -j8`."}
	for i, g := range out {
		if g.label == "T" && i%3 == 0 {
			advised = append(advised, generated{"A", scen, g.answer + advice[(i/3)%len(advice)]})
		}
	}
	return append(out, advised...)
}

// plainScenarios are the host captures the plain sentences are built from.
var plainScenarios = []string{"host", "host2", "host3", "host4", "host5", "host6", "host7", "host8", "host9"}

// TestPlainSentences scores the plain sentences built from every host
// capture: they were written by a generator, not tuned one by one, so their
// rates say how the rules do on the issue's own style.
func TestPlainSentences(t *testing.T) {
	var all []generated
	for _, s := range plainScenarios {
		all = append(all, plainAnswers(t, s)...)
	}
	rates := scoreGenerated(t, all)
	t.Logf("plain sentences: %s", rates)
	if rates.caught() < minCaught || rates.flagged("T") > maxFalseAlarms || rates.flagged("A") > maxFalseAlarms {
		t.Errorf("plain sentences miss the goals: %s", rates)
	}
}
