package probes

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// Each system probe against the command it stands in for, on this machine:
// BenchmarkX/native runs the probe function (no cache), BenchmarkX/exec
// runs the spec's command with a fixed argv and reads its output.

func BenchmarkNetworkAddrs(b *testing.B) {
	benchSystemProbe(b, NetworkAddrs, &Env{Layout: dirs.Host}, "ip", "addr", "show")
}

func BenchmarkNetworkRoutes(b *testing.B) {
	benchSystemProbe(b, NetworkRoutes, &Env{Layout: dirs.Host}, "ip", "route")
}

func BenchmarkListeningPorts(b *testing.B) {
	benchSystemProbe(b, ListeningPorts, &Env{Layout: dirs.Host}, "ss", "-tulpn")
}

// BenchmarkFailedServices measures a ListUnitsFiltered round trip to a fake
// systemd on a private dbus-daemon with 20 units, 3 failed; systemctl
// cannot run without systemd as PID 1, so exec is skipped here.
func BenchmarkFailedServices(b *testing.B) {
	bus := dbustest.New(b)
	var units []systemd.Unit
	for i := range 20 {
		state := "active"
		if i%7 == 0 {
			state = "failed"
		}
		units = append(units, systemd.Unit{Name: "unit" + string(rune('a'+i)) + ".service", Description: "A unit",
			LoadState: "loaded", ActiveState: state, SubState: state})
	}
	bus.Systemd(b, units...)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := systemd.Connect(ctx, bus.Address)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	benchSystemProbe(b, FailedServices, &Env{Systemd: conn}, "systemctl", "--failed")
}

// BenchmarkSystemLogs runs journalctl both ways: -o json parsed natively
// against the short format. This host has no journal files, so it
// measures the process and the query; BenchmarkSystemLogsParse measures
// parsing and rendering 200 entries.
func BenchmarkSystemLogs(b *testing.B) {
	benchSystemProbe(b, SystemLogs, &Env{}, "journalctl", "-p", "warning..alert", "-n", "200", "--no-pager")
}

// BenchmarkSystemLogsParse parses and renders 200 fixture entries, the
// spec's -n 200.
func BenchmarkSystemLogsParse(b *testing.B) {
	one, err := os.ReadFile(filepath.Join("testdata", "journal", "warnings.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	lines := bytes.SplitAfter(bytes.TrimSpace(one), []byte("\n"))
	var data []byte
	for i := range 200 {
		data = append(data, bytes.TrimSpace(lines[i%len(lines)])...)
		data = append(data, '\n')
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		log := parseJournal(data)
		if len(log.Entries) != 200 || renderJournal(log.Entries) == "" {
			b.Fatalf("parsed %d entries", len(log.Entries))
		}
	}
}

func benchSystemProbe(b *testing.B, id string, env *Env, argv ...string) {
	spec, ok := Lookup(id)
	if !ok {
		b.Fatalf("%s is not registered", id)
	}
	b.Run("native", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ctx, cancel := context.WithTimeout(context.Background(), PerProbeTimeout)
			out, err := spec.Run(ctx, env)
			cancel()
			if err != nil || out.Stdout == "" {
				b.Fatalf("%s: %v", id, err)
			}
		}
	})
	b.Run("exec", func(b *testing.B) {
		path, err := exec.LookPath(argv[0])
		if err != nil {
			b.Skipf("%s is not installed", argv[0])
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err = exec.CommandContext(ctx, path, argv[1:]...).Run()
		cancel()
		if err != nil {
			b.Skipf("%v cannot run here: %v", argv, err)
		}
		b.ReportAllocs()
		for b.Loop() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_, err := exec.CommandContext(ctx, path, argv[1:]...).Output()
			cancel()
			if err != nil {
				b.Fatalf("%v: %v", argv, err)
			}
		}
	})
}
