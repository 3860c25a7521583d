package compile

import (
	"fmt"
	"strings"
	"testing"
)

// TestRank checks the one ranking: the longest match, allow winning a tie,
// then the earlier line, whatever the order of the rules given (issue 26:
// explain's copy broke ties by the rules' order, not by line); the first
// match in a first-match dialect; /robots.txt; empty rules.
func TestRank(t *testing.T) {
	d := func(line int, p string) Rule { return Rule{Line: line, Canonical: p, Pattern: p} }
	a := func(line int, p string) Rule { return Rule{Line: line, Canonical: p, Pattern: p, Allow: true} }
	tests := []struct {
		name    string
		m       Matching
		rules   []Rule
		path    string
		winner  int // the line that decides; 0 for none
		allowed bool
		matches int
	}{
		{"longest", RFC9309.Matching(), []Rule{d(1, "/a"), a(2, "/ab")}, "/abc", 2, true, 2},
		{"allow wins a tie", RFC9309.Matching(), []Rule{d(1, "/a"), a(2, "/a")}, "/a", 2, true, 2},
		{"the earlier line, whatever the order", RFC9309.Matching(), []Rule{d(5, "/a"), d(3, "/a")}, "/a", 3, false, 2},
		{"first match", Draft1996.Matching(), []Rule{d(1, "/a"), a(2, "/ab")}, "/ab", 1, false, 2},
		{"robots.txt", RFC9309.Matching(), []Rule{d(1, "/")}, "/robots.txt?x", 0, true, 1},
		{"no match", RFC9309.Matching(), []Rule{d(1, "/b")}, "/a", 0, true, 0},
		{"empty rule matches nothing", RFC9309.Matching(), []Rule{d(1, "")}, "/a", 0, true, 0},
		{"empty rule never disallows", Google.Matching(), []Rule{d(1, "")}, "/a", 1, true, 1},
		{"index.html", Google.Matching(), []Rule{a(1, "/d/index.html"), d(2, "/d/")}, "/d/", 1, true, 2},
	}
	for _, tt := range tests {
		// A final $ matches the end, as the automaton reads it.
		match := func(p string) bool {
			if q, ok := strings.CutSuffix(p, "$"); ok {
				return tt.path == q
			}
			return strings.HasPrefix(tt.path, p)
		}
		matches, w, allowed := tt.m.Rank(tt.rules, tt.path, match)
		line := 0
		if w >= 0 {
			line = tt.rules[matches[w].Rule].Line
		}
		if line != tt.winner || allowed != tt.allowed || len(matches) != tt.matches {
			t.Errorf("%s: line %d, allowed %v, %d matches; want %d, %v, %d", tt.name, line, allowed, len(matches), tt.winner, tt.allowed, tt.matches)
		}
	}
	m, w, _ := Google.Matching().Rank([]Rule{a(1, "/d/index.html")}, "/d/", func(p string) bool { return p == "/d/$" })
	if w != 0 || !m[0].IndexHTML || m[0].Strength != 4 {
		t.Errorf("index.html: %s", fmt.Sprint(m))
	}
}
