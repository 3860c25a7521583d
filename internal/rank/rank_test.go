package rank

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/compile"
)

// TestRank checks the one ranking: the longest match, allow winning a tie,
// then the earlier line, whatever the order of the rules given (issue 26:
// explain's copy broke ties by the rules' order, not by line); the first
// match in a first-match dialect; /robots.txt; empty rules.
func TestRank(t *testing.T) {
	d := func(line int, p string) compile.Rule { return compile.Rule{Line: line, Canonical: p, Pattern: p} }
	a := func(line int, p string) compile.Rule {
		return compile.Rule{Line: line, Canonical: p, Pattern: p, Allow: true}
	}
	tests := []struct {
		name    string
		d       compile.Dialect
		rules   []compile.Rule
		path    string
		winner  int // the line that decides; 0 for none
		allowed bool
		matches int
	}{
		{"longest", compile.RFC9309, []compile.Rule{d(1, "/a"), a(2, "/ab")}, "/abc", 2, true, 2},
		{"allow wins a tie", compile.RFC9309, []compile.Rule{d(1, "/a"), a(2, "/a")}, "/a", 2, true, 2},
		{"the earlier line, whatever the order", compile.RFC9309, []compile.Rule{d(5, "/a"), d(3, "/a")}, "/a", 3, false, 2},
		{"first match", compile.Draft1996, []compile.Rule{d(1, "/a"), a(2, "/ab")}, "/ab", 1, false, 2},
		{"robots.txt", compile.RFC9309, []compile.Rule{d(1, "/")}, "/robots.txt?x", 0, true, 1},
		{"no match", compile.RFC9309, []compile.Rule{d(1, "/b")}, "/a", 0, true, 0},
		{"empty rule matches nothing", compile.RFC9309, []compile.Rule{d(1, "")}, "/a", 0, true, 0},
		{"empty rule never disallows", compile.Google, []compile.Rule{d(1, "")}, "/a", 1, true, 1},
		{"index.html", compile.Google, []compile.Rule{a(1, "/d/index.html"), d(2, "/d/")}, "/d/", 1, true, 2},
	}
	for _, tt := range tests {
		// A final $ matches the end, as the automaton reads it.
		match := func(p string) bool {
			if q, ok := strings.CutSuffix(p, "$"); ok {
				return tt.path == q
			}
			return strings.HasPrefix(tt.path, p)
		}
		matches, w, allowed := Rank(tt.d, tt.rules, tt.path, match)
		line := 0
		if w >= 0 {
			line = tt.rules[matches[w].Rule].Line
		}
		if line != tt.winner || allowed != tt.allowed || len(matches) != tt.matches {
			t.Errorf("%s: line %d, allowed %v, %d matches; want %d, %v, %d", tt.name, line, allowed, len(matches), tt.winner, tt.allowed, tt.matches)
		}
	}
	m, w, _ := Rank(compile.Google, []compile.Rule{a(1, "/d/index.html")}, "/d/", func(p string) bool { return p == "/d/$" })
	if w != 0 || !m[0].IndexHTML || m[0].Strength != 4 {
		t.Errorf("index.html: %s", fmt.Sprint(m))
	}
}
