package probes

import (
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/journal"
)

// journalRoot builds a host tree whose journal directories hold the
// journal fixtures that systemd-journal-remote wrote (journal/testdata):
// files maps a path under the root to a fixture name. /etc/machine-id
// names the fixtures' machine.
func journalRoot(t testing.TB, files map[string]string) dirs.Layout {
	t.Helper()
	root := t.TempDir()
	d, err := zstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for path, name := range files {
		raw, err := os.ReadFile(filepath.Join("..", "journal", "testdata", name+".journal.zst"))
		if err != nil {
			t.Fatal(err)
		}
		b, err := d.DecodeAll(raw, nil)
		if err != nil {
			t.Fatal(err)
		}
		full := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, b, 0o640); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "etc"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "etc", "machine-id"), []byte(fixtureMachine+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dirs.At(root)
}

// fixtureMachine is the machine ID in the fixtures' headers.
const fixtureMachine = "3d1219c7c4c5404aaa1f6d2a48adfda4"

// at formats a microsecond timestamp as journalctl does, in the local
// time zone the probe renders in.
func at(usec int64) string { return time.UnixMicro(usec).Local().Format("Jan 02 15:04:05") }

// The fixture's entries in the export input (export.py) start here, one
// a second (plus 3 µs).
const fixtureT0 = 1763816224000000

func fixtureTime(i int) time.Time { return time.UnixMicro(fixtureT0 + int64(i)*1_000_003) }

func TestSystemLogsReadsJournalFiles(t *testing.T) {
	layout := journalRoot(t, map[string]string{
		"var/log/journal/" + fixtureMachine + "/system.journal":    "compact",
		"var/log/journal/" + fixtureMachine + "/user-1000.journal": "user",
	})
	out := runProbe(t, systemLogs, &Env{Layout: layout})
	log := out.Data.(SystemLog)
	// The long messages put 200 entries over the data bound: the oldest
	// are left out, and a note says so.
	n := len(log.Entries)
	if want := fmt.Sprintf("kept the newest %d of 200 entries", n); n < 150 || len(out.Notes) != 1 || !strings.HasPrefix(out.Notes[0], want) {
		t.Fatalf("%d entries, notes %q", n, out.Notes)
	}
	users := 0
	for i, e := range log.Entries {
		if e.Priority < 1 || e.Priority > 4 || e.Level != levels[e.Priority] {
			t.Errorf("entry %d has priority %d %q", i, e.Priority, e.Level)
		}
		if i > 0 && e.Time.Before(log.Entries[i-1].Time) {
			t.Errorf("entry %d at %v is older than the one before", i, e.Time)
		}
		if e.Identifier == "userapp" {
			users++
		}
	}
	if users == 0 {
		t.Error("no entry of the user journal among the newest")
	}
	// The newest: entry 596 of export.py (599 is debug, 597 notice, 598 info).
	if last := log.Entries[n-1]; !last.Time.Equal(fixtureTime(596)) || last.Message != "message 596 from CRON" {
		t.Errorf("newest entry %+v", last)
	}
	byTime := map[time.Time]LogEntry{}
	for _, e := range log.Entries {
		byTime[e.Time] = e
	}
	for i, want := range map[int]LogEntry{
		561: {Priority: 2, Identifier: "CRON", PID: 1561, Unit: "cron.service", Cut: true},
		562: {Priority: 3, Identifier: "backup.sh", PID: 1562, Unit: "backup.service", Message: "[9 B blob data]"},
		563: {Priority: 4, Identifier: "nginx", PID: 1563, Unit: "nginx.service", Message: "[17 B blob data]"},
		// No SYSLOG_IDENTIFIER, no _PID, no unit: _COMM and SYSLOG_PID.
		564: {Priority: 1, Identifier: "comm-only", PID: 42, Message: "escape red  bell"},
		// MESSAGE set twice: the last value, as journalctl shows it.
		568: {Priority: 1, Identifier: "nginx", PID: 1568, Unit: "nginx.service", Message: "second value"},
		571: {Priority: 3, Identifier: "CRON", PID: 1571, Unit: "cron.service", Message: "message 571 from CRON"},
		// _PID wins over SYSLOG_PID.
		538: {Priority: 2, Identifier: "nginx", PID: 1538, Unit: "nginx.service", Message: "message 538 from nginx"},
	} {
		got, ok := byTime[fixtureTime(i)]
		if !ok {
			t.Errorf("entry %d missing", i)
			continue
		}
		want.Time, want.Level, want.Host, want.BootID = fixtureTime(i), levels[want.Priority], "anna-host", "a1a2a3a4a5a6a7a8a9aaabacadaeaf00"
		if want.Cut {
			want.Message = got.Message
			if len(got.Message) > MaxLogMessageBytes || !strings.HasPrefix(got.Message, "huge message 0000000\n") || !strings.HasSuffix(got.Message, "…") {
				t.Errorf("entry %d: cut message of %d bytes: %.40q…", i, len(got.Message), got.Message)
			}
		}
		if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, got, want)
		}
	}
	if !strings.Contains(out.Stdout, at(fixtureT0+565*1_000_003)+" anna-host sshd[1565]: tar: /srv: Cannot open\n") {
		t.Errorf("Stdout lacks the two-line entry:\n%s", out.Stdout)
	}
}

// Where journalctl exists, the probe's entries and its short output are
// journalctl's own on the same files.
func TestSystemLogsMatchesJournalctl(t *testing.T) {
	jctl, err := exec.LookPath("journalctl")
	if err != nil {
		t.Skip("skipping: journalctl is not installed")
	}
	layout := journalRoot(t, map[string]string{
		"var/log/journal/" + fixtureMachine + "/system.journal":    "compact",
		"var/log/journal/" + fixtureMachine + "/user-1000.journal": "user",
	})
	dir := filepath.Join(layout.Root, "var/log/journal")
	// The reader's entries before the probe's data bound.
	log, notes, err := hostJournal(layout).ReadJournal(context.Background())
	if err != nil || len(notes) != 0 {
		t.Fatal(err, notes)
	}
	stdout := renderJournal(log.Entries)
	js, err := exec.Command(jctl, "-D", dir, "-o", "json", "--all", "-p", "warning..alert", "-n", "200", "--no-pager").Output()
	if err != nil {
		t.Fatal(err)
	}
	ref, malformed := parseJournal(js)
	if len(ref.Entries) != len(log.Entries) || malformed != 0 {
		t.Fatalf("%d entries, journalctl %d (%d malformed)", len(log.Entries), len(ref.Entries), malformed)
	}
	for i, e := range log.Entries {
		r := ref.Entries[i]
		if strings.HasPrefix(e.Message, "[") || e.Cut {
			e.Message, r.Message, e.Cut, r.Cut = "", "", false, false // blob and size placeholders differ
		}
		if fmt.Sprintf("%+v", e) != fmt.Sprintf("%+v", r) || !e.Time.Equal(r.Time) {
			t.Errorf("entry %d:\n got %+v\njournalctl %+v", i, e, r)
		}
	}
	short, err := exec.Command(jctl, "-D", dir, "-p", "warning..alert", "-n", "200", "--no-pager").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(string(short), "\n")
	got := strings.Split(stdout, "\n")
	if len(want) < 200 {
		t.Fatalf("journalctl printed %d lines", len(want))
	}
	// journalctl prints the huge message whole and blobs and escapes as
	// [N blob data]; every other line is the same.
	differ := func(line string) bool {
		return strings.Contains(line, "blob data]") || strings.Contains(line, "huge message")
	}
	var g, w []string
	for _, l := range got {
		if !differ(l) && !strings.HasPrefix(l, " ") && l != "" {
			g = append(g, l)
		}
	}
	for _, l := range want {
		if !differ(l) && !strings.HasPrefix(l, " ") && l != "" && !strings.Contains(l, "escape") {
			w = append(w, l)
		}
	}
	g = slices.DeleteFunc(g, func(l string) bool { return strings.Contains(l, "escape red") })
	if !slices.Equal(g, w) {
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				t.Errorf("short output line %d:\n got %q\nwant %q", i, g[i], w[i])
			}
		}
		t.Errorf("short output: %d lines, journalctl %d", len(g), len(w))
	}
}

func TestSystemLogsSkipsUnreadableFiles(t *testing.T) {
	mid := "var/log/journal/" + fixtureMachine + "/"
	layout := journalRoot(t, map[string]string{
		"run/log/journal/" + fixtureMachine + "/system.journal": "jenkins",
		mid + "user-1000.journal":                               "user",
	})
	// A file of a future systemd: an incompatible flag this reader does
	// not know.
	b, err := os.ReadFile(filepath.Join(layout.Root, mid+"user-1000.journal"))
	if err != nil {
		t.Fatal(err)
	}
	b[12] |= 0x80
	if err := os.WriteFile(filepath.Join(layout.Root, mid+"system@future.journal~"), b, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(layout.Root, mid+"garbage.journal"), []byte("not a journal"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/shadow", filepath.Join(layout.Root, mid+"link.journal")); err != nil {
		t.Fatal(err)
	}
	out := runProbe(t, systemLogs, &Env{Layout: layout})
	notes := strings.Join(out.Notes, "\n")
	for _, want := range []string{"system@future.journal~: unsupported incompatible flags 0x80", "garbage.journal: not a journal file", "link.journal: too many levels of symbolic links"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	var ids []string
	for _, e := range out.Data.(SystemLog).Entries {
		ids = append(ids, e.Identifier)
	}
	if !slices.Contains(ids, "userapp") || !slices.Contains(ids, "sshd") {
		t.Errorf("identifiers %q: not the two readable files", ids)
	}
}

func TestSystemLogsFailsWithoutJournal(t *testing.T) {
	layout := journalRoot(t, nil)
	_, err := systemLogs(context.Background(), &Env{Layout: layout})
	if err == nil || !strings.Contains(err.Error(), "cannot read the journal: no journal files in ") {
		t.Errorf("error = %v", err)
	}
	dir := filepath.Join(layout.Root, "var/log/journal", fixtureMachine)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "system.journal"), make([]byte, 300), 0o640); err != nil {
		t.Fatal(err)
	}
	_, err = systemLogs(context.Background(), &Env{Layout: layout})
	if err == nil || !strings.Contains(err.Error(), "no journal file could be read: cannot read journal file ") {
		t.Errorf("error = %v", err)
	}
}

// An empty journal, as a freshly started journald leaves it.
func TestSystemLogsNoWarnings(t *testing.T) {
	layout := journalRoot(t, map[string]string{"run/log/journal/" + fixtureMachine + "/system.journal": "compact"})
	path := filepath.Join(layout.Root, "run/log/journal", fixtureMachine, "system.journal")
	j, err := journal.Open(path, journal.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if h := j.Header(); hex.EncodeToString(h.MachineID[:]) != fixtureMachine {
		t.Fatalf("fixture machine %x", h.MachineID)
	}
	j.Close()
	// Zero the entry count: the header of a file with no entries yet.
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(make([]byte, 8), 152); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out := runProbe(t, systemLogs, &Env{Layout: layout})
	if out.Stdout != "-- No entries --\n" || len(out.Data.(SystemLog).Entries) != 0 {
		t.Errorf("Stdout %q, data %+v", out.Stdout, out.Data)
	}
}

func TestMessageTextCutsLongMessages(t *testing.T) {
	long := strings.Repeat("é", MaxLogMessageBytes) // two bytes each
	msg, cut := messageText(journal.Field{Name: "MESSAGE", Value: []byte(long), Size: uint64(len(long))})
	if !cut || len(msg) > MaxLogMessageBytes || !strings.HasSuffix(msg, "é…") {
		t.Errorf("cut = %v, %d bytes, suffix %q", cut, len(msg), msg[len(msg)-8:])
	}
	// A value the reader cut inside a character is text, not a blob.
	msg, cut = messageText(journal.Field{Name: "MESSAGE", Value: []byte("ab\xc3"), Cut: true})
	if msg != "ab…" || !cut {
		t.Errorf("%q %v", msg, cut)
	}
}
