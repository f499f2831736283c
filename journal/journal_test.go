package journal

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// fixtures are the journal files of testdata, written by
// systemd-journal-remote (make-fixtures.sh).
var fixtures = []string{"compact", "regular", "jenkins", "user"}

// fixture decompresses testdata/name.journal.zst into dir and returns
// its path.
func fixture(t testing.TB, dir, name string) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name+".journal.zst"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := zstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	b, err := d.DecodeAll(raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name+".journal")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// readAll returns every entry of the file at path, oldest first, with
// all its fields.
func readAll(t testing.TB, path string, limits Limits) ([]*Entry, [][]Field) {
	t.Helper()
	j, err := Open(path, limits)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var entries []*Entry
	var fields [][]Field
	walked, skipped, err := j.Backward(context.Background(), func(e *Entry) bool {
		f, err := e.Fields()
		if err != nil {
			t.Errorf("entry at %d: %v", e.Offset, err)
		}
		entries, fields = append(entries, e), append(fields, f)
		return true
	})
	if err != nil || skipped != 0 || walked != len(entries) {
		t.Fatalf("walked %d, skipped %d: %v", walked, skipped, err)
	}
	slices.Reverse(entries)
	slices.Reverse(fields)
	return entries, fields
}

func TestFixtureHeaders(t *testing.T) {
	dir := t.TempDir()
	for name, want := range map[string]uint32{
		"compact": flagCompressedZSTD | flagKeyedHash | flagCompact,
		"regular": flagCompressedZSTD | flagKeyedHash,
		"jenkins": flagCompressedZSTD,
	} {
		j, err := Open(fixture(t, dir, name), Limits{})
		if err != nil {
			t.Fatal(err)
		}
		h := j.Header()
		j.Close()
		if h.Incompatible != want || h.State != StateOffline || h.NEntries != 600 {
			t.Errorf("%s: flags %s, state %d, %d entries", name, flagNames(h.Incompatible), h.State, h.NEntries)
		}
	}
}

// jsonValues decodes one field of journalctl -o json: a string, an array
// of byte values, or an array of those for a field set more than once.
func jsonValues(t *testing.T, raw json.RawMessage) [][]byte {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return [][]byte{[]byte(s)}
	}
	var bytesVal []byte
	var nums []int
	if json.Unmarshal(raw, &nums) == nil {
		for _, n := range nums {
			bytesVal = append(bytesVal, byte(n))
		}
		return [][]byte{bytesVal}
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		t.Fatalf("field %s: %v", raw, err)
	}
	var out [][]byte
	for _, it := range items {
		out = append(out, jsonValues(t, it)...)
	}
	return out
}

// The reader and journalctl agree on every field of every entry of every
// fixture.
func TestMatchesJournalctl(t *testing.T) {
	journalctl, err := exec.LookPath("journalctl")
	if err != nil {
		t.Skip("skipping: journalctl is not installed")
	}
	dir := t.TempDir()
	for _, name := range fixtures {
		path := fixture(t, dir, name)
		out, err := exec.Command(journalctl, "--file="+path, "-o", "json", "--all", "--no-pager").Output()
		if err != nil {
			t.Fatalf("%s: journalctl: %v", name, err)
		}
		lines := bytes.Split(bytes.TrimSpace(out), []byte("\n"))
		entries, fields := readAll(t, path, Limits{MaxFieldBytes: 1 << 20})
		if len(entries) != len(lines) {
			t.Fatalf("%s: %d entries, journalctl shows %d", name, len(entries), len(lines))
		}
		for i, line := range lines {
			var want map[string]json.RawMessage
			if err := json.Unmarshal(line, &want); err != nil {
				t.Fatal(err)
			}
			e := entries[i]
			got := map[string][][]byte{}
			for _, f := range fields[i] {
				if f.Cut {
					t.Errorf("%s: entry %d: %s cut", name, i, f.Name)
				}
				got[f.Name] = append(got[f.Name], f.Value)
			}
			meta := map[string]string{
				"__REALTIME_TIMESTAMP":  strconv.FormatUint(e.Realtime, 10),
				"__MONOTONIC_TIMESTAMP": strconv.FormatUint(e.Monotonic, 10),
				"_BOOT_ID":              hex.EncodeToString(e.BootID[:]),
			}
			for k, v := range meta {
				if w := jsonValues(t, want[k]); len(w) != 1 || string(w[0]) != v {
					t.Errorf("%s: entry %d: %s = %s, journalctl says %s", name, i, k, v, want[k])
				}
				delete(want, k)
				delete(got, k)
			}
			delete(want, "__CURSOR")
			delete(want, "__SEQNUM")
			delete(want, "__SEQNUM_ID")
			for k, raw := range want {
				w := jsonValues(t, raw)
				g := got[k]
				if !slices.EqualFunc(g, w, bytes.Equal) {
					t.Errorf("%s: entry %d: %s = %.80q, journalctl says %.80q", name, i, k, g, w)
				}
				delete(got, k)
			}
			for k := range got {
				t.Errorf("%s: entry %d: field %s that journalctl does not show", name, i, k)
			}
		}
	}
}
