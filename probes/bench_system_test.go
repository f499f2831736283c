package probes

import (
	"context"
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

// BenchmarkSystemLogs reads the journal fixtures (a compact system file
// of 600 entries and a user file of 40) natively, against
// journalctl -D on the same directory.
func BenchmarkSystemLogs(b *testing.B) {
	layout := journalRoot(b, map[string]string{
		"var/log/journal/" + fixtureMachine + "/system.journal":    "compact",
		"var/log/journal/" + fixtureMachine + "/user-1000.journal": "user",
	})
	benchSystemProbe(b, SystemLogs, &Env{Layout: layout}, "journalctl", "-D", filepath.Join(layout.Root, "var/log/journal"),
		"-p", "warning..alert", "-n", "200", "--no-pager")
}

// BenchmarkSystemLogsHost reads this host's journal both ways.
func BenchmarkSystemLogsHost(b *testing.B) {
	benchSystemProbe(b, SystemLogs, &Env{Layout: dirs.Host}, "journalctl", "-p", "warning..alert", "-n", "200", "--no-pager")
}

func benchSystemProbe(b *testing.B, id string, env *Env, argv ...string) {
	spec, ok := Lookup(id)
	if !ok {
		b.Fatalf("%s is not registered", id)
	}
	b.Run("native", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b, cpuTime())
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
		defer reportCPU(b, cpuTime())
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
