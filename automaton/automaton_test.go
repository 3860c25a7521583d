package automaton_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/conformance"
)

// naive returns the best rule by matching every pattern with the reference.
func naive(rules []automaton.Rule, input string) int32 {
	best := int32(-1)
	for i, r := range rules {
		if conformance.Match(r.Pattern, input) && automaton.Better(rules, int32(i), best) {
			best = int32(i)
		}
	}
	return best
}

// segScratch is reused across walks, as a Matcher's pool reuses it, so that
// the generation reset is exercised.
var segScratch = map[*automaton.Segments]*automaton.SegmentState{}

// run walks every engine of m over input.
func run(m *automaton.Machine, rules []automaton.Rule, input string) int32 {
	best := int32(-1)
	for _, d := range []*automaton.DFA{m.Literal(), m.Wildcard()} {
		if d == nil {
			continue
		}
		c := d.Cursor()
		for i := 0; i < len(input) && !c.Done(); i++ {
			c.Step(input[i])
		}
		if r := c.Result(); automaton.Better(rules, r, best) {
			best = r
		}
	}
	if s := m.Segments(); s != nil {
		st := segScratch[s]
		if st == nil {
			st = s.NewState()
			segScratch[s] = st
		}
		c := s.Cursor(st)
		for i := 0; i < len(input); i++ {
			c.Step(input[i])
		}
		if r := c.Result(); automaton.Better(rules, r, best) {
			best = r
		}
	}
	if a := m.NFA(); a != nil {
		st := a.NewState()
		b := a.Start(st)
		for i := 0; i < len(input); i++ {
			b, _ = a.Step(st, input[i], b)
		}
		if r := a.End(st, b); automaton.Better(rules, r, best) {
			best = r
		}
	}
	return best
}

func randPattern(r *rand.Rand, alpha string) string {
	n := r.IntN(7)
	var b strings.Builder
	b.WriteByte('/')
	for i := 0; i < n; i++ {
		if r.IntN(4) == 0 {
			b.WriteByte('*')
		} else {
			b.WriteByte(alpha[r.IntN(len(alpha))])
		}
	}
	if r.IntN(4) == 0 {
		b.WriteByte('$')
	}
	return b.String()
}

func TestRandomAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tier := range []automaton.Tier{automaton.TierDFA, automaton.TierSplit, automaton.TierSegments, automaton.TierNFA} {
		for iter := 0; iter < 2000; iter++ {
			n := 1 + r.IntN(8)
			rules := make([]automaton.Rule, n)
			for i := range rules {
				p := randPattern(r, "ab/")
				rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2)}
			}
			m := automaton.Compile(rules, automaton.Limits{MaxTier: tier})
			if got := m.Stats().Tier; got != tier && !(tier == automaton.TierSegments && got == automaton.TierNFA) {
				t.Fatalf("forced tier %v, built %v", tier, got)
			}
			for k := 0; k < 30; k++ {
				in := "/" + randPattern(r, "ab/")[1:]
				in = strings.NewReplacer("*", "a", "$", "b").Replace(in)
				got, want := run(m, rules, in), naive(rules, in)
				if got != want {
					t.Fatalf("tier %v (built %v): rules %v input %q: got %d want %d", tier, m.Stats().Tier, rules, in, got, want)
				}
			}
		}
	}
}

func TestExponentialFamilyStaysBounded(t *testing.T) {
	var rules []automaton.Rule
	for i := 0; i < 40; i++ {
		p := fmt.Sprintf("/*a%d*b%d", i, i)
		rules = append(rules, automaton.Rule{Pattern: p, Rank: len(p)})
	}
	m := automaton.Compile(rules, automaton.Limits{})
	t.Logf("%+v", m.Stats())
}

// TestWideNodes checks nodes with many edges (a bitmap and a rank find the
// edge) against the reference, on an alphabet wide enough to build them.
func TestWideNodes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const alpha = "abcdefghijklmnopqrstuvwxyz0123456789-._~/"
	for _, tier := range []automaton.Tier{automaton.TierDFA, automaton.TierSegments} {
		for iter := 0; iter < 200; iter++ {
			rules := make([]automaton.Rule, 20+r.IntN(60))
			for i := range rules {
				p := randPattern(r, alpha)
				rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2)}
			}
			m := automaton.Compile(rules, automaton.Limits{MaxTier: tier})
			for k := 0; k < 50; k++ {
				in := "/" + strings.NewReplacer("*", "x", "$", "y").Replace(randPattern(r, alpha)[1:])
				if got, want := run(m, rules, in), naive(rules, in); got != want {
					t.Fatalf("%v: input %q: got %d want %d (rules %v)", tier, in, got, want, rules)
				}
			}
		}
	}
}
