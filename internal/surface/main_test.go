package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// root is the module's root, from this package's directory.
const root = "../.."

// excluded are the packages whose docs TestDocs does not hold to the
// contract yet, with the reason.
var excluded = map[string]string{}

// extensions end words that are file names in a URL or a path
// ("/d/index.html"), not selectors.
var extensions = map[string]bool{"html": true, "htm": true, "txt": true, "pdf": true, "gz": true, "md": true, "json": true, "xml": true, "php": true}

// TestDocs holds the documentation of every public package, as go doc -all
// prints it, to a contract: no doc comment names an unexported identifier
// of the module, a Go file or a test, and every name it qualifies with one
// of the module's packages (robots.Decision, compile.File.Select) is
// exported there. A doc is for the user of a package; the implementation
// is explained in comments that go doc does not print.
func TestDocs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go doc on every package")
	}
	pkgs, err := publicPackages(root)
	if err != nil {
		t.Fatal(err)
	}
	idents, exported, err := identifiers(root)
	if err != nil {
		t.Fatal(err)
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	for _, dir := range pkgs {
		rel, _ := filepath.Rel(root, dir)
		rel = filepath.ToSlash(rel)
		if why, ok := excluded[rel]; ok {
			t.Logf("%s: not checked: %s", rel, why)
			continue
		}
		cmd := exec.Command(goCmd, "doc", "-all", "./"+rel)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go doc -all ./%s: %v\n%s", rel, err, out)
		}
		for _, p := range problems(string(out), idents, exported) {
			t.Errorf("%s: %s", rel, p)
		}
	}
}

// prose returns the doc comments of go doc -all's output: its indented
// paragraphs and the comments of the declarations it prints, one a line.
func prose(doc string) []string {
	var out []string
	for _, line := range strings.Split(doc, "\n") {
		switch {
		case strings.HasPrefix(line, "    "):
			out = append(out, strings.TrimSpace(line))
		case strings.Contains(line, "// "):
			out = append(out, line[strings.Index(line, "// ")+3:])
		}
	}
	// The package clause and its import comment are not prose.
	return out
}

var (
	fileName  = regexp.MustCompile(`\b[\w-]+(_test)?\.go\b`)
	testName  = regexp.MustCompile(`\b(Test|Benchmark|Fuzz)[A-Z]\w*`)
	word      = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*`)
	camelCase = regexp.MustCompile(`^[a-z][a-z0-9]*([A-Z0-9_][a-zA-Z0-9_]*)+$`)
)

// problems lists what the prose of doc names that it should not.
func problems(doc string, idents map[string]bool, exported map[string]map[string]bool) []string {
	var out []string
	for _, line := range prose(doc) {
		for _, m := range fileName.FindAllString(line, -1) {
			out = append(out, fmt.Sprintf("names the file %s: %q", m, line))
		}
		for _, m := range testName.FindAllString(line, -1) {
			out = append(out, fmt.Sprintf("names the test %s: %q", m, line))
		}
		for _, loc := range word.FindAllStringIndex(line, -1) {
			w := line[loc[0]:loc[1]]
			parts := strings.Split(w, ".")
			if names, ok := exported[parts[0]]; ok && len(parts) > 1 && ast.IsExported(parts[1]) {
				// pkg.Name[.Member]: Name must be exported by pkg.
				if !names[parts[1]] || len(parts) > 2 && ast.IsExported(parts[2]) && !names[parts[1]+"."+parts[2]] {
					out = append(out, fmt.Sprintf("names %s, which its package does not export: %q", w, line))
				}
				continue
			}
			if extensions[parts[len(parts)-1]] {
				continue
			}
			for i, p := range parts {
				if ast.IsExported(p) || !idents[p] {
					continue
				}
				// An unexported identifier reads as one when it is
				// written as code: camelCase, a selector, called, or
				// referred to ("see keep").
				called := i == len(parts)-1 && loc[1] < len(line) && line[loc[1]] == '('
				see := i == 0 && strings.HasSuffix(line[:loc[0]], "see ")
				if camelCase.MatchString(p) || i > 0 || called || see {
					out = append(out, fmt.Sprintf("names the unexported %s: %q", p, line))
				}
			}
		}
	}
	return out
}

// identifiers returns the unexported identifiers declared in the module's
// non-test files (package-level names, methods and struct fields), and for
// each package name the names it exports: Name, and Type.Member for the
// methods and fields of its exported types.
func identifiers(root string) (map[string]bool, map[string]map[string]bool, error) {
	idents := map[string]bool{}
	exported := map[string]map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkg := f.Name.Name
		if pkg == "main" {
			return nil
		}
		if exported[pkg] == nil {
			exported[pkg] = map[string]bool{}
		}
		note := func(owner, name string) {
			if !ast.IsExported(name) {
				idents[name] = true
				return
			}
			if owner == "" {
				exported[pkg][name] = true
			} else if ast.IsExported(owner) {
				exported[pkg][owner+"."+name] = true
			}
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				owner := ""
				if d.Recv != nil && len(d.Recv.List) > 0 {
					owner = recvName(d.Recv.List[0].Type)
				}
				note(owner, d.Name.Name)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						note("", s.Name.Name)
						fields(s.Type, func(name string) { note(s.Name.Name, name) })
					case *ast.ValueSpec:
						for _, n := range s.Names {
							note("", n.Name)
						}
					}
				}
			}
		}
		return nil
	})
	// Aliases make a package export another's members under its own
	// names (robots.Rule is compile.Rule): a member of any exported type
	// of the same name counts.
	for _, names := range exported {
		for n := range names {
			if strings.Contains(n, ".") {
				continue
			}
			for _, other := range exported {
				for m := range other {
					if typ, member, ok := strings.Cut(m, "."); ok && typ == n {
						names[n+"."+member] = true
					}
				}
			}
		}
	}
	return idents, exported, err
}

// fields calls fn with the name of every field of a struct type, and of
// every method of an interface type.
func fields(t ast.Expr, fn func(string)) {
	var list *ast.FieldList
	switch x := t.(type) {
	case *ast.StructType:
		list = x.Fields
	case *ast.InterfaceType:
		list = x.Methods
	}
	if list == nil {
		return
	}
	for _, f := range list.List {
		for _, n := range f.Names {
			fn(n.Name)
		}
	}
}

// recvName returns the name of a method's receiver type.
func recvName(t ast.Expr) string {
	switch x := t.(type) {
	case *ast.StarExpr:
		return recvName(x.X)
	case *ast.IndexExpr:
		return recvName(x.X)
	case *ast.IndexListExpr:
		return recvName(x.X)
	case *ast.Ident:
		return x.Name
	}
	return ""
}

// TestCount checks the counter on this package's own shape: a package
// main exports nothing, so publicPackages leaves it out, and the root
// package is counted.
func TestCount(t *testing.T) {
	pkgs, err := publicPackages(root)
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(pkgs)
	if len(pkgs) == 0 || pkgs[0] != root {
		t.Fatalf("public packages %v: want the root first", pkgs)
	}
	for _, p := range pkgs {
		if strings.Contains(p, "internal") || strings.Contains(p, "cmd") {
			t.Errorf("%s is counted", p)
		}
	}
	c, err := count(root)
	if err != nil || c.names == 0 || c.fields == 0 {
		t.Errorf("count(root) = %+v, %v", c, err)
	}
}

// maxRootLines bounds the root package's lines of code (codeLines): the
// root is the API, thin, and its work is done in the packages below it.
const maxRootLines = 1000

// TestRootThin holds the root package under maxRootLines lines of code.
func TestRootThin(t *testing.T) {
	n, err := codeLines(root)
	if err != nil {
		t.Fatal(err)
	}
	if n >= maxRootLines {
		t.Errorf("the root package has %d lines of code, want fewer than %d: move work into compile or internal packages", n, maxRootLines)
	}
	t.Logf("the root package: %d lines of code", n)
}

// TestCodeLines checks the counting on a file of each kind of line.
func TestCodeLines(t *testing.T) {
	dir := t.TempDir()
	src := "// Package p is a test.\npackage p\n\n/* a block\ncomment */\nconst s = `a\n\nb` // raw string over three lines\n\n// f does nothing.\nfunc f() {}\n"
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p_test.go"), []byte("package p\n\nfunc g() {}\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if n, err := codeLines(dir); err != nil || n != 5 {
		t.Errorf("codeLines = %d, %v, want 5 (package, the string's three lines, func)", n, err)
	}
}
