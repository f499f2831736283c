package cli

import (
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/version"
)

func TestHumanBytes(t *testing.T) {
	for n, want := range map[uint64]string{
		0: "0 B", 512: "512 B", 1024: "1.0 KiB", 1536: "1.5 KiB", 8 << 30: "8.0 GiB",
		16_600_000_000: "15.5 GiB", 12 << 30: "12.0 GiB", 3 << 40: "3.0 TiB",
	} {
		if got := humanBytes(n); got != want {
			t.Errorf("humanBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestHumanDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0s", 42 * time.Second: "42s", 5*time.Minute + 3*time.Second: "5m 3s",
		3*time.Hour + 12*time.Minute + 59*time.Second: "3h 12m", 50 * time.Hour: "2d 2h", -time.Second: "0s",
	} {
		if got := humanDuration(d); got != want {
			t.Errorf("humanDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestRenderStatus(t *testing.T) {
	yes := true
	s := &rpc.Status{
		Version: "0.1.0", PID: 4242, UptimeSeconds: 3*3600 + 12*60 + 5, DebugMode: true,
		Socket: "/run/anna/anna.sock", StateDir: "/var/lib/anna", ConfigFile: "/etc/anna/config.toml",
		Hardware: rpc.Hardware{
			CPUModel: "AMD Ryzen 7 5800X 8-Core Processor", Cores: 8, Threads: 16,
			RAMTotalBytes: 32 << 30, RAMAvailableBytes: 20 << 30,
			GPUs: []rpc.GPU{{Vendor: "nvidia", Model: "GeForce RTX 3080", VRAMBytes: 10 << 30}, {Vendor: "intel", Model: "Arc A770"}, {Vendor: "intel", Model: "UHD 630", Integrated: true}},
		},
		Model:          rpc.Model{Name: "qwen2.5:14b", Reason: "12GB+ VRAM", Present: &yes},
		Ollama:         rpc.Ollama{URL: "http://127.0.0.1:11434", Reachable: true, Version: "0.17.4", LastError: "cannot pull: \x1b[31mdisk full"},
		Probes:         make([]string, 11),
		ConfigWarnings: []string{"/etc/anna/config.toml:3: unknown key daemon.debug_mod is ignored"},
	}
	var b strings.Builder
	if err := renderStatus(&b, s, style{}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		"version      0.1.0\n", "annactl      " + version.String() + "\n", "uptime       3h 12m\n", "debug mode   on\n",
		"socket       /run/anna/anna.sock\n",
		"cpu          AMD Ryzen 7 5800X 8-Core Processor (8 cores, 16 threads)\n",
		"ram          32.0 GiB total, 20.0 GiB available\n",
		"gpu          nvidia GeForce RTX 3080, 10.0 GiB VRAM\n", "gpu          intel Arc A770, VRAM unknown\n",
		"gpu          intel UHD 630, integrated (shares system RAM)\n",
		"warning      /etc/anna/config.toml:3: unknown key daemon.debug_mod is ignored\n",
		"name         qwen2.5:14b\n", "reason       12GB+ VRAM\n", "present      yes\n",
		"url          http://127.0.0.1:11434\n", "reachable    yes, version 0.17.4\n",
		"last error   cannot pull: disk full\n", "available    11\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("status lacks %q:\n%s", want, got)
		}
	}

	s.Model.Present, s.Hardware.GPUs, s.DebugMode, s.Ollama.Reachable = nil, nil, false, false
	b.Reset()
	_ = renderStatus(&b, s, style{})
	for _, want := range []string{"present      unknown\n", "gpu          none found\n", "debug mode   off\n", "reachable    no"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("status lacks %q:\n%s", want, b.String())
		}
	}
}
