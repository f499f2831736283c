package cli

import (
	"bufio"
	"context"
	"fmt"
	"strings"
)

// reset answers `annactl reset`: it asks first, because the learned data
// cannot be restored, and proceeds only on "y" or "yes".
func (s *session) reset(ctx context.Context) int {
	// Asking annad first names the directory in the question and reports
	// an unreachable daemon before the user is asked anything.
	st, err := s.statusCall(ctx)
	if err != nil {
		adv := advise(err, "status", callTimeout)
		printAdvice(s.sys.Err, adv, s.errs)
		return adv.code
	}
	fmt.Fprintf(s.sys.Out, "Reset Anna's learned data in %s? [y/N] ", Sanitize(st.StateDir))
	line, err := bufio.NewReader(s.sys.In).ReadString('\n')
	if err != nil && line == "" {
		fmt.Fprintln(s.sys.Out) // end the prompt line at EOF
	}
	if answer := strings.ToLower(strings.TrimSpace(line)); answer != "y" && answer != "yes" {
		fmt.Fprintln(s.sys.Err, "reset canceled")
		return ExitFailed
	}
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	res, err := s.client.Reset(ctx)
	if err != nil {
		adv := advise(err, "reset", callTimeout)
		printAdvice(s.sys.Err, adv, s.errs)
		return adv.code
	}
	dir := Sanitize(res.StateDir)
	if len(res.Removed) == 0 {
		fmt.Fprintf(s.sys.Out, "Nothing to remove: Anna had learned nothing in %s.\n", dir)
		return ExitOK
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Removed from %s:\n", dir)
	for _, r := range res.Removed {
		fmt.Fprintf(&b, "  %s\n", Sanitize(r))
	}
	fmt.Fprint(s.sys.Out, b.String())
	return ExitOK
}
