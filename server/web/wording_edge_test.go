package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wordingPackages are the server's sub-packages whose handlers hand views
// facts (i18n.Message) and leave the wording to the views (issue 26).
var wordingPackages = []string{"judge", "web", "transfer", "gamelog", "readmodel", "live", "api"}

// wordingAllowed are the files (under server/) that may call i18n.T or
// i18n.N: text that leaves as a plain string, outside a page, worded at
// that edge by one small function. Each says why. None needs to today:
// the edges word a Message with Message.In through one named function
// (judge/edge_words.go and transfer/edge_words.go: text stored in the
// database), and the string forms of web's, gamelog's and readmodel's
// word helpers (GameName, AtTimeVerdict, MatchNote ...) remain only for
// the root package's handlers until they hand facts too.
var wordingAllowed = map[string]string{}

// Handlers and their helpers hand views Messages; only the views (and the
// files allowed above) word them, so a page's language is decided in one
// place. Every call of i18n.T or i18n.N elsewhere is named by file:line.
func TestSubPackagesWordAtTheEdge(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	for _, pkg := range wordingPackages {
		dir := filepath.Join("..", pkg)
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(names) == 0 {
			t.Fatalf("no Go files in server/%s: has the package moved?", pkg)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			files++
			rel := filepath.ToSlash(filepath.Join(pkg, filepath.Base(name)))
			if _, ok := wordingAllowed[rel]; ok {
				continue
			}
			for _, at := range wordingCalls(t, fset, name) {
				t.Errorf("server/%s:%d words text with i18n.%s: hand the view an i18n.Message (i18n.M, i18n.MN) instead, or word it at an edge listed in wordingAllowed", rel, at.line, at.fn)
			}
		}
	}
	if files < 20 {
		t.Fatalf("only %d files read: the test no longer finds the packages", files)
	}
	for rel := range wordingAllowed {
		if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(rel))); err != nil {
			t.Errorf("wordingAllowed names %s, which does not exist", rel)
		}
	}
}

type wordingCall struct {
	line int
	fn   string
}

// wordingCalls are the calls of i18n.T and i18n.N in a Go file, found by
// the name the file imports views/i18n under.
func wordingCalls(t *testing.T, fset *token.FileSet, name string) []wordingCall {
	t.Helper()
	f, err := parser.ParseFile(fset, name, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	local := ""
	for _, imp := range f.Imports {
		if strings.Trim(imp.Path.Value, `"`) != "github.com/tenkaichi-org/tenkaichi/views/i18n" {
			continue
		}
		local = "i18n"
		if imp.Name != nil {
			local = imp.Name.Name
		}
	}
	if local == "" || local == "_" {
		return nil
	}
	var out []wordingCall
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == local && (sel.Sel.Name == "T" || sel.Sel.Name == "N") {
			out = append(out, wordingCall{line: fset.Position(call.Pos()).Line, fn: sel.Sel.Name})
		}
		return true
	})
	return out
}
