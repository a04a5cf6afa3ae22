package server_test

import (
	"go/build"
	"os"
	"slices"
	"strings"
	"testing"
)

// The packages of the server depend on each other one way only: web (the
// plumbing) on none of them, readmodel on none either, gamelog on web; the
// features (live, api, judge, transfer) on those three and never on each
// other (what two share lives in web); package server on all. A new
// sub-package needs its line here.
func TestServerPackagesDependOneWay(t *testing.T) {
	t.Parallel()
	const prefix = "github.com/tenkaichi-org/tenkaichi/server/"
	below := []string{"web", "readmodel", "gamelog"}
	allowed := map[string][]string{
		"web":       {},
		"readmodel": {},
		"gamelog":   {"web"},
		"live":      below,
		"api":       below,
		"judge":     below,
		"transfer":  below,
		"seasons":   below,
		"profiles":  below,
		"staff":     below,
	}
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		pkg, err := build.ImportDir(d.Name(), 0)
		if _, none := err.(*build.NoGoError); none {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		ok, known := allowed[d.Name()]
		if !known {
			t.Errorf("server/%s is not in the dependency rule", d.Name())
			continue
		}
		for _, imp := range pkg.Imports {
			if imp+"/" == prefix {
				t.Errorf("server/%s imports package server", d.Name())
			}
			if dep, inServer := strings.CutPrefix(imp, prefix); inServer && !slices.Contains(ok, dep) {
				t.Errorf("server/%s imports server/%s", d.Name(), dep)
			}
		}
	}
}
