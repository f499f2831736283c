package daemon_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon"
	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/ledger"
	"github.com/jjgarcianorway/anna-assistant/upkeep/update"
	"github.com/jjgarcianorway/anna-assistant/version"
)

func digest(b string) string { s := sha256.Sum256([]byte(b)); return hex.EncodeToString(s[:]) }

// swappedHost is a host right after annad swapped in an update to the
// version to: new binaries in bin, the old ones kept as .prev, the
// pending file in state.
func swappedHost(t *testing.T, state, to string, settled, rolledBack bool) (bin string) {
	t.Helper()
	bin = t.TempDir()
	type binary struct {
		Path       string `json:"path"`
		Prev       string `json:"prev"`
		SHA256     string `json:"sha256"`
		PrevSHA256 string `json:"prev_sha256"`
	}
	p := struct {
		From       string   `json:"from"`
		To         string   `json:"to"`
		Binaries   []binary `json:"binaries"`
		Settled    bool     `json:"settled"`
		RolledBack bool     `json:"rolled_back"`
		Reason     string   `json:"reason"`
	}{From: "0.0.9", To: to, Settled: settled, RolledBack: rolledBack}
	if rolledBack {
		p.From, p.Reason = version.String(), "it exited with status 1"
	}
	for _, name := range []string{"annactl", "annad"} {
		b := binary{Path: filepath.Join(bin, name), Prev: filepath.Join(bin, "."+name+".prev"), SHA256: digest("new " + name), PrevSHA256: digest("old " + name)}
		cur := "new " + name
		if rolledBack {
			cur = "old " + name
		} else if err := os.WriteFile(b.Prev, []byte("old "+name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(b.Path, []byte(cur), 0o755); err != nil {
			t.Fatal(err)
		}
		p.Binaries = append(p.Binaries, b)
	}
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, update.PendingFile), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return bin
}

// `annad finish-update`, as the transient unit runs it: systemd (a fake
// on a private bus) restarts annad.service, a real annad answers on its
// socket, and the finisher keeps or rolls back the binaries on disk.
func TestFinishUpdateMode(t *testing.T) {
	for _, c := range []struct {
		name    string
		to      string
		results []string // of the restarts, in order
		kept    bool
	}{
		{"new annad answers", version.String(), []string{"done"}, true},
		{"new annad fails to start", version.String(), []string{"failed", "done"}, false},
		{"another version answers", "9.9.9", []string{"done", "done"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := daemontest.Start(t, daemontest.Options{})
			state := t.TempDir()
			bin := swappedHost(t, state, c.to, true, false)
			bus := dbustest.New(t)
			fake := bus.Systemd(t)
			var mu sync.Mutex
			restarts := 0
			fake.OnRestart(func(string) string {
				mu.Lock()
				defer mu.Unlock()
				restarts++
				return c.results[min(restarts, len(c.results))-1]
			})
			cmd := annad([]string{"DBUS_SYSTEM_BUS_ADDRESS=" + bus.Address}, daemon.FinishUpdateMode, "--state-dir", state, "--socket", d.Socket)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			guard := time.AfterFunc(5*time.Minute, func() { _ = cmd.Process.Kill() })
			defer guard.Stop()
			if err := cmd.Wait(); err != nil {
				t.Fatalf("finish-update: %v\n%s", err, stderr.String())
			}
			want := slices.Repeat([]string{"restart annad.service replace"}, len(c.results))
			if jobs := fake.Jobs(); !slices.Equal(jobs, want) {
				t.Errorf("systemd jobs %q, want %q", jobs, want)
			}
			annadNow, _ := os.ReadFile(filepath.Join(bin, "annad"))
			_, prevErr := os.Lstat(filepath.Join(bin, ".annad.prev"))
			_, pendErr := os.Lstat(filepath.Join(state, update.PendingFile))
			failed, _ := os.ReadFile(filepath.Join(state, update.FailedFile))
			if c.kept {
				if string(annadNow) != "new annad" || prevErr == nil || pendErr == nil || len(failed) != 0 {
					t.Errorf("annad %q, backup %v, pending %v, failed %q; want the update kept and finished\n%s", annadNow, prevErr, pendErr, failed, stderr.String())
				}
				return
			}
			if string(annadNow) != "old annad" || prevErr == nil || pendErr != nil || string(failed) != c.to+"\n" {
				t.Errorf("annad %q, backup %v, pending %v, failed %q; want the old binaries back\n%s", annadNow, prevErr, pendErr, failed, stderr.String())
			}
			if !strings.Contains(stderr.String(), "rolled back to 0.0.9") {
				t.Errorf("the journal line does not say so:\n%s", stderr.String())
			}
		})
	}
}

// The annad that starts after a rollback settles before it serves: its
// first status shows why, and its ledger names the binaries on disk.
func TestAnnadAfterARollbackReportsAndReconciles(t *testing.T) {
	state := t.TempDir()
	bin := swappedHost(t, state, "9.9.9", true, true)
	d := daemontest.Start(t, daemontest.Options{StateDir: state})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := d.Client(t).Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Update == nil || !strings.Contains(st.Update.LastError, "cannot update to 9.9.9: it did not start (it exited with status 1); rolled back to "+version.String()) {
		t.Errorf("status update = %+v", st.Update)
	}
	if _, err := os.Lstat(filepath.Join(state, update.PendingFile)); err == nil {
		t.Error("the pending file outlived the start")
	}
	raw, err := os.ReadFile(filepath.Join(state, ledger.FileName))
	if err != nil {
		t.Fatal(err)
	}
	var doc ledger.Document
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"annactl", "annad"} {
		path := filepath.Join(bin, name)
		if !slices.ContainsFunc(doc.Entries, func(e ledger.Entry) bool {
			return e.Target == path && e.Kind == ledger.FileCreated && e.Digest == "sha256:"+digest("old "+name)
		}) {
			t.Errorf("the ledger does not name %s as on disk:\n%s", path, raw)
		}
	}
}

// annad's help names the finish-update mode, whose own help and errors
// follow annad's.
func TestFinishUpdateUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--help"}, 0, "annad finish-update [--socket PATH] [--state-dir DIR]"},
		{[]string{"finish-update", "--help"}, 0, "puts the previous ones back if the new annad does not answer"},
		{[]string{"finish-update", "--config", "x"}, 2, "annad finish-update: unknown flag: --config\nusage: annad finish-update"},
		{[]string{"finish-update", "now"}, 2, `annad finish-update: unexpected argument "now"`},
	} {
		var stderr bytes.Buffer
		cmd := annad(nil, c.args...)
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", c.args, code, stderr.String(), c.code, c.want)
		}
	}
}

// The new annad records the update before it serves (and so before it
// tells systemd it is ready, which ends the finisher's restart job), and
// keeps the backups for the finisher.
func TestNewAnnadSettlesBeforeItServes(t *testing.T) {
	state := t.TempDir()
	bin := swappedHost(t, state, version.String(), false, false)
	d := daemontest.Start(t, daemontest.Options{StateDir: state})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := d.Client(t).Status(ctx); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(state, update.PendingFile))
	if err != nil || !strings.Contains(string(raw), `"settled":true`) {
		t.Errorf("pending file %s, %v: want it settled and kept for the finisher", raw, err)
	}
	if _, err := os.Lstat(filepath.Join(bin, ".annad.prev")); err != nil {
		t.Errorf("the backup is gone before the finisher confirmed: %v", err)
	}
	doc, err := os.ReadFile(filepath.Join(state, ledger.FileName))
	if err != nil || !strings.Contains(string(doc), "sha256:"+digest("new annad")) || !strings.Contains(string(doc), "sha256:"+digest("new annactl")) {
		t.Errorf("the ledger does not name the new binaries (%v):\n%s", err, doc)
	}
}
