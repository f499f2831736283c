package cli

import (
	"fmt"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// renderSetup shows annad installing Ollama or pulling the model: the phase
// and how far it is, or the error it retries after.
func renderSetup(row func(label, value string), section func(string), s *rpc.Setup, st style) {
	if s == nil {
		return
	}
	section("setup")
	phase := Sanitize(s.Phase)
	if !s.Ready && s.Percent >= 0 && s.Percent <= 100 {
		phase += fmt.Sprintf(" (%d%%)", s.Percent)
	}
	row("phase", phase)
	if e := Sanitize(s.LastError); e != "" {
		row("last error", st.red(e))
	}
}

// renderUpdate shows the update checker: the version running, the newest
// signed release, and what went wrong last.
func renderUpdate(row func(label, value string), section func(string), u *rpc.Update, st style) {
	if u == nil {
		return
	}
	section("update")
	if Sanitize(u.URL) == "" {
		row("checks", "off (no [update] url in the config)")
		return
	}
	latest := Sanitize(u.Latest)
	if latest == "" {
		latest = "unknown"
	}
	row("current", Sanitize(u.Current))
	row("latest", latest)
	row("auto update", onOff(u.AutoUpdate))
	if u.CheckedAt.IsZero() {
		row("checked", "not yet")
	} else {
		row("checked", stamp(u.CheckedAt))
	}
	if a := Sanitize(u.Applied); a != "" {
		row("installed", a+" ("+stamp(u.AppliedAt)+"), annad restarts into it")
	}
	if e := Sanitize(u.LastError); e != "" {
		row("last error", st.red(e))
	}
}
