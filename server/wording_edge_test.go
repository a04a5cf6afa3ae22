package server

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// wordingDirs are the server's packages whose handlers hand views facts
// (i18n.Message) and leave the wording to the views (issue 26): the root
// package and every sub-package.
var wordingDirs = []string{".", "api", "gamelog", "judge", "live", "profiles", "readmodel", "seasons", "staff", "transfer", "web"}

// wordingAllowed are the files (relative to server/) that may call i18n.T
// or i18n.N: text that leaves as a plain string, outside a page's
// templates, worded there by one small, named function. Each says why.
var wordingAllowed = map[string]string{
	"web/call_reasons.go": "a judge call's reason is stored as text: stored in English, and recognised in every language",
	"staff/qr.go":         "a QR code is SVG markup built as a string; its label is worded where it is drawn",
}

// Handlers hand views facts and leave the wording to the views, so a page's
// language is decided in one place. Every call of i18n.T or i18n.N outside
// wordingAllowed is named by file:line.
func TestHandlersWordAtTheEdge(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	for _, dir := range wordingDirs {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(names) == 0 {
			t.Fatalf("no Go files in server/%s: has the package moved?", dir)
		}
		sort.Strings(names)
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			files++
			rel := filepath.ToSlash(name)
			if _, ok := wordingAllowed[rel]; ok {
				continue
			}
			for _, at := range i18nWordingCalls(t, fset, name) {
				t.Errorf("server/%s:%d words text with i18n.%s: hand the view an i18n.Message (i18n.M, i18n.MN) instead, or word it at an edge listed in wordingAllowed", rel, at.line, at.fn)
			}
		}
	}
	if files < 60 {
		t.Fatalf("only %d files read: the test no longer finds the packages", files)
	}
	for rel := range wordingAllowed {
		name := filepath.FromSlash(rel)
		if _, err := os.Stat(name); err != nil {
			t.Errorf("wordingAllowed names %s, which does not exist", rel)
		} else if len(i18nWordingCalls(t, fset, name)) == 0 {
			t.Errorf("wordingAllowed names %s, which words nothing: take it off the list", rel)
		}
	}
}

// The check finds what it looks for: a file that words text, under any
// name it imports views/i18n as.
func TestWordingCallsAreFound(t *testing.T) {
	src := `package p

import tr "github.com/tenkaichi-org/tenkaichi/views/i18n"

func f() string { return tr.T(nil, "fixture-a", nil) + tr.N(nil, "fixture-b", 2, nil) + tr.M("fixture-c", nil).ID }
`
	name := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(name, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	got := i18nWordingCalls(t, token.NewFileSet(), name)
	if len(got) != 2 || got[0].fn != "T" || got[1].fn != "N" || got[0].line != 5 {
		t.Errorf("found %+v, want i18n.T and i18n.N on line 5", got)
	}
}

type i18nCall struct {
	line int
	fn   string
}

// i18nWordingCalls are the calls of i18n.T and i18n.N in a Go file, found
// by the name the file imports views/i18n under.
func i18nWordingCalls(t *testing.T, fset *token.FileSet, name string) []i18nCall {
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
	var out []i18nCall
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
			out = append(out, i18nCall{line: fset.Position(call.Pos()).Line, fn: sel.Sel.Name})
		}
		return true
	})
	return out
}
