package ledger

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/statedir"
)

const writerEnv = "ANNA_LEDGER_TEST_WRITER"

// writerCap is how many entries the writer appends before it removes them
// all and starts again, so every write stays small.
const writerCap = 40

// TestLedgerWriterProcess is the writer that TestKillLeavesOldOrNew
// re-executes and kills; run directly it does nothing.
func TestLedgerWriterProcess(t *testing.T) {
	dir := os.Getenv(writerEnv)
	if dir == "" {
		t.Skip("only run as the writer subprocess")
	}
	d, err := statedir.Open(dir)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	l, err := Open(d)
	if err != nil || !l.State().OK() {
		fmt.Println("error", err, l.State().Problem)
		os.Exit(1)
	}
	out := bufio.NewWriter(os.Stdout)
	report := func() {
		fmt.Fprintf(out, "%d %d\n", l.doc.NextID, len(l.doc.Entries))
		out.Flush()
	}
	report()
	for {
		if len(l.doc.Entries) < writerCap {
			id := l.doc.NextID
			_, err = l.Append(Entry{Kind: FileCreated, Target: fmt.Sprintf("/kill/%d", id), Reason: strings.Repeat("r", int(id%200)), Cause: "installer:1"})
		} else {
			_, err = l.Remove(ids(l.doc.Entries)...)
		}
		if err != nil {
			fmt.Fprintln(out, "error", err)
			out.Flush()
			os.Exit(1)
		}
		report()
	}
}

func ids(es []Entry) []uint64 {
	var out []uint64
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

// A kill -9 at any point of a write leaves the ledger the writer last
// reported or the one it was writing, never a mix or nothing.
func TestKillLeavesOldOrNew(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a writer many times")
	}
	dir := filepath.Join(t.TempDir(), "state")
	const kills = 60
	changed := 0
	var prev [2]uint64
	for i := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestLedgerWriterProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), writerEnv+"="+dir)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(stdout)
		if !sc.Scan() {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatalf("kill %d: the writer did not start", i)
		}
		// Wait for a few writes, so every kill interrupts a writer that is
		// writing, then spread the kill over the write cycle.
		first := sc.Text()
		for range 1 + rand.IntN(3) {
			if !sc.Scan() {
				t.Fatalf("kill %d: the writer stopped: %v", i, sc.Err())
			}
			first = sc.Text()
		}
		lines := make(chan string, 1)
		go func() {
			last := first
			for sc.Scan() {
				last = sc.Text()
			}
			lines <- last
		}()
		time.Sleep(time.Duration(rand.IntN(500)) * time.Microsecond)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
		last := <-lines
		var next, count uint64
		if _, err := fmt.Sscanf(last, "%d %d", &next, &count); err != nil {
			t.Fatalf("kill %d: the writer said %q", i, last)
		}
		doc := readBack(t, dir)
		got := [2]uint64{doc.NextID, uint64(len(doc.Entries))}
		old := [2]uint64{next, count}
		var new [2]uint64
		if count < writerCap {
			new = [2]uint64{next + 1, count + 1}
		} else {
			new = [2]uint64{next, 0}
		}
		if got != old && got != new {
			t.Fatalf("kill %d: the ledger has next_id %d and %d entries; the writer last wrote %v and was writing %v", i, got[0], got[1], old, new)
		}
		for _, e := range doc.Entries {
			if e.Target != fmt.Sprintf("/kill/%d", e.ID) || len(e.Reason) != int(e.ID%200) {
				t.Fatalf("kill %d: entry %d is damaged: %+v", i, e.ID, e)
			}
		}
		if got != prev {
			changed++
		}
		prev = got
	}
	if aside, _ := filepath.Glob(filepath.Join(dir, corruptPrefix+"*")); len(aside) != 0 {
		t.Fatalf("a ledger was kept aside as corrupt: %v", aside)
	}
	d, err := statedir.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := Open(d); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".tmp-*")); len(left) != 0 {
		t.Fatalf("Open left the temporary files of killed writers: %v", left)
	}
	if changed != kills {
		t.Fatalf("the writer wrote between only %d of %d kills: the test did not exercise writes", changed, kills)
	}
}

func readBack(t *testing.T, dir string) Document {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, FileName))
	if os.IsNotExist(err) {
		return Document{NextID: 1}
	}
	if err != nil {
		t.Fatal(err)
	}
	var doc Document
	if err := parse(b, &doc); err != nil {
		t.Fatalf("the ledger does not parse: %v\n%s", err, b)
	}
	fi, err := os.Lstat(filepath.Join(dir, FileName))
	if err != nil || fi.Mode() != 0o600 {
		t.Fatalf("ledger mode %v, %v", fi.Mode(), err)
	}
	return doc
}
