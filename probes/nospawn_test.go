package probes

import (
	"context"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// Every probe runs with an empty PATH: none may fail for want of an
// executable, because none starts one.
func TestProbesSpawnNothing(t *testing.T) {
	t.Setenv("PATH", "")
	r := NewRunner(&Env{Layout: dirs.Host})
	for _, res := range r.RunMany(context.Background(), IDs, nil) {
		if res.ExitCode == ExitOK {
			continue
		}
		for _, sign := range []string{"executable file not found", "not installed", "$PATH", "fork/exec"} {
			if strings.Contains(res.Stderr, sign) {
				t.Errorf("%s needs a process: %s", res.Probe, res.Stderr)
			}
		}
		t.Logf("%s fails on this host: %s", res.Probe, res.Stderr)
	}
}

// The probe path cannot start a process: neither this package nor the
// journal reader imports os/exec, and neither calls the fork and exec
// primitives.
func TestProbePathImportsNoExec(t *testing.T) {
	for _, dir := range []string{".", filepath.Join("..", "journal")} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); p == "os/exec" {
					t.Errorf("%s imports os/exec", path)
				}
			}
			for _, call := range []string{"ForkExec", "StartProcess", "unix.Exec", "syscall.Exec"} {
				if strings.Contains(string(src), call) {
					t.Errorf("%s calls %s", path, call)
				}
			}
		}
	}
}
