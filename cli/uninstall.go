package cli

import (
	"bufio"
	"context"
	"fmt"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// uninstall answers `annactl uninstall`: it shows annad's plan (from the
// ledger), asks the user to type the word uninstall (on a terminal or
// not: piped input must say it too), then has annad carry it out and shows
// what was done. annad stops itself after it answered. Both calls are
// admin calls: on a terminal a member types the administrator's password
// at the first one, through the agent adminCall starts (polkit keeps the
// authorization for the second), and the confirmation is read while no
// agent runs.
func (s *session) uninstall(ctx context.Context) int {
	var plan *rpc.UninstallResult
	limit := s.adminLimit(callTimeout)
	if code, ok := s.runAdmin(ctx, limit, "uninstall", func(ctx context.Context) (err error) {
		plan, err = s.client.Uninstall(ctx, "")
		return err
	}); !ok {
		return code
	}
	var b strings.Builder
	if len(plan.Steps) == 0 && len(plan.CannotUndo) == 0 {
		fmt.Fprintf(s.sys.Out, "Nothing to undo: the ledger %s records no change.\n", Sanitize(plan.Ledger))
		return ExitOK
	}
	fmt.Fprintf(&b, "Uninstalling Anna undoes what the ledger %s records, newest first:\n", Sanitize(plan.Ledger))
	for _, st := range plan.Steps {
		fmt.Fprintf(&b, "  %s\n", Sanitize(st.Action))
	}
	writeCannot(&b, plan.CannotUndo)
	b.WriteString("Nothing else on this machine is touched.\n")
	fmt.Fprint(s.sys.Out, b.String())
	fmt.Fprintf(s.sys.Out, "Type %q to remove Anna: ", rpc.UninstallConfirmation)
	line, err := bufio.NewReader(s.sys.In).ReadString('\n')
	if err != nil && line == "" {
		fmt.Fprintln(s.sys.Out) // end the prompt line at EOF
	}
	if strings.TrimSpace(line) != rpc.UninstallConfirmation {
		fmt.Fprintln(s.sys.Err, "uninstall canceled: nothing was changed")
		return ExitFailed
	}
	var res *rpc.UninstallResult
	if code, ok := s.runAdmin(ctx, rpc.UninstallTimeout, "uninstall", func(ctx context.Context) (err error) {
		res, err = s.client.Uninstall(ctx, rpc.UninstallConfirmation)
		return err
	}); !ok {
		return code
	}
	b.Reset()
	b.WriteString("Done:\n")
	if len(res.Steps) == 0 {
		b.Reset()
		b.WriteString("Nothing was undone.\n")
	}
	for _, st := range res.Steps {
		fmt.Fprintf(&b, "  %s\n", Sanitize(st.Action))
	}
	writeCannot(&b, res.CannotUndo)
	if len(res.Kept) > 0 {
		b.WriteString("Kept, no longer as Anna left them (yours to remove):\n")
		for _, k := range res.Kept {
			fmt.Fprintf(&b, "  %s: %s\n", Sanitize(k.Target), Sanitize(strings.TrimSuffix(k.Reason, ": kept: not Anna's as recorded")))
		}
	}
	if len(res.Failed) > 0 {
		b.WriteString(s.out.red("Failed") + " (still in the ledger; fix them and run annactl uninstall again):\n")
		for _, f := range res.Failed {
			fmt.Fprintf(&b, "  %s: %s\n", Sanitize(f.Action), Sanitize(f.Reason))
		}
	}
	if res.Stopping {
		b.WriteString("Anna is uninstalled; annad is stopping.\n")
	}
	fmt.Fprint(s.sys.Out, b.String())
	if len(res.Failed) > 0 {
		return ExitFailed
	}
	return ExitOK
}

func writeCannot(b *strings.Builder, steps []rpc.UninstallStep) {
	if len(steps) == 0 {
		return
	}
	b.WriteString("Cannot be undone, left as they are:\n")
	for _, c := range steps {
		fmt.Fprintf(b, "  %s %s: %s\n", Sanitize(c.Kind), Sanitize(c.Target), Sanitize(c.Reason))
	}
}
