package daemontest

import (
	_ "embed"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/jjgarcianorway/anna-assistant/probes"
)

// deskJournal is a journal file written by systemd-journal-remote (see
// journal/testdata/make-fixtures.sh), zstd-compressed, with two warnings:
// a kernel USB error and a failed backup on host "laptop".
//
//go:embed testdata/desk.journal.zst
var deskJournal []byte

// deskMachine is the machine ID whose directory holds the fixture.
const deskMachine = "5a0d1e5c0ffee0000000000000000001"

// FixtureJournal writes the fixture journal file into a temporary journal
// directory and returns the journal there, which annad reads as it reads
// the host's.
func FixtureJournal(t testing.TB) probes.JournalFiles {
	t.Helper()
	d, err := zstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	b, err := d.DecodeAll(deskJournal, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, deskMachine), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, deskMachine, "system.journal"), b, 0o640); err != nil {
		t.Fatal(err)
	}
	return probes.JournalFiles{Dirs: []string{dir}, MachineID: deskMachine}
}
