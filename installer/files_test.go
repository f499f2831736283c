package installer

import (
	"context"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/config"
	"github.com/jjgarcianorway/anna-assistant/dirs"
)

func file(t *testing.T, name string) File {
	t.Helper()
	for _, f := range Files() {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("Files() has no %s", name)
	return File{}
}

// directives returns a unit file's Key=Value lines as key → values.
func directives(data []byte) map[string][]string {
	m := map[string][]string{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == '[' {
			continue
		}
		k, v, _ := strings.Cut(line, "=")
		m[k] = append(m[k], v)
	}
	return m
}

// Every file is embedded, from its own source, and the embedded copy is
// the file in the repository.
func TestFilesAreTheRepositoryFiles(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range Files() {
		if seen[f.Name] {
			t.Errorf("two files are named %s in the release", f.Name)
		}
		seen[f.Name] = true
		disk, err := os.ReadFile(f.Source)
		if err != nil {
			t.Fatal(err)
		}
		if string(disk) != string(f.Data) || len(f.Data) == 0 {
			t.Errorf("%s: embedded copy differs from %s", f.Name, f.Source)
		}
		if f.Target != "" && (!filepath.IsAbs(f.Target) || filepath.Clean(f.Target) != f.Target) {
			t.Errorf("%s: target %q is not a clean absolute path", f.Name, f.Target)
		}
	}
	if Files()[0].Data[0] = 'X'; Files()[0].Data[0] == 'X' {
		t.Error("Files shares its data between calls")
	}
}

// Packagers substitute the binary's path in exactly one line. Comments
// and ReadWritePaths= (the directory annad updates itself in, "-" so a
// packager's layout without it is fine) do not count.
func TestBinaryPathIsOneLine(t *testing.T) {
	n := 0
	for _, f := range Files() {
		if f.Name == "install.sh" {
			continue
		}
		for _, line := range strings.Split(string(f.Data), "\n") {
			if !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "ReadWritePaths=") {
				n += strings.Count(line, BinDir)
			}
		}
	}
	svc := directives(file(t, "annad.service").Data)
	if n != 1 || !reflect.DeepEqual(svc["ExecStart"], []string{BinDir + "/annad"}) {
		t.Errorf("%s appears %d times outside install.sh, ExecStart=%q; want once, in ExecStart=%s/annad", BinDir, n, svc["ExecStart"], BinDir)
	}
}

// The units say what the issue and dirs.Host say, and keep none of the
// settings that would blind a root reader or delete the socket.
func TestUnitsSettings(t *testing.T) {
	sock := directives(file(t, "annad.socket").Data)
	want := map[string]string{
		"ListenStream": dirs.Host.Socket(), "SocketMode": "0660", "SocketUser": "root",
		"SocketGroup": config.Default().Daemon.SocketGroup, "DirectoryMode": "0755", "WantedBy": "sockets.target",
	}
	for k, v := range want {
		if !reflect.DeepEqual(sock[k], []string{v}) {
			t.Errorf("annad.socket: %s=%q, want %q", k, sock[k], v)
		}
	}
	svc := directives(file(t, "annad.service").Data)
	want = map[string]string{
		"Type": "notify", "Requires": "annad.socket", "Restart": "on-failure",
		"StateDirectory": filepath.Base(dirs.Host.StateDir()), "StateDirectoryMode": "0700",
		"ConfigurationDirectory": filepath.Base(dirs.Host.ConfigDir()), "NoNewPrivileges": "yes",
		"ProtectSystem": "strict", "WantedBy": "multi-user.target", "Also": "annad.socket",
	}
	for k, v := range want {
		if !reflect.DeepEqual(svc[k], []string{v}) {
			t.Errorf("annad.service: %s=%q, want %q", k, svc[k], v)
		}
	}
	if after := strings.Fields(strings.Join(svc["After"], " ")); !contains(after, "annad.socket") {
		t.Errorf("annad.service: After=%q lacks annad.socket", after)
	}
	if !strings.Contains(strings.Join(svc["RestrictAddressFamilies"], " "), "AF_NETLINK") {
		t.Error("annad.service: netlink (addresses, routes, sockets) must stay allowed")
	}
	for _, k := range []string{"RuntimeDirectory", "DynamicUser", "PrivateUsers", "ProtectProc", "ProcSubset",
		"PrivateNetwork", "User", "InaccessiblePaths", "IPAddressDeny"} {
		if _, ok := svc[k]; ok {
			t.Errorf("annad.service sets %s, which stops annad reading the machine or keeping its socket", k)
		}
	}
	if strings.Contains(strings.Join(svc["ProtectHome"], ""), "yes") {
		t.Error("annad.service: ProtectHome=yes hides /home from disk_usage; use read-only")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// installedConfig is what the installed config.toml gives: annad's
// defaults, except the one line it sets on purpose. annad's own default
// leaves Ollama alone (tests, make run, a library user); the installed
// file lets annad install Ollama and pull the model, so that a fresh
// install ends with a working model (issue 11).
func installedConfig() config.Config {
	c := config.Default()
	c.Ollama.Manage = true
	return c
}

// The default config parses with annad's loader, warns about nothing and
// changes no default but the documented one ([ollama] manage = true, the
// only line it sets); every value it documents in a comment is the real
// default, and it documents every key.
func TestDefaultConfig(t *testing.T) {
	data := file(t, "config.toml").Data
	load := func(text string) config.Config {
		t.Helper()
		p := filepath.Join(t.TempDir(), "config.toml")
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		cfg, warnings, err := config.Load(p)
		if err != nil || len(warnings) > 0 {
			t.Fatalf("config.Load: %v, warnings %q", err, warnings)
		}
		return cfg
	}
	if config.Default().Ollama.Manage {
		t.Error("annad's own default manages Ollama; only the installed config.toml may turn it on")
	}
	set := regexp.MustCompile(`(?m)^[a-z][a-z0-9_]* = .*$`).FindAllString(string(data), -1)
	if !reflect.DeepEqual(set, []string{"manage = true"}) {
		t.Errorf("config.toml sets %q; want only manage = true (every other key commented, at its default)", set)
	}
	if cfg := load(string(data)); !reflect.DeepEqual(cfg, installedConfig()) {
		t.Errorf("the default config.toml gives %+v; want annad's defaults with only [ollama] manage = true", cfg)
	}
	commented := regexp.MustCompile(`(?m)^# ([a-z][a-z0-9_]* = .*)$`)
	keys := len(commented.FindAllString(string(data), -1)) + len(set)
	uncommented := commented.ReplaceAllString(string(data), "$1")
	if cfg := load(uncommented); !reflect.DeepEqual(cfg, installedConfig()) {
		t.Errorf("a documented default is not the real one: uncommented, the file gives %+v", cfg)
	}
	// Every table of the config, so a key added later must be documented.
	var all int
	tables := reflect.TypeOf(config.Config{})
	for i := range tables.NumField() {
		all += tables.Field(i).Type.NumField()
	}
	if keys != all {
		t.Errorf("config.toml documents %d keys, annad has %d", keys, all)
	}
}

// The policy declares the three actions, admin authentication for all,
// kept for a while only in an active local session.
func TestPolkitPolicy(t *testing.T) {
	var p struct {
		Actions []struct {
			ID       string `xml:"id,attr"`
			Message  string `xml:"message"`
			Defaults struct {
				Any      string `xml:"allow_any"`
				Inactive string `xml:"allow_inactive"`
				Active   string `xml:"allow_active"`
			} `xml:"defaults"`
		} `xml:"action"`
	}
	if err := xml.Unmarshal(file(t, "io.github.jjgarcianorway.anna.policy").Data, &p); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, a := range p.Actions {
		ids = append(ids, a.ID)
		d := a.Defaults
		if d.Any != "auth_admin_keep" || d.Inactive != "auth_admin_keep" || d.Active != "auth_admin_keep" || a.Message == "" {
			t.Errorf("%s: defaults %+v, message %q", a.ID, d, a.Message)
		}
	}
	want := []string{"io.github.jjgarcianorway.anna.uninstall", "io.github.jjgarcianorway.anna.autofix",
		"io.github.jjgarcianorway.anna.execute-plan"}
	if !reflect.DeepEqual(ids, want) {
		t.Errorf("actions %q, want %q", ids, want)
	}
}

// sysusers.d creates the socket's group as a system group.
func TestSysusers(t *testing.T) {
	var lines []string
	for _, l := range strings.Split(string(file(t, "anna.conf").Data), "\n") {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
			lines = append(lines, strings.Join(strings.Fields(l), " "))
		}
	}
	if want := []string{"g " + config.Default().Daemon.SocketGroup + " - -"}; !reflect.DeepEqual(lines, want) {
		t.Errorf("sysusers.d entries %q, want %q", lines, want)
	}
	if _, err := exec.LookPath("systemd-sysusers"); err != nil || os.Geteuid() != 0 {
		t.Skip("creating the group for real needs systemd-sysusers and root")
	}
	root := t.TempDir()
	must(t, os.Mkdir(filepath.Join(root, "etc"), 0o755))
	src, err := filepath.Abs(file(t, "anna.conf").Source)
	must(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "systemd-sysusers", "--root="+root, src).CombinedOutput(); err != nil {
		t.Fatalf("systemd-sysusers: %v\n%s", err, out)
	}
	group, err := os.ReadFile(filepath.Join(root, "etc/group"))
	must(t, err)
	m := regexp.MustCompile(`(?m)^anna:x:(\d+):$`).FindSubmatch(group)
	if m == nil {
		t.Fatalf("systemd-sysusers wrote %q; want group anna", group)
	}
	if gid, _ := strconv.Atoi(string(m[1])); gid <= 0 || gid >= 1000 {
		t.Errorf("systemd-sysusers wrote %q; want a system group anna", group)
	}
}
