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
		checkClasses(t, r, m, rules, "")
	}
}
