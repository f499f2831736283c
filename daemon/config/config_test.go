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
		{"model port", "[ollama]\nmodel = \"host:port/library/x:1b\"\n", ":2: key ollama.model"},
		{"duration", "[daemon]\nidle_timeout = \"soon\"\n", ":2"},
		{"group", "[daemon]\nsocket_group = \"Root Users\"\n", ":2: key daemon.socket_group"},
		{"level", "[daemon]\nlog_level = \"loud\"\n", ":2: key daemon.log_level"},
		{"requests", "[daemon]\nmax_requests = 0\n", ":2: key daemon.max_requests: 0 is out of range"},
		{"share", "[daemon]\nmax_requests = 8\nmax_requests_per_user = 0\n", ":3: key daemon.max_requests_per_user: 0 is out of range"},
		{"parallel", "[ollama]\nparallel = 0\n", ":2: key ollama.parallel: 0 is out of range"},
		{"release url", "[ollama]\nrelease_url = \"file:///tmp/x\"\n", ":2: key ollama.release_url"},
		{"release sha", "[ollama]\nrelease_url = \"https://h/o.tgz\"\nrelease_sha256 = \"ABC\"\n", ":3: key ollama.release_sha256"},
		{"sha alone", "[ollama]\nrelease_sha256 = \"" + strings.Repeat("a", 64) + "\"\n", ": key ollama.release_url: is needed"},
		{"update url", "[update]\nurl = \"releases\"\n", ":2: key update.url"},
		{"interval", "[update]\nurl = \"https://h/r/\"\ninterval = \"1s\"\n", ":3: key update.interval"},
		{"auto without url", "[update]\nauto_update = true\n", ":2: key update.auto_update"},
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

func TestUpkeepKeys(t *testing.T) {
	sha := strings.Repeat("0f", 32)
	p := write(t, "[ollama]\nmanage = true\nrelease_url = \"https://example.invalid/ollama.tgz\"\nrelease_sha256 = \""+sha+"\"\n"+
		"[update]\nurl = \"http://10.0.0.1:8080/anna/\"\ninterval = \"5m\"\nauto_update = true\n")
	cfg, warns, err := Load(p)
	if err != nil || len(warns) != 0 {
		t.Fatalf("Load: %v %v", err, warns)
	}
	if !cfg.Ollama.Manage || cfg.Ollama.ReleaseSHA256 != sha || cfg.Update.Interval.Duration != 5*time.Minute || !cfg.Update.AutoUpdate {
		t.Fatalf("got %+v", cfg)
	}
	if d := Default(); d.Ollama.Manage || d.Update.URL != "" || d.Update.AutoUpdate || d.Update.Interval.Duration != time.Minute {
		t.Fatalf("defaults differ from the documented ones: %+v", d)
	}
}

func TestUnreadableFile(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := Load(dir); err == nil || !strings.Contains(err.Error(), dir) {
		t.Fatalf("reading a directory should fail naming it, got %v", err)
	}
}

// A model pulled from a local registry is named with its host and port,
// as Ollama names it.
func TestModelWithRegistryHost(t *testing.T) {
	for _, name := range []string{"10.0.2.2:35000/library/tiny:latest", "mirror.lan:5000/library/qwen2.5:0.5b", "llama3.2:3b"} {
		cfg, _, err := Load(write(t, "[ollama]\nmodel = \""+name+"\"\n"))
		if err != nil || cfg.Ollama.Model != name {
			t.Errorf("model %q: %v", name, err)
		}
	}
}
