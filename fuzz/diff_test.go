package fuzz

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/config"
	ref "github.com/robotsexclusion/robots/internal/reference"
	"github.com/robotsexclusion/robots/normalize"
	"github.com/robotsexclusion/robots/usage"
)

// tiers are the engines every differential check runs (config.Engines):
// the default build, each tier forced and the lazily built DFA forced, and
// the default decided by the scan of the rules alone and by the automaton
// alone, so that every fuzz target exercises every engine.
var tiers = config.Engines()

// reference decides url for agent with the reference matcher, from the same
// body the library reads.
type reference struct {
	file *compile.File
}

func newReference(body []byte) reference {
	text, _, _ := normalize.Prepare(body, normalize.BodyOptions{})
	return reference{compile.RFC9309.Parse(text)}
}

// decideWith decides url against rules with the reference matcher, and says
// whether it is a URL as Decide reads one (normalize.IsURL).
func decideWith(rules []compile.Rule, url string) robots.Decision {
	i, ok := ref.Decide(compile.RFC9309, rules, url)
	if i < 0 {
		return robots.Decision{Allowed: ok, NotURL: !normalize.IsURL(url)}
	}
	return robots.Decision{Allowed: ok, Line: rules[i].Line, Pattern: rules[i].Pattern, NotURL: !normalize.IsURL(url)}
}

// checkAgree fails t when any tier of the library disagrees with the
// reference on (body, agent, urls): the crawl decision by
// reference.Decide, the usage preferences by
// reference.Usage.
func checkAgree(t *testing.T, body []byte, agent string, urls []string) {
	t.Helper()
	sel := newReference(body).file.Select(agent)
	want := make([]robots.Decision, len(urls))
	for i, u := range urls {
		want[i] = decideWith(sel.Rules, u)
		if len(sel.Usage) == 0 && len(sel.Signals) == 0 {
			continue // no preferences: the zero Set
		}
		allowed, prefs, _ := ref.Usage(compile.RFC9309, sel.Rules, sel.Usage, sel.Signals, u)
		if allowed != want[i].Allowed {
			t.Fatalf("url %q body %q: the references disagree", u, body)
		}
		want[i].Usage = prefs
	}
	for _, lim := range tiers {
		m := robots.Parse(body, config.WithEngine(lim)).Agent(agent)
		// Twice: a lazily built DFA builds its states on the first
		// round and finds them on the second. The Matchers that
		// decide by the scan alone build their automaton between
		// the rounds (Stats builds it), so that the second round
		// decides as a Matcher does once promoted.
		for round := range 2 {
			if round == 1 && lim.Scan == config.ScanOnly {
				m.Stats()
			}
			for i, u := range urls {
				want := want[i]
				if got := m.Decide(u); got != want {
					t.Fatalf("%v (built %v), round %d: agent %q url %q body %q:\n%s", lim, m.Stats().Engine, round, agent, u, body, cmp.Diff(want, got, cmp.AllowUnexported(usage.Set{})))
				}
			}
		}
	}
}
