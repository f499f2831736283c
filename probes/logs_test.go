package probes

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// journalFile is a JournalReader over a fixture of journalctl -o json
// output.
type journalFile string

func (f journalFile) ReadJournal(context.Context) ([]byte, error) {
	return os.ReadFile(filepath.Join("testdata", "journal", string(f)))
}

// at formats a fixture's microsecond timestamp as journalctl does, in the
// local time zone the probe renders in.
func at(usec int64) string { return time.UnixMicro(usec).Local().Format("Jan 02 15:04:05") }

func TestSystemLogsFromFixture(t *testing.T) {
	out := runProbe(t, systemLogs, &Env{Journal: journalFile("warnings.jsonl")})
	log := out.Data.(SystemLog)
	if log.Malformed != 0 {
		t.Errorf("malformed = %d, want 0", log.Malformed)
	}
	want := []LogEntry{
		{Priority: 4, Level: "warning", Host: "anna-host", Identifier: "kernel", Message: "ACPI Warning: SystemIO range 0x0000000000000B00-0x0000000000000B08 conflicts with OpRegion"},
		{Priority: 3, Level: "err", Host: "anna-host", Identifier: "sshd", PID: 1234, Unit: "ssh.service", Message: "error: kex_exchange_identification: Connection closed by remote host"},
		{Priority: 4, Level: "warning", Host: "anna-host", Identifier: "smartd", PID: 77, Message: "disk full"}, // escapes removed where the journal is read
		{Priority: 2, Level: "crit", Host: "anna-host", Identifier: "systemd-coredump", PID: 88, Message: "[message omitted by journalctl: too long]"},
		{Priority: 4, Level: "warning", Host: "anna-host", Identifier: "firmware", Message: "[4 B blob data]"},
		{Priority: 1, Level: "alert", Host: "anna-host", Identifier: "backup.sh", PID: 4242, Unit: "backup.service", Message: "tar: /srv: Cannot open\ntar: Exiting with failure status"},
		{Priority: 4, Level: "warning", Identifier: "app", PID: 5, Message: "first value"},
	}
	usecs := []int64{1763816224000000, 1763816300123456, 1763816400000000, 1763816500000000, 1763816600000000, 1763816700000000, 1763816800000000}
	for i := range want {
		want[i].Time = time.UnixMicro(usecs[i])
	}
	if fmt.Sprintf("%+v", log.Entries) != fmt.Sprintf("%+v", want) {
		t.Errorf("entries:\n got %+v\nwant %+v", log.Entries, want)
	}
	for i, e := range log.Entries {
		if !e.Time.Equal(want[i].Time) {
			t.Errorf("entry %d at %v, want %v", i, e.Time, want[i].Time)
		}
	}

	prefix := func(i int, rest string) string { return at(usecs[i]) + " " + rest }
	wantStdout := strings.Join([]string{
		prefix(0, "anna-host kernel: ACPI Warning: SystemIO range 0x0000000000000B00-0x0000000000000B08 conflicts with OpRegion"),
		prefix(1, "anna-host sshd[1234]: error: kex_exchange_identification: Connection closed by remote host"),
		prefix(2, "anna-host smartd[77]: disk full"),
		prefix(3, "anna-host systemd-coredump[88]: [message omitted by journalctl: too long]"),
		prefix(4, "anna-host firmware: [4 B blob data]"),
		prefix(5, "anna-host backup.sh[4242]: tar: /srv: Cannot open"),
		strings.Repeat(" ", len(prefix(5, "anna-host backup.sh[4242]: "))) + "tar: Exiting with failure status",
		prefix(6, "app[5]: first value"),
	}, "\n") + "\n"
	if out.Stdout != wantStdout {
		t.Errorf("Stdout:\n%s\nwant:\n%s", out.Stdout, wantStdout)
	}
}

func TestSystemLogsSkipsMalformedLines(t *testing.T) {
	out := runProbe(t, systemLogs, &Env{Journal: journalFile("malformed.jsonl")})
	log := out.Data.(SystemLog)
	// not json, no timestamp, an array, a bad timestamp, the cut-off line.
	if log.Malformed != 5 {
		t.Errorf("malformed = %d, want 5", log.Malformed)
	}
	var msgs []string
	for _, e := range log.Entries {
		msgs = append(msgs, e.Message)
	}
	if !slices.Equal(msgs, []string{"kept before the noise", "unknown priority"}) {
		t.Errorf("messages = %q", msgs)
	}
	if e := log.Entries[1]; e.Priority != -1 || e.Level != "" {
		t.Errorf("an unknown priority became %d %q", e.Priority, e.Level)
	}
}

func TestSystemLogsEmptyJournal(t *testing.T) {
	out := runProbe(t, systemLogs, &Env{Journal: journalFile("empty.jsonl")})
	if out.Stdout != "-- No entries --\n" || len(out.Data.(SystemLog).Entries) != 0 {
		t.Errorf("Stdout %q, data %+v", out.Stdout, out.Data)
	}
}

func TestSystemLogsCutsLongMessages(t *testing.T) {
	long := strings.Repeat("é", MaxLogMessageBytes) // two bytes each
	line := fmt.Sprintf(`{"__REALTIME_TIMESTAMP":"1","PRIORITY":"4","MESSAGE":%q}`, long)
	log := parseJournal([]byte(line))
	e := log.Entries[0]
	if !e.Cut || len(e.Message) > MaxLogMessageBytes+len("…") || !strings.HasSuffix(e.Message, "é…") {
		t.Errorf("cut = %v, %d bytes, suffix %q", e.Cut, len(e.Message), e.Message[len(e.Message)-8:])
	}
}

// The test binary doubles as a fake journalctl: when ANNA_FAKE_JOURNALCTL
// is set it checks its argv and answers as the mode says, then exits.
func init() {
	mode := os.Getenv("ANNA_FAKE_JOURNALCTL")
	if mode == "" {
		return
	}
	if got := strings.Join(os.Args[1:], " "); got != strings.Join(journalArgs, " ") {
		fmt.Fprintf(os.Stderr, "unexpected arguments %q", got)
		os.Exit(3)
	}
	switch mode {
	case "ok":
		b, err := os.ReadFile(os.Getenv("ANNA_FAKE_JOURNAL_FILE"))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(4)
		}
		os.Stdout.Write(b)
		os.Exit(0)
	case "fail":
		fmt.Fprintln(os.Stderr, "No journal files were opened due to insufficient permissions.")
		os.Exit(1)
	case "hang":
		time.Sleep(time.Hour)
	}
	os.Exit(5)
}

// fakeJournalctl puts the test binary on PATH as journalctl, in mode.
func fakeJournalctl(t *testing.T, mode string) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(self, filepath.Join(dir, "journalctl")); err != nil {
		t.Fatal(err)
	}
	fixture, err := filepath.Abs(filepath.Join("testdata", "journal", "warnings.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	t.Setenv("ANNA_FAKE_JOURNALCTL", mode)
	t.Setenv("ANNA_FAKE_JOURNAL_FILE", fixture)
}

func TestJournalctlRunsTheFixedQuery(t *testing.T) {
	fakeJournalctl(t, "ok")
	out := runProbe(t, systemLogs, &Env{})
	if n := len(out.Data.(SystemLog).Entries); n != 7 {
		t.Errorf("got %d entries through journalctl, want 7:\n%s", n, out.Stdout)
	}
}

func TestJournalctlFailureCarriesStderr(t *testing.T) {
	fakeJournalctl(t, "fail")
	_, err := systemLogs(context.Background(), &Env{})
	want := "cannot read the journal: journalctl failed (exit status 1): No journal files were opened due to insufficient permissions."
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant %s", err, want)
	}
}

func TestJournalctlHonorsDeadline(t *testing.T) {
	fakeJournalctl(t, "hang")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := systemLogs(ctx, &Env{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error = %v, want a deadline error", err)
	}
}

func TestJournalctlMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := systemLogs(context.Background(), &Env{})
	if !errors.Is(err, exec.ErrNotFound) || !strings.HasPrefix(err.Error(), "cannot read the journal: journalctl is not installed") {
		t.Errorf("error = %v", err)
	}
}

// The real journalctl of this host: whatever the journal holds, the query
// runs and every line it prints parses.
func TestJournalctlOnThisHost(t *testing.T) {
	if _, err := exec.LookPath("journalctl"); err != nil {
		t.Skip("skipping: journalctl is not installed")
	}
	out := runProbe(t, systemLogs, &Env{})
	if log := out.Data.(SystemLog); log.Malformed != 0 || len(log.Entries) > 200 {
		t.Errorf("%d entries, %d malformed lines", len(log.Entries), log.Malformed)
	}
}

func TestTailBufferKeepsTheNewestBytes(t *testing.T) {
	b := &tailBuffer{max: 10}
	for i := range 100 {
		fmt.Fprintf(b, "%d,", i)
	}
	if got := string(b.bytes()); got != ",97,98,99," {
		t.Errorf("tail = %q", got)
	}
}
