package automaton_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
)

// TestScanPlanAgainstReference runs the segment tier's scan plan, which a
// file past the compile budget gets, forced, on the random patterns and
// inputs of TestRandomAgainstReference and TestClassesAgainstReference:
// on inputs this short no decision reaches the decision budget, so each
// must be exact, by Match and by MatchClasses.
func TestScanPlanAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 26))
	for iter := 0; iter < 3000; iter++ {
		rules := make([]automaton.Rule, 1+r.IntN(12))
		for i := range rules {
			p := randPattern(r, "ab/")
			rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2), Class: r.IntN(automaton.MaxClasses) * (iter % 2)}
		}
		m := automaton.Compile(rules, automaton.WithScanPlan(automaton.Limits{}))
		wild := false
		for _, rule := range rules {
			wild = wild || strings.Contains(strings.TrimRight(rule.Pattern, "*$"), "*")
		}
		if st := m.Stats(); wild && st.Bounded {
			t.Fatalf("rules %v: bounded, want the scan plan", rules)
		}
		for k := 0; k < 20; k++ {
			in := strings.NewReplacer("*", "a", "$", "b").Replace("/" + randPattern(r, "ab/")[1:])
			var got [automaton.MaxClasses]int32
			m.MatchClasses(automaton.String(in), automaton.AllClasses, &got)
			for c := range automaton.MaxClasses {
				if want := naiveClass(rules, c, in); got[c] != want {
					t.Fatalf("rules %v input %q: class %d got %d want %d", rules, in, c, got[c], want)
				}
			}
			if m0 := run(m, in); m0 != got[0] {
				t.Fatalf("rules %v input %q: Match %d, MatchClasses class 0 %d", rules, in, m0, got[0])
			}
		}
	}
}
