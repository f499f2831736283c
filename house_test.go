package anna

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/jjgarcianorway/anna-assistant"

// goFiles returns every .go file of the repository, skipping testdata and
// a top-level vendor directory (packagers such as Nix vendor the modules
// into the tree before running these tests).
func goFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() && path == "vendor" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// The spec's first constraint: no source file over 400 lines.
func TestNoFileOver400Lines(t *testing.T) {
	for _, f := range goFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), "\n"); n > 400 {
			t.Errorf("%s has %d lines; split it (limit 400)", f, n)
		}
	}
}

// Every package says what it is, and every exported name has a doc comment.
func TestDocComments(t *testing.T) {
	pkgDoc := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range goFiles(t) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Dir(f)
		if file.Doc != nil {
			pkgDoc[dir] = true
		} else if _, seen := pkgDoc[dir]; !seen {
			pkgDoc[dir] = false
		}
		for _, decl := range file.Decls {
			checkDeclDoc(t, fset, decl)
		}
	}
	for dir, ok := range pkgDoc {
		if !ok {
			t.Errorf("package in %s has no package comment", dir)
		}
	}
}

func checkDeclDoc(t *testing.T, fset *token.FileSet, decl ast.Decl) {
	t.Helper()
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if d.Name.IsExported() && d.Doc == nil && exportedRecv(d) {
			t.Errorf("%s: exported func %s has no doc comment", fset.Position(d.Pos()), d.Name.Name)
		}
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			var names []*ast.Ident
			var doc *ast.CommentGroup
			switch s := spec.(type) {
			case *ast.TypeSpec:
				names, doc = []*ast.Ident{s.Name}, s.Doc
			case *ast.ValueSpec:
				names, doc = s.Names, s.Doc
				if s.Comment != nil {
					doc = s.Comment
				}
			}
			for _, n := range names {
				if n.IsExported() && doc == nil && d.Doc == nil {
					t.Errorf("%s: exported %s has no doc comment", fset.Position(n.Pos()), n.Name)
				}
			}
		}
	}
}

// exportedRecv reports whether a method's receiver type is exported (methods
// of unexported types are not part of the API).
func exportedRecv(d *ast.FuncDecl) bool {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return true
	}
	typ := d.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	if idx, ok := typ.(*ast.IndexExpr); ok {
		typ = idx.X
	}
	id, ok := typ.(*ast.Ident)
	return !ok || id.IsExported()
}

// annactl links only the RPC contract and the version of this module, and
// never the Ollama client: the CLI stays small and cannot reach into the
// daemon's internals.
func TestCLIDependencies(t *testing.T) {
	allowed := map[string]bool{module + "/rpc": true, module + "/version": true, module + "/cli": true, module + "/cmd/annactl": true}
	out, err := exec.Command("go", "list", "-deps", "./cmd/annactl").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list returned too little: %q", deps)
	}
	for _, dep := range deps {
		if strings.HasPrefix(dep, module) && !allowed[dep] {
			t.Errorf("annactl depends on %s; cli may import only rpc and version", dep)
		}
		if strings.HasPrefix(dep, "github.com/ollama/") || strings.HasPrefix(dep, "github.com/godbus/") {
			t.Errorf("annactl links %s, which belongs to annad only", dep)
		}
	}
}
