package ollama

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// Host paths, as systemd sees them; the Layout roots them for reading and
// writing.
const (
	installPrefix = "/usr/local"
	// unitDir is where locally installed software puts its units, like
	// annad's own: annad.service may write there, not /etc/systemd/system.
	unitDir      = "/usr/local/lib/systemd/system"
	modelsSubdir = "models" // under the state directory
)

// HostPaths returns the host paths outside the state directory that the
// manager creates and that uninstall removes: the binary, the library
// directory (everything in it too) and annad's unit for Ollama. Each
// one's directory must be writable inside annad.service's sandbox; the
// installer's tests check that it is.
func HostPaths() []string {
	return []string{installPrefix + "/bin/ollama", installPrefix + "/lib/ollama", unitDir + "/" + AnnaUnit}
}

// startTimeout bounds waiting for a started Ollama to answer.
const startTimeout = 90 * time.Second

// bringUp makes Ollama answer: it starts an existing unit, or installs the
// binary if needed, writes annad's unit and starts that.
func (m *Manager) bringUp(ctx context.Context, client *api.Client) error {
	if m.Units == nil {
		return fmt.Errorf("cannot start Ollama: annad runs without systemd; start Ollama yourself")
	}
	unit, err := m.findUnit(ctx)
	if err != nil {
		return err
	}
	if unit == "" {
		if unit, err = m.createUnit(ctx); err != nil {
			return err
		}
	}
	if unit == AnnaUnit {
		if err := m.enable(ctx); err != nil {
			return err
		}
	}
	m.phase("starting "+unit, -1)
	st, err := m.Units.State(ctx, unit)
	if err != nil {
		return fmt.Errorf("cannot read the state of %s: %w", unit, err)
	}
	start := m.Units.Start
	if st.ActiveState == "active" {
		start = m.Units.Restart // running but not answering
	}
	if err := start(ctx, unit); err != nil {
		return fmt.Errorf("cannot start %s: %w; see journalctl -u %s", unit, err, unit)
	}
	return m.awaitAPI(ctx, client, unit)
}

// enable enables annad's unit, so Ollama starts at boot before anyone
// asks, and records it the first time for uninstall to disable. The
// distribution's unit is left as its owner set it.
func (m *Manager) enable(ctx context.Context) error {
	changed, err := m.Units.Enable(ctx, AnnaUnit)
	if err != nil {
		return fmt.Errorf("cannot enable %s: %w", AnnaUnit, err)
	}
	if !changed {
		return nil
	}
	return m.record(ctx, upkeep.Entry{Kind: upkeep.KindUnitEnabled, Target: AnnaUnit, Reversal: upkeep.ReverseDisable, Note: "Ollama starts at boot"})
}

// findUnit returns the loaded Ollama unit, or "" when there is none.
func (m *Manager) findUnit(ctx context.Context) (string, error) {
	for _, u := range []string{SystemUnit, AnnaUnit} {
		st, err := m.Units.State(ctx, u)
		if err != nil {
			return "", fmt.Errorf("cannot read the state of %s: %w", u, err)
		}
		if st.LoadState == "loaded" {
			return u, nil
		}
	}
	return "", nil
}

// binary returns the host path of an installed ollama, or "".
func (m *Manager) binary() string {
	for _, p := range []string{installPrefix + "/bin/ollama", "/usr/bin/ollama"} {
		if fi, err := os.Lstat(m.Layout.Path(p)); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// createUnit installs the binary if missing, creates the models directory
// and writes annad's unit for Ollama, recording each in the ledger.
func (m *Manager) createUnit(ctx context.Context) (string, error) {
	bin := m.binary()
	if bin == "" {
		if m.ReleaseURL == "" {
			// Nothing is created before annad knows it can install:
			// uninstall must find no trace of a pass that could not.
			m.phase("Ollama is not installed", -1)
			return "", fmt.Errorf("%w: install Ollama (https://ollama.com/download), annad finds it at its next try; "+
				"or set [ollama] release_url to the ollama-linux-%s archive of an Ollama release and release_sha256 to "+
				"that archive's SHA-256 (its line in the release's sha256sum.txt), then restart annad", ErrNotInstalled, runtime.GOARCH)
		}
		if err := m.install(ctx); err != nil {
			return "", err
		}
		bin = installPrefix + "/bin/ollama"
	}
	models := filepath.Join(m.Layout.StateDir(), modelsSubdir)
	if err := m.mkdir(ctx, models); err != nil {
		return "", err
	}
	host, err := listenAddress(m.URL)
	if err != nil {
		return "", err
	}
	hostModels := filepath.Join("/var/lib/anna", modelsSubdir)
	unitPath, body := m.Layout.Path(unitDir+"/"+AnnaUnit), unitFile(bin, host, hostModels)
	// A pass that wrote the unit but failed before systemd loaded it left
	// this very file: keep it rather than fail on it forever.
	if old, err := os.ReadFile(unitPath); err != nil || !bytes.Equal(old, body) {
		if err := m.writeFile(ctx, unitPath, body, 0o644, upkeep.KindUnit, upkeep.ReverseStopRemove); err != nil {
			return "", err
		}
	}
	if err := m.Units.Reload(ctx); err != nil {
		return "", fmt.Errorf("cannot make systemd read %s: %w", AnnaUnit, err)
	}
	return AnnaUnit, nil
}

// unitFile is annad's unit for Ollama: root's server confined to its models
// directory, listening where [ollama] url points.
func unitFile(bin, host, models string) []byte {
	return []byte(`# Written by annad (Anna) and recorded in its ledger; annactl uninstall removes it.
[Unit]
Description=Ollama for Anna
After=network-online.target

[Service]
ExecStart=` + bin + ` serve
Environment=OLLAMA_HOST=` + host + `
Environment=OLLAMA_MODELS=` + models + `
Environment=HOME=` + models + `
Restart=on-failure
RestartSec=3
NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=yes
PrivateTmp=yes
ReadWritePaths=` + models + `

[Install]
WantedBy=multi-user.target
`)
}

// listenAddress is the host:port Ollama must listen on for url to reach
// it; only loopback and literal addresses are accepted, because a name
// would make annad's unit listen wherever that name resolves.
func listenAddress(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return "", fmt.Errorf("cannot derive where Ollama listens from %q", raw)
	}
	port := u.Port()
	if port == "" {
		port = "11434"
	}
	host := u.Hostname()
	if host == "localhost" {
		host = "127.0.0.1"
	}
	if strings.ContainsAny(host, " \n\t=\\\"'") {
		return "", fmt.Errorf("cannot use Ollama host %q in a unit file", host)
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return host + ":" + port, nil
}

// awaitAPI polls Ollama's API with growing waits until it answers or
// startTimeout passes.
func (m *Manager) awaitAPI(ctx context.Context, client *api.Client, unit string) error {
	ctx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	wait := 50 * time.Millisecond
	for !reachable(ctx, client) {
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("cannot reach Ollama at %s after starting %s: see journalctl -u %s", m.URL, unit, unit)
		case <-t.C:
		}
		wait = min(2*wait, 2*time.Second)
	}
	return nil
}

// mkdir creates dir (mode 0755) if missing and records it.
func (m *Manager) mkdir(ctx context.Context, dir string) error {
	fi, err := os.Lstat(dir)
	if err == nil {
		if !fi.IsDir() {
			return fmt.Errorf("cannot use %s for models: it is not a directory; move it away", dir)
		}
		return nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot inspect %s: %w", dir, err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %w", dir, err)
	}
	return m.record(ctx, upkeep.Entry{Kind: upkeep.KindDir, Target: dir, Reversal: upkeep.ReverseRemove, Note: "Ollama's models"})
}

// writeFile creates path with body (never over an existing file), then
// records it.
func (m *Manager) writeFile(ctx context.Context, path string, body []byte, mode os.FileMode, kind, reversal string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return fmt.Errorf("cannot create %s: %w", path, err)
	}
	_, werr := f.Write(body)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		_ = os.Remove(path)
		return fmt.Errorf("cannot write %s: %w", path, werr)
	}
	return m.record(ctx, upkeep.Entry{Kind: kind, Target: path, Reversal: reversal, SHA256: digest(body)})
}

func (m *Manager) record(ctx context.Context, e upkeep.Entry) error {
	if m.Ledger == nil {
		return nil
	}
	if err := m.Ledger.Record(ctx, e); err != nil {
		return fmt.Errorf("cannot record %s in the ledger: %w", e.Target, err)
	}
	return nil
}
