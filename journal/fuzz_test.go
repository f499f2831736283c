package journal

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

var (
	fuzzOnce  sync.Once
	fuzzBases [][]byte
)

// fuzzBase returns the used part of the fixtures compact and user: the
// header and every object, without the sparse tail.
func fuzzBase(t testing.TB) [][]byte {
	fuzzOnce.Do(func() {
		dir, err := os.MkdirTemp("", "journal-fuzz")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		for _, name := range []string{"user", "compact"} {
			b, err := os.ReadFile(fixture(t, dir, name))
			if err != nil {
				t.Fatal(err)
			}
			tail := le.Uint64(b[136:])
			end := tail + le.Uint64(b[tail+8:])
			fuzzBases = append(fuzzBases, b[:end])
		}
	})
	return fuzzBases
}

// FuzzReadFile mutates real journal files (a patch of bytes written at
// an offset, then a cut) and reads them whole: no input may panic, hang
// or make the reader allocate past its bounds.
func FuzzReadFile(f *testing.F) {
	f.Add(uint8(0), uint32(16), []byte{1}, uint32(0))                          // online
	f.Add(uint8(1), uint32(176), []byte{0xff, 0xff, 0xff, 0x7f}, uint32(0))    // entry array offset
	f.Add(uint8(0), uint32(300000), []byte{0, 0, 0, 0, 0, 0, 0, 1}, uint32(0)) // an object
	f.Add(uint8(1), uint32(0), []byte{}, uint32(250000))                       // cut short
	f.Add(uint8(1), uint32(152), []byte{0xff, 0xff, 0xff, 0xff}, uint32(0))    // n_entries
	f.Fuzz(func(t *testing.T, which uint8, off uint32, patch []byte, cut uint32) {
		bases := fuzzBase(t)
		b := append([]byte(nil), bases[int(which)%len(bases)]...)
		if len(patch) > 64 {
			patch = patch[:64]
		}
		copy(b[min(int(off)%len(b), len(b)):], patch)
		if cut > 0 {
			b = b[:int(cut)%len(b)]
		}
		path := filepath.Join(t.TempDir(), "f.journal")
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		j, err := Open(path, Limits{MaxEntries: 5000})
		if err != nil {
			return
		}
		defer j.Close()
		_, _, _ = j.Backward(context.Background(), func(e *Entry) bool {
			if fields, err := e.Fields(); err == nil {
				for _, f := range fields {
					if len(f.Name)+1+len(f.Value) > DefaultMaxFieldBytes {
						t.Fatalf("field %s of %d bytes", f.Name, len(f.Value))
					}
				}
			}
			_, _, _ = e.Value("PRIORITY")
			return true
		})
	})
}
