package robots_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/robotsexclusion/robots"
)

// constNames returns the names of the constants a Go file declares, each
// with the expression it is given.
func constNames(t *testing.T, file string) map[string]ast.Expr {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]ast.Expr{}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
			for _, s := range g.Specs {
				v := s.(*ast.ValueSpec)
				for i, n := range v.Names {
					if i < len(v.Values) {
						out[n.Name] = v.Values[i]
					}
				}
			}
		}
	}
	return out
}

// TestEveryCodeExported requires every code of the table (Codes) to be a
// constant of this package under the name the table's package gives it,
// and nothing else to be re-exported as a code.
func TestEveryCodeExported(t *testing.T) {
	table := constNames(t, "internal/diag/diag.go")
	root := constNames(t, "diagnostic.go")
	byCode := map[robots.Code]string{}
	for name, e := range table {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			byCode[robots.Code(lit.Value[1:len(lit.Value)-1])] = name
		}
	}
	for _, c := range robots.Codes() {
		name, ok := byCode[c.Code]
		if !ok {
			t.Errorf("%q: no constant declares it", c.Code)
			continue
		}
		sel, ok := root[name].(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != name {
			t.Errorf("%q: the root package does not export %s", c.Code, name)
		}
	}
	if n := len(root) - 3; n != len(robots.Codes()) { // less the three severities
		t.Errorf("the root package exports %d codes, the table has %d", n, len(robots.Codes()))
	}
}
