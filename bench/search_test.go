package bench

import (
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/bench/hostile"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/reference"
)

// agentBytes is what robots' Bounds promise Parse and the first Agent
// allocate for a body of n octets read: 48 bytes an octet plus 1 MiB.
func agentBytes(n int) uint64 { return uint64(48*n + 1<<20) }

// checkDraw checks the decisions of a hostile file: a URL whose work is
// within the decision budget is decided exactly (against the reference
// matcher, for files small enough that it answers in time); one past it
// fails closed, disallowed, or, where only its Content-Usage rules take it
// past, is decided exactly against Allow and Disallow, and when allowed
// its preferences fail closed (UsageOverBudget); and the compile allocates
// within robots' bound.
func checkDraw(t *testing.T, name string, body []byte, urls []string) {
	t.Helper()
	m := robots.Parse(body).Agent("x")
	var rules []compile.Rule
	if len(body) <= 64<<10 {
		rules = compile.RFC9309.Parse(body).Select("x").Rules
	}
	for _, u := range urls {
		d := m.Decide(u)
		over := m.Cost(u) > automaton.DecideBudget(len(u))
		switch {
		case d.OverBudget && (d.Allowed || d.Line != 0 || d.UsageOverBudget):
			t.Errorf("%s: a URL that failed closed: %+v, want it disallowed by no line", name, d)
		case !over && (d.OverBudget || d.UsageOverBudget):
			t.Errorf("%s: a URL within the budget failed closed: %+v", name, d)
		case over && d.Allowed && !d.UsageOverBudget:
			t.Errorf("%s: a URL past the budget: %+v, want it disallowed with OverBudget, or its preferences failed closed", name, d)
		}
		if !d.OverBudget && rules != nil {
			i, allowed := reference.Decide(compile.RFC9309, rules, u)
			line := 0
			if i >= 0 {
				line = rules[i].Line
			}
			if d.Allowed != allowed || d.Line != line {
				t.Errorf("%s: %q: allowed %v by line %d, the reference %v by line %d", name, u, d.Allowed, d.Line, allowed, line)
			}
		}
	}
}

// TestSearch runs the search for hostile files briefly, from a fixed seed
// (so that it is the same on every machine), on both objectives, and
// checks the draws it keeps: exact within the budget, failing closed past
// it, compiled within robots' bound of memory.
func TestSearch(t *testing.T) {
	for _, obj := range []hostile.Objective{hostile.Decide, hostile.Compile} {
		var kept []hostile.Params
		s := hostile.Search{Seed: 1, Objective: obj, Restarts: 10, Steps: 10,
			Log: func(_ int, r hostile.Result, ok bool) {
				if ok {
					kept = append(kept, r.Params)
				}
				if limit := agentBytes(r.Bytes); r.Alloc > limit {
					t.Errorf("%s: Parse and Agent allocated %d bytes for %d octets, more than %d", r.Params, r.Alloc, r.Bytes, limit)
				}
			}}
		best := s.Run()
		for _, p := range kept {
			d := hostile.New(p)
			checkDraw(t, p.String(), d.Body, d.URLs)
		}
		t.Logf("%v: the worst of %d draws: work %d (%.2fx the budget), %d failed closed, %.2f MiB allocated: %s",
			obj, s.Restarts+s.Steps, best.Work, float64(best.Work)/float64(best.Budget), best.Failed, float64(best.Alloc)/(1<<20), best.Params)
	}
}

// TestFamilies checks the hostile families, those written by hand and
// those the search found, as TestSearch checks its draws.
func TestFamilies(t *testing.T) {
	for _, f := range hostile.Families {
		if strings.HasPrefix(f.Name, "straddle") && testing.Short() {
			continue
		}
		checkDraw(t, f.Name, f.Body(), []string{f.URL()})
	}
}
