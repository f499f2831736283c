package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

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

// autofixTimeout bounds annactl's wait for `autofix`; a repair that takes
// longer (a model pull) goes on in annad and shows in the next status.
const autofixTimeout = 90 * time.Second

// needsAutofix reports a problem `status` shows that autofix may repair
// (spec: annactl status triggers autofix when problems are detected).
func needsAutofix(s *rpc.Status) bool {
	return s.Degraded != "" || (s.Setup != nil && !s.Setup.Ready && s.Setup.LastError != "")
}

// autofix runs `autofix` after a status that showed a problem and prints
// what it found and did. An annad without the method says nothing more.
func (s *session) autofix(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, autofixTimeout)
	defer cancel()
	res, err := s.client.Autofix(ctx)
	if rpc.KindOf(err) == rpc.KindUnknownMethod {
		return
	}
	var b strings.Builder
	b.WriteString(s.out.bold("autofix") + "\n")
	if err != nil {
		fmt.Fprintf(&b, "  %s\n", s.out.red("cannot run autofix: "+Sanitize(err.Error())))
		_, _ = io.WriteString(s.sys.Out, b.String())
		return
	}
	renderAutofix(&b, res, s.out)
	_, _ = io.WriteString(s.sys.Out, b.String())
}

// renderAutofix lists the checks that found or did something.
func renderAutofix(b *strings.Builder, r *rpc.AutofixResult, st style) {
	fmt.Fprintf(b, "  %-12s %d checked, %d problems, %d repaired\n", "result", len(r.Checks), r.Problems, r.Repaired)
	for _, c := range r.Checks {
		name := Sanitize(c.Name)
		switch {
		case !c.OK:
			line := Sanitize(c.Error)
			if a := Sanitize(c.Advice); a != "" {
				line += "; " + a
			}
			fmt.Fprintf(b, "  %s %s\n", name+":", st.red(line))
		case c.Action != "":
			fmt.Fprintf(b, "  %s %s\n", name+":", "found "+Sanitize(c.Found)+", "+Sanitize(c.Action))
		}
	}
}
