package automaton_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
)

// TestScanAgainstReference checks the scan against the reference and
// against the Machine of the same rules, ranks tied or not, read from the
// patterns' lengths or kept apart, and that
// Rules gives back what it was made of; made by NewScan, or by NewScanIn
// from texts that hold the patterns end to end or not.
func TestScanAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 5000; iter++ {
		rules := make([]automaton.Rule, 1+r.IntN(8))
		// Ranks as package compile gives them, which the Scan reads from
		// the patterns, on even iterations; on odd ones, such ranks up to
		// a random rule (often none), and others from there.
		apart := len(rules)
		if iter%2 == 1 {
			apart = r.IntN(len(rules))
		}
		for i := range rules {
			p := randPattern(r, "ab/")
			switch rank := r.IntN(8); {
			case i >= apart:
				rules[i] = automaton.Rule{Pattern: p, Rank: len(p) / (1 + r.IntN(3))}
			case rank == 0:
				rules[i] = automaton.Rule{Pattern: p, Rank: math.MaxInt}
			default:
				rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + rank%2}
			}
		}
		var s *automaton.Scan
		switch iter % 3 {
		case 0:
			s = automaton.NewScan(rules)
		case 1: // the patterns end to end, split after k rules
			k := r.IntN(len(rules) + 1)
			s = automaton.NewScanIn(endToEnd(rules[:k]), endToEnd(rules[k:]), rules)
		default: // texts that are not the patterns, or only some
			k := r.IntN(len(rules) + 1)
			s = automaton.NewScanIn(endToEnd(rules[:k])+"x", randPattern(r, "ab/"), rules)
		}
		if s == nil {
			continue // too many stars
		}
		for i, rule := range s.Rules() {
			if rule != rules[i] {
				t.Fatalf("Rules()[%d] = %+v, want %+v", i, rule, rules[i])
			}
		}
		m := automaton.Compile(rules, automaton.Limits{})
		for k := 0; k < 30; k++ {
			in := "/" + randPattern(r, "ab/")[1:]
			in = strings.NewReplacer("*", "a", "$", "b").Replace(in)
			got, work, ok := s.Match(automaton.String(in))
			if want := naive(rules, in); !ok || got != want || got != run(m, in) {
				t.Fatalf("rules %v input %q: scan %d (ok %v), want %d, machine %d", rules, in, got, ok, want, run(m, in))
			}
			if work < len(in) || work > automaton.DecideBudget(len(in)) {
				t.Fatalf("rules %v input %q: work %d, outside [%d, %d]", rules, in, work, len(in), automaton.DecideBudget(len(in)))
			}
		}
	}
}

// TestScanBounds checks what NewScan refuses and what Match does not
// decide: rules of another class, too many rules that search or too many
// octets, and an input longer than the scan reads.
func TestScanBounds(t *testing.T) {
	if automaton.NewScan([]automaton.Rule{{Pattern: "/a", Class: 1}}) != nil {
		t.Error("NewScan took a rule of class 1")
	}
	searching := func(n int, pattern func(i int) string) []automaton.Rule {
		rules := make([]automaton.Rule, n)
		for i := range rules {
			rules[i].Pattern = pattern(i)
		}
		return rules
	}
	// A rule searches when a '*' is followed by another, or not by the
	// anchor that ends it: however many stars, it is one.
	many := func(i int) string { return fmt.Sprintf("/*%d", i) + strings.Repeat("*a", 100) }
	if automaton.NewScan(searching(automaton.ScanMaxSearches, many)) == nil {
		t.Errorf("NewScan refused %d rules that search", automaton.ScanMaxSearches)
	}
	if automaton.NewScan(searching(automaton.ScanMaxSearches+1, many)) != nil {
		t.Errorf("NewScan took %d rules that search", automaton.ScanMaxSearches+1)
	}
	if automaton.NewScan(searching(1000, func(i int) string { return fmt.Sprintf("/*.x%d$", i) })) == nil {
		t.Error(`NewScan refused rules "/*.x$", which compare their ends and search nothing`)
	}
	// Rules whose prefixes no input starts with together search apart:
	// counted along a chain of prefixes.
	if automaton.NewScan(searching(1000, func(i int) string { return fmt.Sprintf("/d%d/*a*b", i) })) == nil {
		t.Error(`NewScan refused rules "/d<i>/*a*b", of which one at most searches an input`)
	}
	chain := func(i int) string {
		return "/" + strings.Repeat("a", i%(automaton.ScanMaxSearches+1)) + fmt.Sprintf("*x%d*", i)
	}
	if automaton.NewScan(searching(automaton.ScanMaxSearches+1, chain)) != nil {
		t.Errorf(`NewScan took %d rules "/a…*x*" whose prefixes start one another`, automaton.ScanMaxSearches+1)
	}
	if automaton.NewScan(searching(automaton.ScanMaxSearches, chain)) == nil {
		t.Errorf(`NewScan refused %d rules "/a…*x*" whose prefixes start one another`, automaton.ScanMaxSearches)
	}
	if automaton.NewScan([]automaton.Rule{{Pattern: "/" + strings.Repeat("a", automaton.DecideBase)}}) != nil {
		t.Error("NewScan took a pattern of DecideBase octets")
	}
	for _, rank := range []int{math.MaxInt32, math.MinInt32 - 1, math.MaxInt - 1} {
		if automaton.NewScan([]automaton.Rule{{Pattern: "/a", Rank: rank}}) != nil {
			t.Errorf("NewScan took rank %d", rank)
		}
	}
	top := []automaton.Rule{{Pattern: "/a", Rank: math.MaxInt32 - 1}, {Pattern: "/a", Rank: math.MaxInt}, {Pattern: "/", Rank: math.MinInt32}}
	if s := automaton.NewScan(top); s == nil {
		t.Error("NewScan refused ranks within 32 bits and math.MaxInt")
	} else if got, _, _ := s.Match(automaton.String("/a")); got != 1 || !reflect.DeepEqual(s.Rules(), top) {
		t.Errorf("ranks %v: Match = %d, want 1; Rules = %v", top, got, s.Rules())
	}
	s := automaton.NewScan([]automaton.Rule{{Pattern: "/a*b"}})
	if s.BuildCost() <= 0 {
		t.Errorf("BuildCost = %d", s.BuildCost())
	}
	// The longest input read is ScanMaxInput, whether read in place or,
	// with a prefix to read before it, copied.
	prefixed := automaton.NewRewriting(nil, nil, nil)
	long := automaton.ScanMaxInput - 2
	for _, c := range []struct {
		name string
		in   automaton.Input
		ok   bool
	}{
		{"1 KiB in place", automaton.String("/" + strings.Repeat("a", 1022) + "b"), true},
		{"1 KiB and one copied", automaton.Rewrite(strings.Repeat("a", 1023)+"b", 0, "/", prefixed), true},
		{"the longest in place", automaton.String("/" + strings.Repeat("a", long) + "b"), true},
		{"one more in place", automaton.String("/" + strings.Repeat("a", long+1) + "b"), false},
		{"the longest copied", automaton.Rewrite(strings.Repeat("a", long)+"b", 0, "/", prefixed), true},
		{"one more copied", automaton.Rewrite(strings.Repeat("a", long+1)+"b", 0, "/", prefixed), false},
	} {
		if got, _, ok := s.Match(c.in); ok != c.ok || ok && got != 0 {
			t.Errorf("%s: Match = %d, %v; want 0 and %v", c.name, got, ok, c.ok)
		}
	}
}

// TestScanWithinBudget checks that no decision of a Scan reaches the
// decision budget, on the costliest rules NewScan takes: every rule
// searching, of segments that almost match a run of one octet everywhere,
// filling the octets, decided on runs of that octet and of another (in
// place and copied) up to the longest input the scan reads. So a Matcher
// that starts with a Scan never needs its Machine to decide.
func TestScanWithinBudget(t *testing.T) {
	seg := func(n int) string { return strings.Repeat("a", n) + "b" }
	shapes := []struct {
		name string
		rule func(i int) string
	}{
		{"one long segment", func(i int) string { return "/*" + seg(400) + fmt.Sprint(i) }},
		{"many short segments", func(i int) string { return "/*" + strings.Repeat(seg(3)+"*", 60) + fmt.Sprint(i) }},
		{"anchored", func(i int) string { return "/*" + seg(200) + "*" + seg(100) + fmt.Sprintf("%d$", i) }},
	}
	prefixed := automaton.NewRewriting(nil, nil, nil)
	for k, shape := range shapes {
		var rules []automaton.Rule
		octets := 0
		// The searching rules, then literal ones up to the octets' bound;
		// in the first shape, all but one of the searching rules start
		// "/", and a hundred more start apart, "/<j>/", one of which the
		// inputs start with.
		for i := 0; i < automaton.ScanMaxSearches; i++ {
			p := shape.rule(i)
			if k == 0 && i == automaton.ScanMaxSearches-1 {
				for j := range 100 {
					p := fmt.Sprintf("/%d/*%s", j, seg(20))
					octets += len(p) + 1
					rules = append(rules, automaton.Rule{Pattern: p, Rank: 2 * len(p)})
				}
				continue
			}
			octets += len(p) + 1
			rules = append(rules, automaton.Rule{Pattern: p, Rank: 2 * len(p)})
		}
		for i := 0; ; i++ {
			p := fmt.Sprintf("/%d%s", i, seg(50))
			if octets+len(p)+1 > automaton.ScanMaxOctets {
				break
			}
			octets += len(p) + 1
			rules = append(rules, automaton.Rule{Pattern: p, Rank: 2 * len(p)})
		}
		s := automaton.NewScan(rules)
		if s == nil {
			t.Fatalf("%s: NewScan refused %d rules of %d octets", shape.name, len(rules), octets)
		}
		for _, n := range []int{0, 1, 100, 1023, 4096, automaton.ScanMaxInput - 1} {
			for _, run := range []string{"a", "b", "ab"} {
				body := strings.Repeat(run, n/len(run)+1)[:n]
				if k == 0 && n > 3 {
					body = "7/" + body[2:] // "/7/": a rule of the hundred searches too
				}
				for _, in := range []automaton.Input{automaton.String("/" + body), automaton.Rewrite(body, 0, "/", prefixed)} {
					_, work, ok := s.Match(in)
					if !ok || work > automaton.DecideBudget(n+1) {
						t.Fatalf("%s, %d octets of %q: ok %v, work %d, budget %d", shape.name, n+1, run, ok, work, automaton.DecideBudget(n+1))
					}
				}
			}
		}
	}
}

// endToEnd returns the patterns of rules end to end.
func endToEnd(rules []automaton.Rule) string {
	var b strings.Builder
	for _, r := range rules {
		b.WriteString(r.Pattern)
	}
	return b.String()
}
