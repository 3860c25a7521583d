package automaton_test

import (
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
// decide: rules of another class, rules with too many stars or octets,
// an input longer than the scan reads, and a search past the budget.
func TestScanBounds(t *testing.T) {
	if automaton.NewScan([]automaton.Rule{{Pattern: "/a", Class: 1}}) != nil {
		t.Error("NewScan took a rule of class 1")
	}
	if automaton.NewScan([]automaton.Rule{{Pattern: "/" + strings.Repeat("*a", 129)}}) != nil {
		t.Error("NewScan took 129 stars")
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
	if _, _, ok := s.Match(automaton.String("/" + strings.Repeat("a", 4096))); ok {
		t.Error("Match decided an input of 4 KiB")
	}
	if got, _, ok := s.Match(automaton.String("/" + strings.Repeat("a", 1000) + "b")); !ok || got != 0 {
		t.Errorf("Match of a long input = %d, %v; want 0, true", got, ok)
	}
	// The longest input read is 1 KiB, whether read in place or, with a
	// prefix to read before it, copied.
	prefixed := automaton.NewRewriting(nil, nil, nil)
	for _, c := range []struct {
		name string
		in   automaton.Input
		ok   bool
	}{
		{"1 KiB in place", automaton.String("/" + strings.Repeat("a", 1022) + "b"), true},
		{"1 KiB and one in place", automaton.String("/" + strings.Repeat("a", 1023) + "b"), false},
		{"1 KiB copied", automaton.Rewrite(strings.Repeat("a", 1022)+"b", 0, "/", prefixed), true},
		{"1 KiB and one copied", automaton.Rewrite(strings.Repeat("a", 1023)+"b", 0, "/", prefixed), false},
	} {
		if got, _, ok := s.Match(c.in); ok != c.ok || ok && got != 0 {
			t.Errorf("%s: Match = %d, %v; want 0 and %v", c.name, got, ok, c.ok)
		}
	}
	// Fifteen stars of a segment that almost matches everywhere: each
	// search compares at every octet, past the budget.
	hostile := automaton.NewScan([]automaton.Rule{{Pattern: "/" + strings.Repeat("*"+strings.Repeat("a", 400)+"b", 15)}})
	if hostile == nil {
		t.Fatal("NewScan refused the hostile rule")
	}
	if _, work, ok := hostile.Match(automaton.String("/" + strings.Repeat("a", 1000))); ok {
		t.Errorf("Match decided past the budget (work %d)", work)
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
