package automaton_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
)

// naiveClass returns the best rule of class c by matching every pattern of
// that class with the reference.
func naiveClass(rules []automaton.Rule, c int, input string) int32 {
	best := int32(-1)
	for i, r := range rules {
		if r.Class != c {
			continue
		}
		if naive([]automaton.Rule{r}, input) == 0 && (best < 0 || r.Rank > rules[best].Rank) {
			best = int32(i)
		}
	}
	return best
}

// checkClasses decides 20 random inputs over "ab/" with m and checks each
// class's winner, by MatchClasses, against the naive one, and Match
// against class 0; a failure names what.
func checkClasses(t *testing.T, r *rand.Rand, m *automaton.Machine, rules []automaton.Rule, what string) {
	t.Helper()
	for k := 0; k < 20; k++ {
		in := strings.NewReplacer("*", "a", "$", "b").Replace("/" + randPattern(r, "ab/")[1:])
		var got [automaton.MaxClasses]int32
		m.MatchClasses(automaton.String(in), automaton.AllClasses, &got)
		for c := range automaton.MaxClasses {
			if want := naiveClass(rules, c, in); got[c] != want {
				t.Fatalf("%srules %v input %q: class %d got %d want %d", what, rules, in, c, got[c], want)
			}
		}
		if m0 := run(m, in); m0 != got[0] {
			t.Fatalf("%srules %v input %q: Match %d, MatchClasses class 0 %d", what, rules, in, m0, got[0])
		}
	}
}

var tiers = []automaton.Tier{0, automaton.TierDFA, automaton.TierSplit, automaton.TierSegments, automaton.TierNFA}

// TestClassesAgainstReference runs random rules of random classes through
// every tier (0: the default choice) and checks each class's winner, as
// MatchClasses and Match report it, against the naive one.
func TestClassesAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, tier := range tiers {
		for iter := 0; iter < 1500; iter++ {
			rules := make([]automaton.Rule, 1+r.IntN(12))
			for i := range rules {
				p := randPattern(r, "ab/")
				rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2), Class: r.IntN(automaton.MaxClasses)}
			}
			m := automaton.Compile(rules, automaton.WithTier(tier, automaton.Limits{}))
			st := m.Stats()
			for c := range automaton.MaxClasses {
				has := false
				for _, rule := range rules {
					has = has || rule.Class == c
				}
				if tier != 0 && has && st.Classes[c] != tier {
					t.Fatalf("forced tier %v, class %d built %v", tier, c, st.Classes[c])
				}
				if c > 0 && !has && st.Classes[c] != 0 {
					t.Fatalf("class %d has no rules, but tier %v", c, st.Classes[c])
				}
			}
			checkClasses(t, r, m, rules, fmt.Sprintf("tier %v: ", tier))
		}
	}
}

// TestMatchClassesSubset checks that MatchClasses decides only the classes
// asked for and leaves the others as they were.
func TestMatchClassesSubset(t *testing.T) {
	rules := []automaton.Rule{{Pattern: "/a", Rank: 1}, {Pattern: "/a", Rank: 1, Class: 1}, {Pattern: "/", Rank: 1, Class: 3}}
	m := automaton.Compile(rules, automaton.Limits{})
	dst := [automaton.MaxClasses]int32{7, 7, 7, 7}
	m.MatchClasses(automaton.String("/a"), 1<<1|1<<2, &dst)
	if dst != [automaton.MaxClasses]int32{7, 1, -1, 7} {
		t.Errorf("got %v, want [7 1 -1 7]", dst)
	}
	m.MatchClasses(automaton.String("/a"), automaton.AllClasses, &dst)
	if dst != [automaton.MaxClasses]int32{0, 1, -1, 2} {
		t.Errorf("got %v, want [0 1 -1 2]", dst)
	}
}

// TestMaxClasses pins the number of classes (the robots.txt matcher
// needs one for its crawl rules and one per AIPref category), and checks
// that a class outside the range is read as the nearest.
func TestMaxClasses(t *testing.T) {
	if automaton.MaxClasses != 4 || automaton.AllClasses != 0b1111 {
		t.Fatalf("MaxClasses %d, AllClasses %b", automaton.MaxClasses, automaton.AllClasses)
	}
	rules := []automaton.Rule{{Pattern: "/a", Rank: 1, Class: -3}, {Pattern: "/b", Rank: 1, Class: automaton.MaxClasses + 5}}
	m := automaton.Compile(rules, automaton.Limits{})
	var dst [automaton.MaxClasses]int32
	m.MatchClasses(automaton.String("/a"), automaton.AllClasses, &dst)
	if dst[0] != 0 {
		t.Errorf("class -3: %v", dst)
	}
	m.MatchClasses(automaton.String("/b"), automaton.AllClasses, &dst)
	if dst[automaton.MaxClasses-1] != 1 {
		t.Errorf("class MaxClasses+5: %v", dst)
	}
}

// TestMatchClassesAllocatesNothing checks every tier, forced, from the
// first call on.
func TestMatchClassesAllocatesNothing(t *testing.T) {
	var rules []automaton.Rule
	for c := range automaton.MaxClasses {
		rules = append(rules, automaton.Rule{Pattern: "/a", Rank: 4, Class: c}, automaton.Rule{Pattern: "/*b*c$", Rank: 12, Class: c},
			automaton.Rule{Pattern: "/a*d", Rank: 8, Class: c})
	}
	for _, tier := range tiers {
		in := "/abxdc"
		var dst [automaton.MaxClasses]int32
		// The first call of a fresh Machine, counted as the process
		// counts allocations: when it allocates, that of another fresh
		// Machine too, so that what another goroutine allocates meanwhile
		// (under load, now and then) is not taken for the call's.
		var m *automaton.Machine
		first := func() uint64 {
			m = automaton.Compile(rules, automaton.WithTier(tier, automaton.Limits{}))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			m.MatchClasses(automaton.String(in), automaton.AllClasses, &dst)
			runtime.ReadMemStats(&after)
			return after.Mallocs - before.Mallocs
		}
		if n := first(); n != 0 {
			if n = min(n, first()); n != 0 {
				t.Errorf("%v: the first MatchClasses allocates %d times", tier, n)
			}
		}
		if dst != [automaton.MaxClasses]int32{1, 4, 7, 10} {
			t.Errorf("%v: got %v", tier, dst)
		}
		if n := testing.AllocsPerRun(100, func() { m.MatchClasses(automaton.String(in), automaton.AllClasses, &dst) }); n != 0 {
			t.Errorf("%v: MatchClasses allocates %v times", tier, n)
		}
	}
}

// TestHostileClassBudgets spreads each hostile family over every class and
// checks that the budgets of Compile, stated for all the patterns,
// hold for all classes together.
func TestHostileClassBudgets(t *testing.T) {
	for _, lim := range []automaton.Limits{automaton.WithTier(automaton.TierDFA, automaton.Limits{}), {}} {
		for _, h := range hostile {
			t.Run(fmt.Sprintf("from=%v/%s", automaton.TierOf(lim), h.name), func(t *testing.T) {
				rules := h.rules()
				octets := 0
				for i := range rules {
					rules[i].Class = i % automaton.MaxClasses
					octets += len(rules[i].Pattern)
				}
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				m := automaton.Compile(rules, lim)
				runtime.ReadMemStats(&after)
				st := automaton.Describe(m)
				limit := automaton.CompileBytes(octets)
				if automaton.TierOf(lim) == 0 {
					limit = automaton.DefaultCompileBytes(octets)
				}
				if alloc := int(after.TotalAlloc - before.TotalAlloc); alloc > limit {
					t.Errorf("Compile allocated %d bytes for %d octets of patterns, budget %d", alloc, octets, limit)
				}
				if st.Bytes > automaton.TableBytes(octets) {
					t.Errorf("tables hold %d bytes for %d octets of patterns, budget %d", st.Bytes, octets, automaton.TableBytes(octets))
				}
				if automaton.TierOf(lim) != 0 && h.tier != automaton.TierDFA && len(rules) > 1 {
					var be *automaton.BudgetError
					if !errors.As(st.Budget, &be) && !errors.As(st.ClassBudget, &be) {
						t.Errorf("tiers %v without a BudgetError", st.Classes)
					}
				}
				var dst [automaton.MaxClasses]int32
				url := "http://h/" + strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789q", 28)[:1<<10]
				if n := testing.AllocsPerRun(5, func() { m.MatchClasses(automaton.String(url), automaton.AllClasses, &dst) }); n != 0 {
					t.Errorf("MatchClasses allocates %v times", n)
				}
			})
		}
	}
}
