package autofix

import (
	"io/fs"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	ollamamgr "github.com/jjgarcianorway/anna-assistant/upkeep/ollama"
)

// With manage on and Ollama neither answering nor installed nor pinned
// (a fresh install on a machine without Ollama), autofix's Ollama check
// reports what is missing and what to do, repairs and creates nothing,
// and a second run reports the same: no repair loop.
func TestMissingOllamaIsReportedNotRepaired(t *testing.T) {
	l := host(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	_ = ln.Close() // nothing listens there: Ollama is not running
	rec := &recorder{}
	m := &ollamamgr.Manager{URL: url, Model: "llama3.2:3b", Manage: true, Layout: l, Units: &units{}, Ledger: rec}
	f := &Fixer{Layout: l, SocketGroup: ownGroup(t), Ollama: m, Record: rec}
	list := func() []string {
		var out []string
		_ = filepath.WalkDir(l.Path("/"), func(p string, _ fs.DirEntry, err error) error {
			out = append(out, p)
			return err
		})
		return out
	}
	before := list()
	for i := range 2 {
		res := run(t, f)
		c := res.byName["ollama and model"]
		if !strings.HasPrefix(c, "false|") || !strings.Contains(c, "not installed") || !strings.Contains(c, "release_sha256") {
			t.Errorf("run %d: the Ollama check says %q; want not OK, Ollama not installed and how to pin it", i+1, c)
		}
		if res.repaired != 0 || res.problems != 1 {
			t.Errorf("run %d: result %+v, want the one problem, nothing repaired", i+1, res)
		}
	}
	if after := list(); !slices.Equal(before, after) || len(rec.entries) != 0 {
		t.Errorf("autofix changed the tree (%q → %q) or the ledger (%+v)", before, after, rec.entries)
	}
}
