package probes

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Some kernels and hypervisors pad /proc/cpuinfo with runs of spaces or
// tabs (a flags line reading "pti        vmmcall" was seen on a cloud VM).
// The probe must read each flag once, whole, and never an empty one.
func TestCPUInfoFlagsWithRunsOfWhitespace(t *testing.T) {
	env := hostFixtureCopy(t)
	if err := os.RemoveAll(env.Layout.Sys()); err != nil {
		t.Fatal(err)
	}
	cpuinfo := "processor\t: 0\n" +
		"vendor_id\t: AuthenticAMD\n" +
		"model name\t: AMD EPYC  7B12   64-Core Processor \n" +
		"flags\t\t:  fpu vme   de\t\tpse tsc  pti        vmmcall \t svm hypervisor   \n" +
		"bogomips\t: 4499.99\n" +
		"\n" +
		"processor\t: 1\n" +
		"vendor_id\t: AuthenticAMD\n" +
		"model name\t: AMD EPYC  7B12   64-Core Processor \n" +
		"flags\t\t: fpu vme de pse tsc pti vmmcall svm hypervisor\n"
	if err := os.WriteFile(filepath.Join(env.Layout.Proc(), "cpuinfo"), []byte(cpuinfo), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := cpuInfo(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	d := out.Data.(CPUDetails)
	want := []string{"fpu", "vme", "de", "pse", "tsc", "pti", "vmmcall", "svm", "hypervisor"}
	if !slices.Equal(d.Flags, want) {
		t.Errorf("flags %q, want %q", d.Flags, want)
	}
	if d.CPUs != 2 || d.Virtualization != "AMD-V" || !d.Hypervisor || d.BogoMIPS != 4499.99 {
		t.Errorf("details: %+v", d)
	}
	// The model name is the host's text, inner spacing included: only the
	// padding around it goes.
	if d.ModelName != "AMD EPYC  7B12   64-Core Processor" {
		t.Errorf("model name %q", d.ModelName)
	}
	flags := lscpuFields(strings.Split(out.Stdout, "\n"))["Flags"]
	if flags != strings.Join(want, " ") {
		t.Errorf("rendered flags %q", flags)
	}
}
