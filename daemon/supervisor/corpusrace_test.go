package supervisor

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// skipUnderRace skips a corpus test in a -race build. The corpus tests
// judge thousands of answers one after another on one goroutine, and the
// package starts none (TestJudgeStartsNoGoroutine), so the race detector
// can find nothing in them, while it makes them about seven times
// slower (532 s of CPU against 80 s, measured on this package's tests at
// ceecc8c). `make unit` runs them again without -race (CORPUS_TESTS in
// the Makefile), so they still gate every change.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if underRace {
		t.Skip("pure computation on one goroutine; make unit runs it without -race")
	}
}

// TestJudgeStartsNoGoroutine keeps skipUnderRace honest: the day the
// package starts a goroutine, the corpus tests must run under -race again.
func TestJudgeStartsNoGoroutine(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if g, ok := n.(*ast.GoStmt); ok {
				t.Errorf("%s: a go statement; remove skipUnderRace from the corpus tests", fset.Position(g.Pos()))
			}
			return true
		})
	}
}
