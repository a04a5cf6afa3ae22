package server_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepositoryDependsOneWay checks docs/architecture.md's dependency rule
// outside package server: rules and pairing are pure Go and know nothing of
// each other; storage never imports views or server; views never query the
// database; nothing but cmd imports server, and nothing imports cmd.
func TestRepositoryDependsOneWay(t *testing.T) {
	t.Parallel()
	const module = "github.com/tenkaichi-org/tenkaichi/"
	// What a pure package may not import, besides the other layers.
	impure := []string{"net/http", "database/sql", "gorm.io/", "github.com/labstack/echo", "github.com/a-h/templ"}
	forbidden := map[string][]string{
		"rules":   {"pairing", "storage", "server", "views", "cmd", "migrations"},
		"pairing": {"rules", "storage", "server", "views", "cmd", "migrations"},
		"storage": {"server", "views", "cmd"},
		"views":   {"storage", "server", "cmd", "migrations"},
	}
	checked := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != ".." && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, "../"))
		top, _, _ := strings.Cut(rel, "/")
		checked++
		for _, imp := range pkg.Imports {
			dep, ours := strings.CutPrefix(imp, module)
			depTop, _, _ := strings.Cut(dep, "/")
			switch {
			case ours && depTop == "cmd":
				t.Errorf("%s imports %s: nothing imports cmd", rel, dep)
			case ours && depTop == "server" && top != "server" && top != "cmd":
				t.Errorf("%s imports %s: only cmd imports server", rel, dep)
			case ours:
				for _, f := range forbidden[top] {
					if depTop == f {
						t.Errorf("%s imports %s: %s may not depend on %s", rel, dep, top, f)
					}
				}
			case top == "rules" || top == "pairing":
				for _, p := range impure {
					if strings.HasPrefix(imp, p) {
						t.Errorf("%s imports %s: %s is pure Go", rel, imp, top)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 20 {
		t.Fatalf("checked only %d packages: the walk did not find the repository", checked)
	}
}
