package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func write(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMissingFileMeansDefaults(t *testing.T) {
	cfg, warns, err := Load(filepath.Join(t.TempDir(), "nope.toml"))
	if err != nil || len(warns) != 0 {
		t.Fatalf("Load: %v %v", err, warns)
	}
	if cfg != Default() {
		t.Fatalf("got %+v, want defaults", cfg)
	}
	if !cfg.Daemon.DebugMode || cfg.Daemon.SocketGroup != "anna" || cfg.Ollama.URL != "http://127.0.0.1:11434" || cfg.Ollama.Model != "" {
		t.Fatalf("defaults differ from the documented ones: %+v", cfg)
	}
}

func TestOverrides(t *testing.T) {
	p := write(t, `
[daemon]
socket_group = "wheel"
debug_mode = false
idle_timeout = "30s"
max_connections_per_uid = 4

[ollama]
url = "http://10.0.0.2:11434"
model = "llama3.2:3b"
`)
	cfg, warns, err := Load(p)
	if err != nil || len(warns) != 0 {
		t.Fatalf("Load: %v %v", err, warns)
	}
	if cfg.Daemon.SocketGroup != "wheel" || cfg.Daemon.DebugMode || cfg.Daemon.IdleTimeout.Duration != 30*time.Second ||
		cfg.Ollama.URL != "http://10.0.0.2:11434" || cfg.Ollama.Model != "llama3.2:3b" {
		t.Fatalf("got %+v", cfg)
	}
	if cfg.Daemon.MaxConnectionsPerUID != 4 || cfg.Daemon.MaxConnections != 64 {
		t.Fatalf("unset key lost its default: %d", cfg.Daemon.MaxConnections)
	}
}

func TestUnknownKeysAreWarnings(t *testing.T) {
	p := write(t, "[daemon]\ndebug_mode = true\ndebug_mod = false\n\n[extra]\nx = 1\n")
	_, warns, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(warns, "\n")
	for _, want := range []string{p + ":3: unknown key daemon.debug_mod", p + ":6: unknown key extra.x"} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings %q lack %q", joined, want)
		}
	}
}

func TestInvalidNamesFileLineAndKey(t *testing.T) {
	cases := []struct {
		name, text, want string
	}{
		{"syntax", "[daemon]\nsocket_group = \"anna\nx", ":2"},
		{"type", "[daemon]\n\ndebug_mode = \"yes\"\n", ":3"},
		{"range", "[daemon]\nmax_connections = 0\n", ":2: key daemon.max_connections: 0 is out of range"},
		{"per uid", "[daemon]\nmax_connections = 8\nmax_connections_per_uid = 0\n", ":3: key daemon.max_connections_per_uid: 0 is out of range"},
		{"url", "[ollama]\n  url = \"ftp://x\"\n", ":2: key ollama.url"},
		{"model", "[ollama]\nmodel = \"bad model!\"\n", ":2: key ollama.model"},
		{"duration", "[daemon]\nidle_timeout = \"soon\"\n", ":2"},
		{"group", "[daemon]\nsocket_group = \"Root Users\"\n", ":2: key daemon.socket_group"},
		{"level", "[daemon]\nlog_level = \"loud\"\n", ":2: key daemon.log_level"},
		{"requests", "[daemon]\nmax_requests = 0\n", ":2: key daemon.max_requests: 0 is out of range"},
		{"share", "[daemon]\nmax_requests = 8\nmax_requests_per_user = 0\n", ":3: key daemon.max_requests_per_user: 0 is out of range"},
		{"parallel", "[ollama]\nparallel = 0\n", ":2: key ollama.parallel: 0 is out of range"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := write(t, c.text)
			_, _, err := Load(p)
			if err == nil {
				t.Fatal("Load accepted an invalid file")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "cannot load config "+p+c.want) {
				t.Fatalf("error %q does not start with %q", msg, "cannot load config "+p+c.want)
			}
		})
	}
}

func TestUnreadableFile(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := Load(dir); err == nil || !strings.Contains(err.Error(), dir) {
		t.Fatalf("reading a directory should fail naming it, got %v", err)
	}
}
