package installer

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/ledger"
	"github.com/jjgarcianorway/anna-assistant/upkeep/ollama"
)

// sandboxWritable returns the paths annad.service lets annad write: its
// ReadWritePaths= ("-" stripped) and its state and configuration
// directories.
func sandboxWritable(t *testing.T) []string {
	t.Helper()
	var rw []string
	for _, line := range strings.Split(string(file(t, "annad.service").Data), "\n") {
		key, val, ok := strings.Cut(strings.TrimSpace(line), "=")
		switch {
		case !ok:
		case key == "ReadWritePaths":
			for _, p := range strings.Fields(val) {
				rw = append(rw, strings.TrimPrefix(p, "-"))
			}
		case key == "StateDirectory":
			rw = append(rw, "/var/lib/"+val)
		case key == "ConfigurationDirectory":
			rw = append(rw, "/etc/"+val)
		}
	}
	return rw
}

func under(p string, rw []string) string {
	for _, w := range rw {
		if p == w || strings.HasPrefix(p, w+"/") {
			return w
		}
	}
	return ""
}

// hostWrite is a host path annad changes: a file or directory it creates,
// replaces by rename or removes needs its parent directory writable
// (entry); one whose owner and mode it repairs needs itself (inode).
type hostWrite struct {
	path, by string
	inode    bool
	// viaSystemd is set when the change goes through systemd instead:
	// removing the state and configuration directories themselves, whose
	// parents (/var/lib, /etc) stay read-only.
	viaSystemd bool
}

// installTargets are the paths install.sh records (make_dir, put_file):
// uninstall removes each one.
func installTargets(t *testing.T) []hostWrite {
	t.Helper()
	script := strings.ReplaceAll(string(file(t, "install.sh").Data), "\\\n", " ")
	var out []hostWrite
	re := regexp.MustCompile(`(?m)^\s*(make_dir|put_file "[^"]*")\s+(/\S+)\s`)
	for _, m := range re.FindAllStringSubmatch(script, -1) {
		w := hostWrite{path: m[2], by: "install.sh records it, uninstall removes it"}
		if strings.HasPrefix(m[1], "make_dir") {
			w.viaSystemd = true
		}
		out = append(out, w)
	}
	if len(out) < 8 {
		t.Fatalf("found %d install.sh targets: %+v", len(out), out)
	}
	return out
}

// Every host path that any ledger-recorded or upkeep change touches is
// writable inside annad.service's sandbox or changed through systemd, and
// every ReadWritePaths= entry is needed by one of them. A new writer adds
// its paths here (or the sandbox breaks it on a real machine, as issue 9
// found); a wider sandbox needs a reason here too.
func TestSandboxCoversEveryWrite(t *testing.T) {
	rw := sandboxWritable(t)
	writes := installTargets(t)
	for _, f := range Files() {
		if f.Target != "" {
			writes = append(writes, hostWrite{path: f.Target, by: "installer.Files"})
		}
	}
	for _, p := range ollama.HostPaths() {
		writes = append(writes, hostWrite{path: p, by: "upkeep/ollama installs it"})
	}
	for _, b := range []string{"annad", "annactl"} {
		writes = append(writes, hostWrite{path: BinDir + "/" + b, by: "upkeep/update replaces it by rename"})
	}
	writes = append(writes,
		hostWrite{path: dirs.Host.Socket(), by: "autofix repairs its owner and mode", inode: true},
		hostWrite{path: dirs.Host.RunDir(), by: "autofix repairs its owner and mode", inode: true})

	needed := map[string]bool{}
	for _, w := range writes {
		need := path.Dir(w.path)
		if w.inode {
			need = w.path
		}
		if w.viaSystemd {
			// The directory's content is removed in the sandbox, the
			// directory itself by a transient rmdir.
			if under(w.path, rw) == "" {
				t.Errorf("%s (%s): its content must be writable in the sandbox, ReadWritePaths=%q", w.path, w.by, rw)
			}
			continue
		}
		wr := under(need, rw)
		if wr == "" {
			t.Errorf("%s (%s): %s is read-only inside annad.service (ReadWritePaths=%q); make it writable there or change it through systemd", w.path, w.by, need, rw)
			continue
		}
		needed[wr] = true
	}
	for _, w := range rw {
		if !needed[w] && w != "/var/lib/anna" && w != "/etc/anna" {
			t.Errorf("ReadWritePaths=%s: no change annad makes needs it; drop it", w)
		}
	}

	// What the ledger records that is not a path is undone through
	// systemd or Ollama, never by annad writing /etc or /usr itself.
	other := map[ledger.Kind]string{
		ledger.PackageInstalled: "package manager as a transient unit (undo.Systemd.Run)",
		ledger.GroupCreated:     "groupdel as a transient unit",
		ledger.UserAddedToGroup: "gpasswd -d as a transient unit",
		ledger.UnitEnabled:      "DisableUnitFiles over D-Bus",
		ledger.ModelPulled:      "Ollama's API",
	}
	for _, k := range []ledger.Kind{ledger.FileCreated, ledger.DirCreated, ledger.FileChanged, ledger.ConfigWritten,
		ledger.PackageInstalled, ledger.ModelPulled, ledger.UnitInstalled, ledger.UnitEnabled, ledger.GroupCreated,
		ledger.UserAddedToGroup, ledger.StateWritten} {
		if ledger.IsPathKind(k) == slices.Contains(keys(other), k) {
			t.Errorf("ledger kind %s: a path kind (checked above) or undone through systemd, not both or neither", k)
		}
	}
}

func keys[K comparable, V any](m map[K]V) []K {
	var out []K
	for k := range m {
		out = append(out, k)
	}
	return out
}
