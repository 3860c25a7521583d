package automaton_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
)

// budgetRules are rules every tier can hold, in two classes, with
// wildcard rules that keep a walk going to the end of an input of 'x'
// (an anchored one, and one whose segment never comes).
var budgetRules = []automaton.Rule{
	{Pattern: "/x", Rank: 2},
	{Pattern: "/x*y", Rank: 4},
	{Pattern: "/*x$", Rank: 3},
	{Pattern: "/*zz*q", Rank: 6},
	{Pattern: "/x*x$", Rank: 5, Class: 1},
	{Pattern: "/*q", Rank: 3, Class: 1},
}

// budgetTiers are the Limits that build each tier's walk: the DFA of all
// patterns, two DFAs, the segment matcher, the NFA, and the lazily built
// DFA over each of the last two.
var budgetTiers = []automaton.Limits{
	automaton.WithTier(automaton.TierDFA, automaton.Limits{}),
	automaton.WithTier(automaton.TierSplit, automaton.Limits{}),
	automaton.WithTier(automaton.TierSegments, automaton.WithLazy(automaton.Limits{}, automaton.LazyNever)),
	automaton.WithTier(automaton.TierNFA, automaton.WithLazy(automaton.Limits{}, automaton.LazyNever)),
	automaton.WithTier(automaton.TierSegments, automaton.WithLazy(automaton.Limits{}, automaton.LazyAlways)),
	automaton.WithTier(automaton.TierNFA, automaton.WithLazy(automaton.Limits{}, automaton.LazyAlways)),
}

// TestOverBudget drives the walk of every tier over a decision budget
// small enough for it (a test's, in place of DecideBase and
// DecidePerOctet) and checks that the decision fails closed: Match returns
// OverBudget, and MatchClasses stores it for every class asked. Under a
// budget large enough, the same walks decide as the default build does.
func TestOverBudget(t *testing.T) {
	in := "/" + strings.Repeat("x", 300)
	def := automaton.Compile(budgetRules, automaton.Limits{})
	want := def.Match(automaton.String(in))
	var wantAll [automaton.MaxClasses]int32
	def.MatchClasses(automaton.String(in), automaton.AllClasses, &wantAll)
	for _, lim := range budgetTiers {
		t.Run(lim.String(), func(t *testing.T) {
			tier := automaton.Compile(budgetRules, lim).Stats().Tier
			if want := automaton.TierOf(lim); tier != want {
				t.Fatalf("built %v, want %v", tier, want)
			}
			over := automaton.CompileBudget(budgetRules, lim, 20, 1)
			for range 2 { // the lazy DFA builds its states, then finds them
				if got := over.Match(automaton.String(in)); got != automaton.OverBudget {
					t.Errorf("Match under a budget of 20 units and 1 an octet = %d, want OverBudget", got)
				}
			}
			var dst [automaton.MaxClasses]int32
			over.MatchClasses(automaton.String(in), 1<<0|1<<1, &dst)
			if dst[0] != automaton.OverBudget || dst[1] != automaton.OverBudget {
				t.Errorf("MatchClasses under that budget = %v, want OverBudget for classes 0 and 1", dst)
			}
			// Every class asked gets an answer: -1 for those without rules.
			dst = [automaton.MaxClasses]int32{7, 7, 7, 7}
			over.MatchClasses(automaton.String(in), automaton.AllClasses, &dst)
			if dst != [automaton.MaxClasses]int32{automaton.OverBudget, automaton.OverBudget, -1, -1} {
				t.Errorf("MatchClasses of every class under that budget = %v, want OverBudget for classes 0 and 1, -1 for the others", dst)
			}
			if automaton.LazyOf(lim) == automaton.LazyAlways {
				// A walk of the lazy DFA that builds few states, well
				// within its share of the budget, and takes more octets
				// than the budget allows, fails closed itself.
				long := "/" + strings.Repeat("x", 5000)
				few := automaton.CompileBudget(budgetRules, lim, 4000, 0)
				if got := few.Match(automaton.String(long)); got != automaton.OverBudget {
					t.Errorf("Match of %d octets under a budget of 4,000 units = %d, want OverBudget", len(long), got)
				}
			}
			within := automaton.CompileBudget(budgetRules, lim, 1<<20, 1<<10)
			for range 2 {
				if got := within.Match(automaton.String(in)); got != want {
					t.Errorf("Match within a large budget = %d, want %d", got, want)
				}
			}
			within.MatchClasses(automaton.String(in), automaton.AllClasses, &dst)
			if dst != wantAll {
				t.Errorf("MatchClasses within a large budget = %v, want %v", dst, wantAll)
			}
		})
	}
}

// TestMatchClassesDecidesClass0First checks, on every tier, that
// MatchClasses decides class 0 first, alone, as Match does, and the other
// classes with what it leaves of the budget: under the least budget
// within which Match decides the input, where a class 1 whose literal DFA
// stays live to the end would take a read of both classes together past
// it, MatchClasses stores Match's answer for class 0, and OverBudget for
// class 1.
func TestMatchClassesDecidesClass0First(t *testing.T) {
	rules := []automaton.Rule{
		{Pattern: "/x", Rank: 2},
		{Pattern: "/*zz*q", Rank: 6},
		{Pattern: "/x*xq$", Rank: 5},
		{Pattern: "/" + strings.Repeat("x", 400), Rank: 401, Class: 1},
	}
	in := automaton.String("/" + strings.Repeat("x", 300))
	want := automaton.Compile(rules, automaton.Limits{}).Match(in)
	if want < 0 {
		t.Fatalf("Match = %d, want a rule", want)
	}
	retried := 0
	for _, lim := range budgetTiers {
		t.Run(lim.String(), func(t *testing.T) {
			// The least base, with nothing per octet, within which Match
			// decides in.
			lo, hi := 0, 1<<16
			if automaton.CompileBudget(rules, lim, hi, 0).Match(in) == automaton.OverBudget {
				t.Fatalf("Match over a budget of %d units", hi)
			}
			for lo < hi {
				mid := (lo + hi) / 2
				if automaton.CompileBudget(rules, lim, mid, 0).Match(in) == automaton.OverBudget {
					lo = mid + 1
				} else {
					hi = mid
				}
			}
			m := automaton.CompileBudget(rules, lim, lo, 0)
			if got := m.Match(in); got != want {
				t.Fatalf("Match within %d units = %d, want %d", lo, got, want)
			}
			var dst [automaton.MaxClasses]int32
			m.MatchClasses(in, 1<<0|1<<1, &dst)
			if dst[0] != want {
				t.Errorf("MatchClasses within %d units: class 0 = %d, want %d (Match's)", lo, dst[0], want)
			}
			if dst[1] == automaton.OverBudget {
				retried++
			} else if automaton.LazyOf(lim) != automaton.LazyAlways {
				t.Errorf("MatchClasses within %d units: class 1 = %d, want OverBudget", lo, dst[1])
			}
		})
	}
	if retried == 0 {
		t.Error("no tier ran out of the budget with class 1: the test shows nothing")
	}
}

// TestWorstCost checks, on every tier, that the work a decision counts
// (Machine.Cost) stays within the worst case the build states
// (Stats.WorstBase + WorstPerOctet per octet), on random rules and
// inputs: the bound that makes a plan Bounded holds.
func TestWorstCost(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1))
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte("abc/"[r.IntN(4)])
		}
		return b.String()
	}
	for iter := range 200 {
		var rules []automaton.Rule
		for range 1 + r.IntN(40) {
			p := "/" + word(r.IntN(3))
			for range r.IntN(4) {
				p += "*" + word(1+r.IntN(4))
			}
			if r.IntN(3) == 0 {
				p += "$"
			}
			rules = append(rules, automaton.Rule{Pattern: p, Rank: len(p), Class: r.IntN(2)})
		}
		for _, lim := range append(budgetTiers, automaton.Limits{}) {
			m := automaton.Compile(rules, lim)
			st := automaton.Describe(m)
			for range 5 {
				in := "/" + word(r.IntN(400))
				for _, set := range []automaton.ClassSet{1, automaton.AllClasses} {
					if w, limit := m.Cost(automaton.String(in), set), st.WorstBase+st.WorstPerOctet*len(in); w > limit {
						t.Fatalf("iteration %d, %v (%v), classes %b, %d octets: work %d, past the worst case %d + %d an octet", iter, lim, st.Tier, set, len(in), w, st.WorstBase, st.WorstPerOctet)
					}
				}
			}
		}
	}
}

// TestBoundedNeverFails checks that a Bounded plan never fails closed
// under the default budget, and that one that is not fails closed only
// where its work is past the budget: on the families of many distinct
// wildcard lines, decided on inputs that feed them.
func TestBoundedNeverFails(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2))
	for _, n := range []int{10, 300, 30000} {
		var rules []automaton.Rule
		seen := map[string]bool{}
		for len(rules) < n {
			var b strings.Builder
			b.WriteByte('/')
			for range 4 {
				fmt.Fprintf(&b, "*%c", 'a'+r.IntN(26))
			}
			if p := b.String(); !seen[p] {
				seen[p] = true
				rules = append(rules, automaton.Rule{Pattern: p, Rank: len(p)})
			}
		}
		m := automaton.Compile(rules, automaton.Limits{})
		st := automaton.Describe(m)
		failed := 0
		for range 20 {
			var b strings.Builder
			b.WriteByte('/')
			for range 1 + r.IntN(1000) {
				b.WriteByte(byte('a' + r.IntN(27)))
			}
			in := b.String()
			got := m.Match(automaton.String(in))
			over := m.Cost(automaton.String(in), 1) > automaton.DecideBudget(len(in))
			if got == automaton.OverBudget {
				failed++
			}
			if (got == automaton.OverBudget) != over {
				t.Errorf("%d rules, %d octets: Match %d, work past the budget %v", n, len(in), got, over)
			}
			if st.Bounded && got == automaton.OverBudget {
				t.Errorf("%d rules: a Bounded plan failed closed", n)
			}
		}
		t.Logf("%d rules: bounded %v (worst %d + %d an octet), %d of 20 inputs failed closed", n, st.Bounded, st.WorstBase, st.WorstPerOctet, failed)
	}
}
