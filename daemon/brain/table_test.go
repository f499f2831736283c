package brain

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// phrasing is one row of a table: a question and the intent it must match,
// or none (the zero Intent) when it must go to the LLM.
type phrasing struct {
	line     int
	question string
	want     Intent
}

// loadTable reads a table file: "<intent> | <question>" per line, where the
// intent is a Kind, "ports:N" or "none".
func loadTable(t *testing.T, path string) []phrasing {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []phrasing
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		label, q, ok := strings.Cut(line, "|")
		if !ok {
			t.Fatalf("%s:%d: no '|' in %q", path, n, line)
		}
		rows = append(rows, phrasing{n, strings.TrimSpace(q), parseIntent(t, path, n, strings.TrimSpace(label))})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func parseIntent(t *testing.T, path string, n int, label string) Intent {
	t.Helper()
	if label == "none" {
		return Intent{}
	}
	if p, ok := strings.CutPrefix(label, "ports:"); ok {
		port, err := strconv.Atoi(p)
		if err != nil {
			t.Fatalf("%s:%d: bad port in %q", path, n, label)
		}
		return Intent{Kind: ListeningPorts, Port: port}
	}
	for _, k := range Kinds {
		if string(k) == label {
			return Intent{Kind: k}
		}
	}
	t.Fatalf("%s:%d: unknown intent %q", path, n, label)
	return Intent{}
}

// score is a table's outcome: wrong fast answers (a match with the wrong
// intent, or any match of a question that must go to the LLM), and of the
// simple questions how many the fast path answered.
type score struct {
	wrong, answered, simple, negatives int
}

func (s score) recall() float64 { return 100 * float64(s.answered) / float64(s.simple) }

func run(t *testing.T, rows []phrasing, logMiss bool) score {
	t.Helper()
	var s score
	for _, r := range rows {
		got, ok := Match(r.question)
		if r.want == (Intent{}) {
			s.negatives++
		} else {
			s.simple++
		}
		switch {
		case ok && got == r.want:
			s.answered++
		case ok:
			s.wrong++
			t.Errorf("line %d: %q -> %v, want %v", r.line, r.question, got, label(r.want))
		case r.want != (Intent{}) && logMiss:
			t.Logf("line %d: %q not answered (want %v)", r.line, r.question, r.want)
		}
	}
	return s
}

func label(i Intent) string {
	if i == (Intent{}) {
		return "none"
	}
	return i.String()
}

// TestTuningTable requires every row of the tuning table to be right: the
// matcher was tuned on it.
func TestTuningTable(t *testing.T) {
	rows := loadTable(t, "testdata/tuning.txt")
	s := run(t, rows, true)
	t.Logf("tuning: %d rows (%d simple, %d for the LLM): %d wrong, %d/%d answered (%.1f%%)",
		len(rows), s.simple, s.negatives, s.wrong, s.answered, s.simple, s.recall())
	if s.answered != s.simple {
		t.Errorf("%d simple questions not answered; the tuning table must be 100%%", s.simple-s.answered)
	}
}

// TestHeldOutTable measures the matcher on questions it was never tuned
// on: a wrong fast answer fails the test, and so does recall under 80%
// (docs/BRAIN.md has the method and the scores).
func TestHeldOutTable(t *testing.T) {
	rows := loadTable(t, "testdata/heldout.txt")
	s := run(t, rows, true)
	t.Logf("held-out: %d rows (%d simple, %d for the LLM): %d wrong, %d/%d answered (%.1f%%)",
		len(rows), s.simple, s.negatives, s.wrong, s.answered, s.simple, s.recall())
	if s.recall() < 80 {
		t.Errorf("held-out recall %.1f%% < 80%%", s.recall())
	}
}
