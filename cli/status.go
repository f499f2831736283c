package cli

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// renderStatus writes a human summary of rpc.Status: what runs, on what
// hardware, with which model, and whether Ollama answers.
func renderStatus(w io.Writer, s *rpc.Status, st style) error {
	var b strings.Builder
	row := func(label, value string) {
		fmt.Fprintf(&b, "  %-12s %s\n", label, value)
	}
	section := func(name string) { b.WriteString(st.bold(name) + "\n") }

	section("annad")
	if d := Sanitize(s.Degraded); d != "" {
		row("health", st.red("degraded: "+d)+" (see ollama below)")
	}
	row("version", Sanitize(s.Version))
	row("annactl", version.String())
	row("pid", fmt.Sprint(s.PID))
	row("uptime", humanDuration(time.Duration(s.UptimeSeconds*float64(time.Second))))
	row("debug mode", onOff(s.DebugMode))
	row("socket", Sanitize(s.Socket))
	row("state", Sanitize(s.StateDir))
	row("config", Sanitize(s.ConfigFile))
	if l := s.Ledger; l != nil {
		n := fmt.Sprintf("%d entries", l.Entries)
		if l.Entries == 1 {
			n = "1 entry"
		}
		row("ledger", fmt.Sprintf("%s (%s)", Sanitize(l.Path), n))
		if l.Problem != "" {
			row("ledger", st.red("damaged: "+Sanitize(l.Problem)))
			row("repair", Sanitize(l.Repair))
		}
	}
	for _, w := range s.ConfigWarnings {
		row("warning", st.yellow(Sanitize(w)))
	}

	section("hardware")
	hw := s.Hardware
	cpu := Sanitize(hw.CPUModel)
	if cpu == "" {
		cpu = "unknown"
	}
	row("cpu", fmt.Sprintf("%s (%s, %s)", cpu, plural(hw.Cores, "core"), plural(hw.Threads, "thread")))
	row("ram", fmt.Sprintf("%s total, %s available", humanBytes(hw.RAMTotalBytes), humanBytes(hw.RAMAvailableBytes)))
	if len(hw.GPUs) == 0 {
		row("gpu", "none found")
	}
	for _, g := range hw.GPUs {
		row("gpu", gpuLine(g))
	}

	section("model")
	name := Sanitize(s.Model.Name)
	if name == "" {
		name = "none selected"
	}
	row("name", name)
	reason := Sanitize(s.Model.Reason)
	if s.Model.Pinned && reason == "" {
		reason = "pinned in config"
	}
	if reason != "" {
		row("reason", reason)
	}
	row("present", present(s.Model.Present))

	section("ollama")
	row("url", Sanitize(s.Ollama.URL))
	reach := yesNo(s.Ollama.Reachable)
	if v := Sanitize(s.Ollama.Version); v != "" {
		reach += ", version " + v
	}
	row("reachable", reach)
	if s.Ollama.CheckedAt.IsZero() {
		row("checked", "not yet (annad has just started; run annactl status again)")
	} else {
		row("checked", stamp(s.Ollama.CheckedAt))
	}
	lastError(row, s.Ollama, st)
	renderSetup(row, section, s.Setup, st)
	renderUpdate(row, section, s.Update, st)
	if m := Sanitize(s.ManagedBy); m != "" {
		row("managed by", m+" (annad neither installs Ollama nor updates itself)")
	}

	section("probes")
	row("available", fmt.Sprint(len(s.Probes)))
	_, err := io.WriteString(w, b.String())
	return err
}

// lastError shows Ollama's last error: in red with its advice while it
// stands, dimmed and marked resolved once a later check or chat showed the
// cause gone, so "present yes" never sits beside "Ollama does not have it"
// as if both were true now.
func lastError(row func(label, value string), o rpc.Ollama, st style) {
	e := Sanitize(o.LastError)
	if e == "" {
		return
	}
	if !o.LastErrorAt.IsZero() {
		e += " (" + stamp(o.LastErrorAt) + ")"
	}
	if !o.LastErrorResolvedAt.IsZero() {
		row("earlier", st.dim(e+", resolved "+stamp(o.LastErrorResolvedAt)))
		return
	}
	row("last error", st.red(e))
	if h := Sanitize(o.LastErrorHint); h != "" {
		row("advice", h)
	}
}

// stamp renders a time from annad in local time.
func stamp(t time.Time) string { return t.Local().Format("2006-01-02 15:04:05") }

func gpuLine(g rpc.GPU) string {
	name := strings.TrimSpace(Sanitize(g.Vendor) + " " + Sanitize(g.Model))
	if name == "" {
		name = "unknown"
	}
	if g.Integrated {
		return name + ", integrated (shares system RAM)"
	}
	if g.VRAMBytes == 0 {
		return name + ", VRAM unknown"
	}
	return fmt.Sprintf("%s, %s VRAM", name, humanBytes(g.VRAMBytes))
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	if n <= 0 {
		return "? " + unit + "s"
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// present renders a tri-state: nil means Ollama could not be asked.
func present(p *bool) string {
	if p == nil {
		return "unknown"
	}
	return yesNo(*p)
}

// humanBytes renders n in binary units with one decimal, e.g. "15.5 GiB".
func humanBytes(n uint64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	units := []string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v := float64(n)
	i := -1
	for v >= unit && i < len(units)-1 {
		v /= unit
		i++
	}
	v = math.Round(v*10) / 10
	return fmt.Sprintf("%.1f %s", v, units[i])
}

// humanDuration renders d in its two largest units, e.g. "3h 12m",
// "2d 4h", "5m 3s", "42s".
func humanDuration(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int64(d / time.Second)
	days, s := s/86400, s%86400
	hours, s := s/3600, s%3600
	mins, secs := s/60, s%60
	switch {
	case days > 0:
		return fmt.Sprintf("%dd %dh", days, hours)
	case hours > 0:
		return fmt.Sprintf("%dh %dm", hours, mins)
	case mins > 0:
		return fmt.Sprintf("%dm %ds", mins, secs)
	default:
		return fmt.Sprintf("%ds", secs)
	}
}
