package automaton_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
)

// dumpTests are small sets of rules and the engines they compile to, as
// Machine.String prints them: each printer, each tier, and a Machine of
// two classes. A change to a build shows here as a change of a few lines.
// A star node's edges are listed best first (v2's "z" leads to r2, which
// outranks r0).
var dumpTests = []struct {
	name  string
	rules []automaton.Rule
	lim   automaton.Limits
	want  string
}{
	{
		name:  "literal",
		rules: []automaton.Rule{{Pattern: "/a", Rank: 2}, {Pattern: "/ab$", Rank: 4}, {Pattern: "/b", Rank: 2}},
		want: `
class 0: dfa
dfa:
  start "/"->n1
  n0 done top=-
  n1 branch 'a'->n2 'b'->match r2 top=r1
  n2 run "b" -> n3 out=r0 top=r1
  n3 branch end=r1 top=r1
`,
	},
	{
		name:  "wide",
		rules: rulesOf("/a", "/b", "/c", "/d", "/e", "/f", "/g", "/h", "/i", "/j", "/k"),
		want: `
class 0: dfa
dfa:
  start "/"->n1
  n0 done top=-
  n1 wide 'a'->match r0 'b'->match r1 'c'->match r2 'd'->match r3 'e'->match r4 'f'->match r5 'g'->match r6 'h'->match r7 'i'->match r8 'j'->match r9 'k'->match r10 top=r0
`,
	},
	{
		name:  "default",
		rules: []automaton.Rule{{Pattern: "/a", Rank: 2}, {Pattern: "/ab$", Rank: 4}, {Pattern: "/b*c", Rank: 4}},
		want: `
class 0: nfa
literal dfa:
  start "/a"->n1
  n0 done top=-
  n1 run "b" -> n2 out=r0 top=r1
  n2 branch end=r1 top=r1
nfa:
  p0 initial
  p1 '/'
  p2 'b' star
  p3
  p4 'c' end=r2
`,
	},
	{
		name:  "eager",
		rules: []automaton.Rule{{Pattern: "/a", Rank: 2}, {Pattern: "/ab$", Rank: 4}, {Pattern: "/b*c", Rank: 4}},
		lim:   automaton.Limits{EagerDFA: true},
		want: `
class 0: dfa
dfa:
  start n0
  n0 run "/" -> n2 else n1 top=r1
  n1 done loop top=-
  n2 branch 'a'->n3 'b'->n4 else n1 top=r1
  n3 run "b" -> n5 else n1 out=r0 top=r1
  n4 run "c" -> n6 loop top=r2
  n5 branch else n1 end=r1 top=r1
  n6 done loop out=r2 top=-
`,
	},
	{
		name:  "split",
		rules: []automaton.Rule{{Pattern: "/a", Rank: 2}, {Pattern: "/ab$", Rank: 4}, {Pattern: "/b*c", Rank: 4}},
		lim:   automaton.WithTier(automaton.TierSplit, automaton.Limits{}),
		want: `
class 0: split
literal dfa:
  start "/a"->n1
  n0 done top=-
  n1 run "b" -> n2 out=r0 top=r1
  n2 branch end=r1 top=r1
wildcard dfa:
  start n0
  n0 run "/b" -> n2 else n1 top=r2
  n1 done loop top=-
  n2 run "c" -> n3 loop top=r2
  n3 done loop out=r2 top=-
`,
	},
	{
		name:  "segments",
		rules: []automaton.Rule{{Pattern: "/x*y$", Rank: 5}, {Pattern: "/*.pdf", Rank: 6}, {Pattern: "/x*z*w", Rank: 6}},
		lim:   automaton.WithTier(automaton.TierSegments, automaton.Limits{}),
		want: `
class 0: segments
literal dfa:
  start dead
  n0 done top=-
segments:
  lead "/" -> v1
  lead "/x" -> v2
  v1 ".pdf" end=r1
  v2 "z" -> v3
  v2 "y" end$=r0
  v3 "w" end=r2
`,
	},
	{
		name:  "classes",
		rules: []automaton.Rule{{Pattern: "/*.pdf", Rank: 6}, {Pattern: "/a", Rank: 2, Class: 1}, {Pattern: "/*q", Rank: 3, Class: 1}},
		want: `
class 0: nfa
literal dfa:
  start dead
  n0 done top=-
nfa:
  p0 initial
  p1 '/' star
  p2
  p3 '.'
  p4 'p'
  p5 'd'
  p6 'f' end=r0
class 1: nfa
literal dfa:
  start "/a"->match r1
  n0 done top=-
nfa:
  p0 initial
  p1 '/' star
  p2
  p3 'q' end=r2
`,
	},
}

// TestDump compares the dumps of small Machines with the engines they
// should have built, inline, as regexp/syntax's tests compare programs.
func TestDump(t *testing.T) {
	for _, tt := range dumpTests {
		got := automaton.Compile(tt.rules, tt.lim).String()
		if want := strings.TrimPrefix(tt.want, "\n"); got != want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", tt.name, got, want)
		}
	}
}

func rulesOf(patterns ...string) []automaton.Rule {
	rules := make([]automaton.Rule, len(patterns))
	for i, p := range patterns {
		rules[i] = automaton.Rule{Pattern: p, Rank: len(p)}
	}
	return rules
}

// TestDumpEngines prints Machines of every engine built from sets of
// rules with every kind of octet, anchors, runs of stars and classes:
// every printer reads its tables without fault, and names each rule (none
// of them is beaten on every input by another, which a build may drop).
func TestDumpEngines(t *testing.T) {
	sets := [][]automaton.Rule{
		rulesOf("/a$", "/*z$", "/a*b*c", "/\xff\x00*\x80$", "/a/b/c/d/e/f/g/h/i/j/k/l/m", "/x*x*x*x*x"),
		rulesOf("/p*q", "/p*r", "/ps*q", "/*.gif$", "/*.jpg$", "/*?s=", "/a", "/ab", "/abc"),
		{{Pattern: "/a*b", Rank: 4}, {Pattern: "/u*", Rank: 3, Class: 1}, {Pattern: "/v$", Rank: 3, Class: 2}, {Pattern: "/*w", Rank: 3, Class: 3}},
	}
	for _, rules := range sets {
		for _, lim := range automaton.AllEngines() {
			got := automaton.Compile(rules, lim).String()
			if !strings.HasPrefix(got, "class 0: ") {
				t.Errorf("%v, %d rules: dump starts %.40q", lim, len(rules), got)
			}
			for i, r := range rules {
				name := " r" + strconv.Itoa(i)
				if !strings.Contains(got, "="+name[1:]) && !strings.Contains(got, "match"+name) {
					t.Errorf("%v: the dump does not name rule %d (%q):\n%s", lim, i, r.Pattern, got)
				}
			}
		}
	}
}
