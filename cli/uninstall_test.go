package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
)

// Piped input must say the word too: nothing else confirms.
func TestUninstallPipedNeedsTheWord(t *testing.T) {
	in := daemontest.Installed(t)
	for _, answer := range []string{"", "\n", "y\n", "yes\n", "Uninstall\n", "uninstal\n"} {
		code, out, errs := runWith(t, IO{In: strings.NewReader(answer)}, in.Socket, nil, "uninstall")
		if code != ExitFailed || errs != "uninstall canceled: nothing was changed\n" || !strings.Contains(out, "  remove file /usr/local/bin/annad unless changed since\n") ||
			!strings.Contains(out, "selinux_label annad: this annad does not know how to undo") {
			t.Fatalf("answer %q: exit %d, stdout %q, stderr %q", answer, code, out, errs)
		}
	}
	if _, err := os.Stat(filepath.Join(in.Root, "usr/local/bin/annad")); err != nil {
		t.Fatalf("a canceled uninstall removed a file: %v", err)
	}
	code, out, errs := runWith(t, IO{In: strings.NewReader("uninstall\n")}, in.Socket, nil, "uninstall")
	if code != ExitOK || errs != "" || !strings.Contains(out, "Done:\n  remove file /usr/local/bin/annad unless changed since\n") || !strings.HasSuffix(out, "Anna is uninstalled; annad is stopping.\n") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	<-in.Stopped
	if b, err := os.ReadFile(in.Kept); err != nil || string(b) != "precious" {
		t.Fatalf("a file outside the ledger was touched: %q %v", b, err)
	}
}
