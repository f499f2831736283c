package daemon_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/version"
)

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestStatus(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{Config: "[daemon]\nbogus = 1\n"})
	c := d.Client(t)
	var st *rpc.Status
	// The Ollama check runs in the background right after start.
	for i := 0; ; i++ {
		var err error
		if st, err = c.Status(ctx(t)); err != nil {
			t.Fatal(err)
		}
		if st.Ollama.Reachable || i == 50 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if st.Version != version.String() || st.PID != os.Getpid() || !st.DebugMode || st.Socket != d.Socket || st.StateDir != d.StateDir {
		t.Fatalf("status: %+v", st)
	}
	if st.Hardware.CPUModel != daemontest.Laptop.CPUModel || st.Hardware.Threads != 16 {
		t.Fatalf("hardware: %+v", st.Hardware)
	}
	if st.Model.Name != "tiny" || !st.Model.Pinned || st.Model.Present == nil || !*st.Model.Present {
		t.Fatalf("model: %+v", st.Model)
	}
	if !st.Ollama.Reachable || st.Ollama.Version != "0.17.4" || st.Ollama.URL != d.Ollama.URL() {
		t.Fatalf("ollama: %+v", st.Ollama)
	}
	if !slices.Equal(st.Probes, probes.IDs) {
		t.Fatalf("probes: %v", st.Probes)
	}
	if len(st.ConfigWarnings) != 1 || !strings.Contains(st.ConfigWarnings[0], "unknown key daemon.bogus") {
		t.Fatalf("config warnings: %q", st.ConfigWarnings)
	}
}

func TestStatusShowsMissingModelAndOllamaDown(t *testing.T) {
	fake := ollamatest.New(t) // has only "tiny"
	d := daemontest.Start(t, daemontest.Options{Ollama: fake, Config: "[ollama]\nmodel = \"llama3.2:3b\"\n"})
	st := waitStatus(t, d, func(s *rpc.Status) bool { return s.Model.Present != nil })
	if *st.Model.Present || !strings.Contains(st.Ollama.LastError, "ollama pull") && !strings.Contains(st.Ollama.LastError, "does not have it") {
		t.Fatalf("missing model not reported: %+v %+v", st.Model, st.Ollama)
	}

	down := daemontest.Start(t, daemontest.Options{Config: "[ollama]\nurl = \"http://127.0.0.1:1\"\n"})
	st = waitStatus(t, down, func(s *rpc.Status) bool { return s.Ollama.LastError != "" })
	if st.Ollama.Reachable || st.Model.Present != nil || !strings.Contains(st.Ollama.LastError, "cannot reach Ollama") {
		t.Fatalf("ollama down not reported: %+v", st.Ollama)
	}
}

func waitStatus(t *testing.T, d *daemontest.Daemon, ok func(*rpc.Status) bool) *rpc.Status {
	t.Helper()
	c := d.Client(t)
	for range 250 {
		st, err := c.Status(ctx(t))
		if err != nil {
			t.Fatal(err)
		}
		if ok(st) {
			return st
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("status never reached the expected state")
	return nil
}

func TestProbe(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	c := d.Client(t)
	r, err := c.Probe(ctx(t), probes.MemoryInfo)
	if err != nil || !r.OK() || r.Command != "free -h" || !strings.Contains(r.Stdout, "Mem:") || r.Source == "" {
		t.Fatalf("memory_info: %+v %v", r, err)
	}
	r, err = c.Probe(ctx(t), probes.FailedServices)
	if err != nil || !r.OK() || !strings.Contains(r.Stdout, daemontest.FailedUnit) {
		t.Fatalf("failed_services over the private bus: %+v %v", r, err)
	}
	_, err = c.Probe(ctx(t), "rm_rf")
	if e, ok := err.(*rpc.Error); !ok || e.Kind() != rpc.KindProbeUnknown || e.Code != -32002 || !strings.Contains(e.Hint(), "top_memory") {
		t.Fatalf("unknown probe: %#v", err)
	}
	err = c.Call(ctx(t), rpc.MethodProbe, map[string]string{}, nil)
	if rpc.KindOf(err) != rpc.KindInvalidParams {
		t.Fatalf("missing probe id: %v", err)
	}
}

func TestResetIsIdempotentAndKeepsTheLedger(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	learned := filepath.Join(d.StateDir, "learned")
	if err := os.MkdirAll(filepath.Join(learned, "notes"), 0o750); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join(learned, "memory.json"), filepath.Join(learned, "notes", "a"), filepath.Join(d.StateDir, "ledger.json")} {
		if err := os.WriteFile(f, []byte("{}"), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	c := d.Client(t)
	r, err := c.Reset(ctx(t))
	if err != nil || len(r.Removed) != 2 || r.StateDir != d.StateDir {
		t.Fatalf("reset: %+v %v", r, err)
	}
	if _, err := os.Stat(filepath.Join(d.StateDir, "ledger.json")); err != nil {
		t.Fatal("reset removed the ledger")
	}
	if left, _ := os.ReadDir(learned); len(left) != 0 {
		t.Fatalf("learned data left: %v", left)
	}
	r, err = c.Reset(ctx(t))
	if err != nil || len(r.Removed) != 0 {
		t.Fatalf("second reset: %+v %v", r, err)
	}
}

func TestRequestParamsAreChecked(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	c := d.Client(t)
	for _, p := range []rpc.RequestParams{
		{Text: "   "},
		{Text: strings.Repeat("a", rpc.MaxRequestTextBytes+1)},
		{Text: "hi there friend", Session: "../etc"},
		{Text: "hi there friend", RequestID: strings.Repeat("x", 65)},
	} {
		if _, err := c.Request(ctx(t), p); rpc.KindOf(err) != rpc.KindInvalidParams {
			t.Errorf("%.40q: got %v, want invalid_params", p.Text, err)
		}
	}
	if err := c.Call(ctx(t), rpc.MethodRequest, map[string]any{"text": "x", "sesion": "typo"}, nil); rpc.KindOf(err) != rpc.KindInvalidParams {
		t.Errorf("unknown field: %v", err)
	}
}
