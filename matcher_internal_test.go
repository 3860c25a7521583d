package robots

import (
	"testing"

	"github.com/robotsexclusion/robots/automaton"
)

// TestRulelessShared checks that matchers whose selection holds no rule of
// the file share one machine per dialect, and still decide as the dialect
// does.
func TestRulelessShared(t *testing.T) {
	for _, d := range []Dialect{RFC9309, Google, Draft1996, Original1994} {
		a := Parse([]byte("User-agent: *\nDisallow:\n"), WithDialect(d)).Agent("x")
		b := Parse([]byte("User-agent: other\nDisallow: /\n"), WithDialect(d)).Agent("x")
		c := Parse([]byte("User-agent: *\nDisallow: /\n"), WithDialect(d)).Agent("x")
		forced := Parse(nil, WithDialect(d), WithLimits(automaton.Limits{MaxTier: automaton.TierNFA})).Agent("x")
		if d == Google {
			// An empty rule is a rule in the Google dialect: it is the line reported.
			if a.machine == b.machine {
				t.Errorf("%v: an empty rule's matcher shares the ruleless machine", d)
			}
			if got := a.Decide("/p"); !got.Allowed || got.Line != 2 {
				t.Errorf("%v: empty rule: Decide = %+v, want allowed by line 2", d, got)
			}
		} else if a.machine != b.machine {
			t.Errorf("%v: two ruleless matchers do not share their machine", d)
		}
		if c.machine == b.machine || forced.machine == b.machine {
			t.Errorf("%v: a matcher with rules, or with its own limits, shares the ruleless machine", d)
		}
		for _, m := range []*Matcher{b, forced} {
			if got := m.Decide("/p"); !got.Allowed || got.Line != 0 {
				t.Errorf("%v: ruleless Decide(/p) = %+v, want allowed by no rule", d, got)
			}
		}
		if got := c.Decide("/robots.txt"); got.Allowed != (d == RFC9309) {
			t.Errorf("%v: Decide(/robots.txt) = %+v", d, got)
		}
	}
}
