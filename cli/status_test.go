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

// A last error shows in red with its advice while it stands; once annad
// saw the cause gone it is history, dimmed and marked resolved, so it never
// contradicts "present yes" beside it.
func TestRenderStatusLastError(t *testing.T) {
	yes := true
	at := time.Date(2026, 3, 1, 10, 0, 1, 0, time.Local)
	s := &rpc.Status{
		Model: rpc.Model{Name: "tiny", Present: &yes},
		Ollama: rpc.Ollama{URL: "http://127.0.0.1:11434", Reachable: true, CheckedAt: at.Add(time.Minute),
			LastError: "cannot use model tiny: Ollama does not have it", LastErrorAt: at,
			LastErrorHint: "pull it with 'ollama pull tiny', or pin another model in /srv/anna/.run/config.toml ([ollama] model)"},
	}
	render := func() string {
		var b strings.Builder
		if err := renderStatus(&b, s, style{color: true}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	got := render()
	for _, want := range []string{
		"last error   \x1b[31mcannot use model tiny: Ollama does not have it (2026-03-01 10:00:01)\x1b[0m\n",
		"advice       pull it with 'ollama pull tiny', or pin another model in /srv/anna/.run/config.toml ([ollama] model)\n",
		"checked      2026-03-01 10:01:01\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("standing error: status lacks %q:\n%q", want, got)
		}
	}

	s.Ollama.LastErrorResolvedAt = at.Add(30 * time.Second)
	got = render()
	want := "earlier      \x1b[2mcannot use model tiny: Ollama does not have it (2026-03-01 10:00:01), resolved 2026-03-01 10:00:31\x1b[0m\n"
	if !strings.Contains(got, want) || strings.Contains(got, "last error") || strings.Contains(got, "advice") || strings.Contains(got, "\x1b[31m") {
		t.Errorf("resolved error: want %q and no red last error or advice:\n%q", want, got)
	}

	s.Ollama = rpc.Ollama{URL: "http://127.0.0.1:11434"}
	if got = render(); !strings.Contains(got, "checked      not yet (annad has just started; run annactl status again)\n") {
		t.Errorf("no check yet:\n%s", got)
	}
}

func TestRenderStatusLedger(t *testing.T) {
	s := &rpc.Status{Ledger: &rpc.LedgerState{Path: "/var/lib/anna/ledger.json", Entries: 12}}
	var b strings.Builder
	if err := renderStatus(&b, s, style{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "  ledger       /var/lib/anna/ledger.json (12 entries)\n") || strings.Contains(b.String(), "damaged") {
		t.Fatalf("sound ledger:\n%s", b.String())
	}
	s.Ledger = &rpc.LedgerState{Path: "/var/lib/anna/ledger.json", Entries: 1,
		Corrupt: []string{"/var/lib/anna/ledger.json.corrupt-1"}, Problem: "the ledger did not parse", Repair: "fix it\x1b[2J"}
	b.Reset()
	_ = renderStatus(&b, s, style{})
	out := b.String()
	if !strings.Contains(out, "(1 entry)\n  ledger       damaged: the ledger did not parse\n  repair       fix it") || strings.Contains(out, "\x1b[2J") {
		t.Fatalf("damaged ledger:\n%q", out)
	}
}
