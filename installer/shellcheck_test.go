package installer

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"
)

// install.sh and the release check are shellcheck clean. CI installs
// shellcheck (.ci/run); elsewhere the test skips without it.
func TestShellcheck(t *testing.T) {
	if _, err := exec.LookPath("shellcheck"); err != nil {
		skipOutsideCI(t, "shellcheck is not installed (apt-get install shellcheck); CI runs this test")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "shellcheck", "--shell=bash", "install.sh", "../.ci/repro").CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("shellcheck: %v\n%s", err, out)
	}
}

// skipOutsideCI skips a test whose tool is missing, except in CI
// (CI=true), where .ci/run installs the tool and a skip would hide a check.
func skipOutsideCI(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatal(why)
	}
	t.Skip(why)
}
