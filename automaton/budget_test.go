package automaton_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
)

// patternLimit is the most pattern octets a file the parse limit admits
// can hold: 500 KiB and the slack of a line that straddles the limit.
const patternLimit = 576 << 10

// hostile are rule sets built to defeat automata, each near patternLimit
// octets of patterns, and the tier Compile must pick for them.
var hostile = []struct {
	name  string
	rules func() []automaton.Rule
	tier  automaton.Tier
}{
	{"manystar=100", func() []automaton.Rule { return manyStar(100) }, automaton.TierSegments},
	{"manystar=1000", func() []automaton.Rule { return manyStar(1000) }, automaton.TierSegments},
	{"astar", func() []automaton.Rule {
		return fill(func(i int) string { return fmt.Sprintf("/*a%d*b%d", i, i) })
	}, automaton.TierSegments},
	{"literal", func() []automaton.Rule {
		return []automaton.Rule{{Pattern: "/" + strings.Repeat("abcdefgh", patternLimit/8-1)}}
	}, automaton.TierDFA},
	{"longstar", func() []automaton.Rule {
		return []automaton.Rule{{Pattern: "/" + strings.Repeat("*q", patternLimit/2-1) + "$"}}
	}, automaton.TierSegments},
	{"longfloat", func() []automaton.Rule { // one segment after a star: quadratic by subset construction
		return []automaton.Rule{{Pattern: "/*" + strings.Repeat("q", patternLimit-3)}}
	}, automaton.TierSegments},
	{"distinct", func() []automaton.Rule { // a star per four octets, each segment new: the most bytes per octet of the segment build
		const alpha = "abcdefghijklmnopqrstuvwxyz0123456789-._~ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		var b strings.Builder
		b.WriteByte('/')
		for i := 0; b.Len()+5 < patternLimit; i++ {
			b.WriteByte('*')
			for j, k := 0, i; j < 3; j, k = j+1, k/len(alpha) {
				b.WriteByte(alpha[k%len(alpha)])
			}
		}
		return []automaton.Rule{{Pattern: b.String()}}
	}, automaton.TierSegments},
	// Runs of 'a' that end hundreds of segments at each octet (see
	// TestSegmentWalkWork), taken at once, waiting on a node not reached,
	// and waiting on a node reached mid-run.
	{"nested", func() []automaton.Rule {
		return fill(func(i int) string { return "/*" + strings.Repeat("a", i+1) + "*b$" })
	}, automaton.TierSegments},
	{"asleep", func() []automaton.Rule {
		return fill(func(i int) string { return "/*z*" + strings.Repeat("a", i+1) + "*b$" })
	}, automaton.TierSegments},
	{"late", func() []automaton.Rule {
		return fill(func(i int) string { return "/*" + strings.Repeat("a", 400) + "*" + strings.Repeat("a", i+1) + "*b$" })
	}, automaton.TierSegments},
}

func fill(pattern func(i int) string) []automaton.Rule {
	var rules []automaton.Rule
	for n, i := 0, 0; ; i++ {
		p := pattern(i)
		if n += len(p); n > patternLimit {
			return rules
		}
		rules = append(rules, automaton.Rule{Pattern: p, Rank: 2 * len(p)})
	}
}

func manyStar(k int) []automaton.Rule {
	return fill(func(i int) string { return automaton.ManyStarLine(i, k) })
}

// TestHostileBudgets compiles each hostile family, on the ladder of DFAs
// (EagerDFA) and by default, and checks the tier chosen (on the
// ladder, h.tier and why; by default, TierSegments for any '*'), that
// Compile allocates within automaton.CompileBytes of the patterns (by
// default, automaton.DefaultCompileBytes), that the
// tables held stay within automaton.TableBytes, and that Match allocates
// nothing once its scratch exists.
func TestHostileBudgets(t *testing.T) {
	for _, lim := range []automaton.Limits{automaton.WithTier(automaton.TierDFA, automaton.Limits{}), {}, automaton.WithLazy(automaton.Limits{}, automaton.LazyAlways)} {
		t.Run(lim.String(), func(t *testing.T) { testHostileBudgets(t, lim) })
	}
}

func testHostileBudgets(t *testing.T, lim automaton.Limits) {
	url := "http://h/" + strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789q", 28)[:1<<10]
	for _, h := range hostile {
		t.Run(h.name, func(t *testing.T) {
			rules := h.rules()
			octets := 0
			for _, r := range rules {
				octets += len(r.Pattern)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			m := automaton.Compile(rules, lim)
			runtime.ReadMemStats(&after)
			st := automaton.Describe(m)
			want := h.tier
			if automaton.TierOf(lim) == 0 && want != automaton.TierDFA {
				want = automaton.TierSegments // no DFA of '*' patterns by default
			}
			if st.Tier != want {
				t.Errorf("tier %v, want %v (budget: %v)", st.Tier, want, st.Budget)
			}
			if automaton.TierOf(lim) != 0 && h.tier != automaton.TierDFA {
				var be *automaton.BudgetError
				if !errors.As(st.Budget, &be) {
					t.Errorf("tier %v without a BudgetError: %v", st.Tier, st.Budget)
				}
			}
			alloc := int(after.TotalAlloc - before.TotalAlloc)
			limit := automaton.CompileBytes(octets)
			if automaton.TierOf(lim) == 0 {
				limit = automaton.DefaultCompileBytes(octets)
			}
			if alloc > limit {
				t.Errorf("Compile allocated %d bytes for %d octets of patterns, budget %d", alloc, octets, limit)
			}
			if limit := automaton.TableBytes(octets); st.Bytes > limit {
				t.Errorf("tables hold %d bytes for %d octets of patterns, budget %d", st.Bytes, octets, limit)
			}
			t.Logf("%d rules, %d octets: tier %v, allocated %.1f MiB, held %.1f MiB", len(rules), octets, st.Tier,
				float64(alloc)/(1<<20), float64(st.Bytes)/(1<<20))
			if n := testing.AllocsPerRun(10, func() { m.Match(automaton.String(url)) }); n != 0 {
				t.Errorf("Match allocates %v times", n)
			}
			if automaton.LazyOf(lim) == automaton.LazyAlways {
				below := automaton.Compile(rules, automaton.WithLazy(automaton.Limits{}, automaton.LazyNever))
				if got, want := m.Match(automaton.String(url)), below.Match(automaton.String(url)); got != want {
					t.Errorf("Match = %d by the lazily built DFA, %d by the tier below", got, want)
				}
			}
		})
	}
}

// TestMatchAllocatesNothing checks every engine, forced, on a small set,
// from the first Match on: the lazily built DFA's too, whose arenas are
// static.
func TestMatchAllocatesNothing(t *testing.T) {
	rules := []automaton.Rule{{Pattern: "/a", Rank: 4}, {Pattern: "/*b*c$", Rank: 12}, {Pattern: "/a*d", Rank: 8}}
	for _, lim := range automaton.AllEngines() {
		tier := lim
		in := "/abxdc"
		// AllocsPerRun warms up first: count the first call by hand, as the
		// process counts allocations. A run of the whole package now and
		// then counts one or two that no goroutine of the test makes (a
		// profile of every allocation shows none in Match), so a first
		// call that seems to allocate is measured again on fresh Machines,
		// and fails when each of three does.
		var m *automaton.Machine
		var got int32
		first := func() uint64 {
			m = automaton.Compile(rules, lim)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			got = m.Match(automaton.String(in))
			runtime.ReadMemStats(&after)
			return after.Mallocs - before.Mallocs
		}
		n := first()
		for try := 1; n != 0 && try < 3; try++ {
			n = min(n, first())
		}
		if n != 0 {
			t.Errorf("%v: the first Match allocates %d times", tier, n)
		}
		if got != 1 {
			t.Errorf("%v: Match(%q) = %d, want 1", tier, in, got)
		}
		if n := testing.AllocsPerRun(100, func() { m.Match(automaton.String(in)) }); n != 0 {
			t.Errorf("%v: Match allocates %v times", tier, n)
		}
	}
}

// TestWorkBudget checks that DFA construction stops at the work budget: a
// family whose DFA cannot fit spends at most its work cap, and says so.
func TestWorkBudget(t *testing.T) {
	var rules []automaton.Rule
	for i := 0; i < 40; i++ {
		p := fmt.Sprintf("/*a%d*b%d", i, i)
		rules = append(rules, automaton.Rule{Pattern: p, Rank: len(p)})
	}
	for _, work := range []int{1000, 100000} {
		st := automaton.Describe(automaton.Compile(rules, automaton.WithCaps(automaton.Limits{EagerDFA: true}, 1<<30, work)))
		var be *automaton.BudgetError
		if st.Tier != automaton.TierSegments || !errors.As(st.Budget, &be) || be.Limit != work {
			t.Errorf("work cap %d: tier %v, budget %v", work, st.Tier, st.Budget)
		}
		t.Logf("work cap %d: spent %d", work, st.Work)
		// One state's worth of work may pass the budget before the check.
		if st.Work > work+1000 {
			t.Errorf("work cap %d: spent %d", work, st.Work)
		}
	}
}
