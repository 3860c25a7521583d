// Command surface counts the exported API of the module's public packages:
// for each package, the exported names (constants, variables, functions,
// types and the methods of exported types) and the exported fields of
// exported struct types (and methods of exported interfaces), as go doc
// lists them, test files left out. Run it from the module's root:
//
//	go run ./internal/surface
//
// It prints one line per package and a total, so that a change to the
// public surface shows as a change of numbers in review. With -lines it
// prints instead, for each package directory given (default "."), its
// lines of code: the lines of its non-test Go files (build constraints
// honoured) that hold anything but blanks and comments.
//
//	go run ./internal/surface -lines . Its test holds
//
// the same packages' documentation to contracts (no doc names an
// unexported identifier, a file or a test).
package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "-lines" {
		dirs := os.Args[2:]
		if len(dirs) == 0 {
			dirs = []string{"."}
		}
		for _, dir := range dirs {
			n, err := codeLines(dir)
			if err != nil {
				fmt.Fprintln(os.Stderr, "surface:", err)
				os.Exit(1)
			}
			fmt.Printf("%s\t%d\n", dir, n)
		}
		return
	}
	pkgs, err := publicPackages(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "surface:", err)
		os.Exit(1)
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "package\tnames\tfields\tall\t")
	var names, fields int
	for _, dir := range pkgs {
		c, err := count(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "surface:", err)
			os.Exit(1)
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t\n", dir, c.names, c.fields, c.names+c.fields)
		names += c.names
		fields += c.fields
	}
	fmt.Fprintf(w, "total\t%d\t%d\t%d\t\n", names, fields, names+fields)
	w.Flush()
}

// publicPackages returns the directories, relative to root, of the
// packages a user of the module can import and that export anything: not
// internal ones, not commands, not testdata, not other modules.
func publicPackages(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if path != root {
			if name == "internal" || name == "testdata" || name == "cmd" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
		}
		p, err := load(path)
		if err != nil || p == nil || p.Name == "main" {
			return err
		}
		out = append(out, path)
		return nil
	})
	sort.Strings(out)
	return out, err
}

// load returns the documentation of the exported API of the package in
// dir, as the go command builds it (build constraints honoured, test files
// left out); nil when dir holds no Go package.
func load(dir string) (*doc.Package, error) {
	bp, err := build.ImportDir(dir, 0)
	if _, ok := err.(*build.NoGoError); ok {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return doc.NewFromFiles(fset, files, bp.ImportPath)
}

// codeLines counts the lines of the package in dir's non-test Go files
// that hold a token other than a comment.
func codeLines(dir string) (int, error) {
	bp, err := build.ImportDir(dir, 0)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, name := range bp.GoFiles {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return 0, err
		}
		fset := token.NewFileSet()
		file := fset.AddFile(name, -1, len(src))
		var sc scanner.Scanner
		sc.Init(file, src, nil, 0) // comments skipped
		lines := map[int]bool{}
		for {
			pos, tok, lit := sc.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.SEMICOLON && lit == "\n" {
				continue // inserted at a line's end
			}
			first := file.Line(pos)
			last := first + strings.Count(lit, "\n")
			for l := first; l <= last; l++ {
				lines[l] = true
			}
		}
		n += len(lines)
	}
	return n, nil
}

type counts struct{ names, fields int }

// count counts the exported names and fields of the package in dir.
func count(dir string) (counts, error) {
	p, err := load(dir)
	if err != nil || p == nil {
		return counts{}, err
	}
	var c counts
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			c.names += len(v.Names)
		}
	}
	values(p.Consts)
	values(p.Vars)
	c.names += len(p.Funcs)
	for _, t := range p.Types {
		c.names++ // the type
		values(t.Consts)
		values(t.Vars)
		c.names += len(t.Funcs) + len(t.Methods)
		for _, spec := range t.Decl.Specs {
			ts, ok := spec.(*ast.TypeSpec)
			if !ok || ts.Name.Name != t.Name {
				continue
			}
			var list *ast.FieldList
			switch x := ts.Type.(type) {
			case *ast.StructType:
				list = x.Fields
			case *ast.InterfaceType:
				list = x.Methods
			}
			if list == nil {
				continue
			}
			for _, f := range list.List {
				if len(f.Names) == 0 {
					c.fields++ // embedded, and exported, or doc would have dropped it
					continue
				}
				for _, n := range f.Names {
					if n.IsExported() {
						c.fields++
					}
				}
			}
		}
	}
	return c, nil
}
