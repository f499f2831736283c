package hardware

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func TestParseSMI(t *testing.T) {
	out := "00000000:01:00.0, NVIDIA GeForce RTX 3070, 8192\n" +
		"00000000:0A:00.0, NVIDIA RTX A6000, [N/A]\n" +
		"00000001:02:00.0, Tesla, Inc. Edition, 24576\n\n"
	rows, err := parseSMI(out)
	if err != nil {
		t.Fatal(err)
	}
	want := []smiRow{
		{addr: "0000:01:00.0", name: "NVIDIA GeForce RTX 3070", vramBytes: 8 << 30},
		{addr: "0000:0a:00.0", name: "NVIDIA RTX A6000"},
		{addr: "0001:02:00.0", name: "Tesla, Inc. Edition", vramBytes: 24 << 30},
	}
	if len(rows) != len(want) {
		t.Fatalf("rows = %+v", rows)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("row %d = %+v; want %+v", i, rows[i], want[i])
		}
	}
	if _, err := parseSMI("No devices were found\n"); err == nil {
		t.Error("parseSMI accepted a line that is not CSV")
	}
}

func TestCanonicalPCIAddr(t *testing.T) {
	for in, want := range map[string]string{
		"00000000:01:00.0": "0000:01:00.0", "0000:0B:00.0": "0000:0b:00.0",
		" 00000001:02:00.0\n": "0001:02:00.0", "simple-framebuffer.0": "simple-framebuffer.0",
	} {
		if got := canonicalPCIAddr(in); got != want {
			t.Errorf("canonicalPCIAddr(%q) = %q; want %q", in, got, want)
		}
	}
}

// fakeSMI installs an executable nvidia-smi script as the only thing on
// PATH, so ExecRunner's lookup, argv and error paths run for real.
func fakeSMI(t *testing.T, script string) {
	dir := t.TempDir()
	if script != "" {
		p := filepath.Join(dir, "nvidia-smi")
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
}

// TestExecRunnerNVIDIASMI drives Take on the RTX 3070 fixture through the
// production runner against scripted nvidia-smi programs.
func TestExecRunnerNVIDIASMI(t *testing.T) {
	argCheck := `[ "$1" = "` + smiArgs[0] + `" ] && [ "$2" = "` + smiArgs[1] + `" ] && [ $# -eq 2 ] || { echo "bad argv: $*" >&2; exit 2; }` + "\n"
	tests := []struct {
		name, script string
		// hangs marks a program that never answers: it alone gets the
		// short deadline.
		hangs  bool
		vram   uint64
		source string
	}{
		{"answers", argCheck + "echo '00000000:01:00.0, NVIDIA GeForce RTX 3070, 8192'\n", false, 8 << 30, "nvidia-smi memory.total"},
		{"not installed", "", false, 0, "no VRAM size: nvidia-smi is not installed"},
		{"driver not loaded", argCheck + "echo \"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\" >&2\nexit 9\n",
			false, 0, "no VRAM size: nvidia-smi failed: cannot run nvidia-smi: exit status 9: NVIDIA-SMI has failed because it couldn't communicate"},
		{"hangs", "exec /bin/sleep 60\n", true, 0, "no VRAM size: nvidia-smi did not answer in time"},
		{"lists another GPU", argCheck + "echo '00000000:02:00.0, NVIDIA GeForce RTX 3070, 8192'\n", false, 0, "no VRAM size: nvidia-smi does not list this GPU"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fakeSMI(t, tc.script)
			l := expandFixture(t, "nvidia-8g")
			// Only the hanging program needs a short deadline; the others
			// get a long one, so a loaded machine that takes more than
			// 300 ms to start a shell script does not turn an answer into
			// "did not answer in time" (a clean-clone CI run did, at load 7).
			timeout := time.Minute
			if tc.hangs {
				timeout = 300 * time.Millisecond
			}
			hw, err := Take(context.Background(), l, WithCommandTimeout(timeout))
			if err != nil {
				t.Fatal(err)
			}
			if tc.name == "lists another GPU" {
				// The extra row is a GPU of its own, not a duplicate.
				if len(hw.GPUs) != 2 || hw.GPUs[1].VRAMBytes != 8<<30 {
					t.Errorf("GPUs = %+v; want the sysfs GPU and nvidia-smi's 0000:02:00.0", hw.GPUs)
				}
				hw.GPUs = hw.GPUs[:1]
			}
			checkGPUs(t, hw.GPUs, []rpc.GPU{{Vendor: "nvidia", Model: "NVIDIA GeForce RTX 3070", VRAMBytes: tc.vram, Source: tc.source}})
		})
	}
}

func TestExecRunnerErrors(t *testing.T) {
	fakeSMI(t, "")
	_, err := ExecRunner(context.Background(), "nvidia-smi")
	if !errors.Is(err, exec.ErrNotFound) {
		t.Errorf("missing program: err = %v; want exec.ErrNotFound", err)
	}
	fakeSMI(t, "exec /bin/sleep 60\n")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err = ExecRunner(ctx, "nvidia-smi")
	if !errors.Is(err, context.DeadlineExceeded) || !strings.HasPrefix(err.Error(), "cannot run nvidia-smi") {
		t.Errorf("hanging program: err = %v; want a deadline error", err)
	}
}

func TestParseNVIDIAInformation(t *testing.T) {
	info := parseNVIDIAInformation("Model: \t\t NVIDIA GeForce RTX 3070\nIRQ:   \t\t 145\nBus Location: \t 0000:01:00.0\n")
	if info["Model"] != "NVIDIA GeForce RTX 3070" || info["Bus Location"] != "0000:01:00.0" {
		t.Errorf("info = %q", info)
	}
}
