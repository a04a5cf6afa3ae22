// Command funclen counts the functions of a tree by length, package by
// package, leaving out tests and generated code (files that say "Code
// generated"): how many there are, how many are over 50 lines and over 100.
// With -list it names every function over 50 lines, longest first.
//
//	go run ./scripts/funclen [-list] [DIR ...]
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type counts struct{ lines, funcs, over50, over100 int }

type long struct {
	lines int
	where string
}

func main() {
	list := flag.Bool("list", false, "name every function over 50 lines")
	flag.Parse()
	dirs := flag.Args()
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	byPkg := map[string]*counts{}
	var longs []long
	for _, root := range dirs {
		if err := walk(root, byPkg, &longs); err != nil {
			fmt.Fprintln(os.Stderr, "funclen:", err)
			os.Exit(1)
		}
	}
	report(byPkg)
	if *list {
		sort.SliceStable(longs, func(i, j int) bool { return longs[i].lines > longs[j].lines })
		for _, l := range longs {
			fmt.Printf("%4d %s\n", l.lines, l.where)
		}
	}
}

// walk counts the non-test, non-generated Go files under root.
func walk(root string, byPkg map[string]*counts, longs *[]long) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		c := byPkg[filepath.Dir(path)]
		if c == nil {
			c = &counts{}
			byPkg[filepath.Dir(path)] = c
		}
		c.lines += strings.Count(string(src), "\n")
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			c.funcs++
			if n > 50 {
				c.over50++
				*longs = append(*longs, long{n, fmt.Sprintf("%s %s", fset.Position(fd.Pos()), funcName(fd))})
			}
			if n > 100 {
				c.over100++
			}
		}
		return nil
	})
}

// funcName is Type.Method or the function's name.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if g, ok := t.(*ast.IndexExpr); ok {
		t = g.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

func report(byPkg map[string]*counts) {
	var pkgs []string
	for p := range byPkg {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	var total counts
	fmt.Printf("%-32s %6s %6s %5s %5s\n", "package", "lines", "funcs", ">50", ">100")
	for _, p := range pkgs {
		c := byPkg[p]
		fmt.Printf("%-32s %6d %6d %5d %5d\n", p, c.lines, c.funcs, c.over50, c.over100)
		total.lines += c.lines
		total.funcs += c.funcs
		total.over50 += c.over50
		total.over100 += c.over100
	}
	fmt.Printf("%-32s %6d %6d %5d %5d\n", "total", total.lines, total.funcs, total.over50, total.over100)
}
