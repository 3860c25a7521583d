package diag

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"
)

// TestTableHasEveryCode reads the constants of type Code from the source
// and requires each in the table exactly once, with a severity and a doc,
// and no code twice.
func TestTableHasEveryCode(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "diag.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[Code]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "Code" {
				continue
			}
			lit := v.Values[0].(*ast.BasicLit)
			s, _ := strconv.Unquote(lit.Value)
			if prev, dup := declared[Code(s)]; dup {
				t.Errorf("%s and %s are both %q", prev, v.Names[0].Name, s)
			}
			declared[Code(s)] = v.Names[0].Name
		}
	}
	seen := map[Code]bool{}
	for _, e := range table {
		if seen[e.Code] {
			t.Errorf("%q is in the table twice", e.Code)
		}
		seen[e.Code] = true
		if _, ok := declared[e.Code]; !ok {
			t.Errorf("%q is in the table but no constant", e.Code)
		}
		if e.Severity < Info || e.Severity > Error || e.Doc == "" {
			t.Errorf("%q: severity %v, doc %q", e.Code, e.Severity, e.Doc)
		}
	}
	for c, name := range declared {
		if !seen[c] {
			t.Errorf("%s (%q) is not in the table", name, c)
		}
	}
}

func TestDiagnosticString(t *testing.T) {
	tests := []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{Line: 3, Code: MissingColon, Message: "m"}, "3: warning: missing-colon: m"},
		{Diagnostic{Line: 1, Column: 20, Code: CollapsedRule, Message: "m"}, "1:20: error: collapsed-rule: m"},
		{Diagnostic{Code: "new-code", Message: "m"}, "warning: new-code: m"},
	}
	for _, tt := range tests {
		if got := tt.d.String(); got != tt.want {
			t.Errorf("%+v: got %q, want %q", tt.d, got, tt.want)
		}
	}
	if DuplicateRule.Severity() != Info || Code("nope").Known() || !HTMLBody.Known() {
		t.Error("severity or Known wrong")
	}
}
