package robots

import (
	"math"
	"sync"
	"time"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// A Matcher decides URLs for one crawler: the rules of its groups compiled
// into one automaton. It is immutable and safe for concurrent use. Deciding a
// URL takes one pass over the URL's octets, does not allocate and takes no
// lock, whatever the number of rules.
type Matcher struct {
	rules    []automaton.Rule
	info     []ruleInfo // beside rules
	machine  *automaton.Machine
	named    bool
	delay    time.Duration
	hasDelay bool
	scratch  sync.Pool // *automaton.NFAState, only for TierNFA
}

// ruleInfo is what a Decision reports of a rule.
type ruleInfo struct {
	allow bool
	line  int
	value string
}

// robotsTxt are the rules that let /robots.txt through whatever the file
// says (RFC 9309 2.2.2): the path alone, or with any query.
var robotsTxt = []string{"/robots.txt$", "/robots.txt?"}

func newMatcher(s compile.Selection, lim automaton.Limits) *Matcher {
	m := &Matcher{named: s.Named, delay: s.CrawlDelay, hasDelay: s.DelayLine != 0}
	for _, r := range s.Rules {
		if r.Pattern == "" {
			continue // an empty pattern matches nothing
		}
		rank := 2 * r.Priority()
		if r.Allow {
			rank++ // allow wins a tie
		}
		m.rules = append(m.rules, automaton.Rule{Pattern: r.Pattern, Rank: rank})
		m.info = append(m.info, ruleInfo{allow: r.Allow, line: r.Line, value: r.Value})
	}
	for _, p := range robotsTxt {
		m.rules = append(m.rules, automaton.Rule{Pattern: p, Rank: math.MaxInt})
		m.info = append(m.info, ruleInfo{allow: true})
	}
	m.machine = automaton.Compile(m.rules, lim)
	if a := m.machine.NFA(); a != nil {
		m.scratch.New = func() any { return a.NewState() }
	}
	return m
}

// Decide reports whether url may be fetched and which rule decided. url is
// an absolute URL or a path-absolute reference ("/a/b?c"); only its path and
// query are matched.
func (m *Matcher) Decide(url string) Decision {
	start, end, slash := normalize.PathBounds(url)
	url = url[:end]
	best := walk(m.machine.Literal(), url, start, slash)
	if d := m.machine.Wildcard(); d != nil {
		if r := walk(d, url, start, slash); automaton.Better(m.rules, r, best) {
			best = r
		}
	}
	if a := m.machine.NFA(); a != nil {
		st := m.scratch.Get().(*automaton.NFAState)
		if r := m.walkNFA(a, st, url, start, slash); automaton.Better(m.rules, r, best) {
			best = r
		}
		m.scratch.Put(st)
	}
	if best < 0 {
		return Decision{Allowed: true}
	}
	r := &m.info[best]
	return Decision{Allowed: r.allow, Line: r.line, Pattern: r.value}
}

// walk runs d over the canonical form of url[i:], canonicalizing as it goes,
// and stops as soon as the outcome is settled.
func walk(d *automaton.DFA, url string, i int, slash bool) int32 {
	c := d.Cursor()
	if slash {
		c.Step('/')
	}
	for i < len(url) && !c.Done() {
		if x := url[i]; normalize.IsPlain(x) {
			c.Step(x)
			i++
			continue
		}
		var o normalize.Octets
		o, i = normalize.Next(url, i)
		for k := 0; k < o.N; k++ {
			c.Step(o.B[k])
		}
	}
	return c.Result()
}

// walkNFA is walk for the NFA tier.
func (m *Matcher) walkNFA(a *automaton.NFA, st *automaton.NFAState, url string, i int, slash bool) int32 {
	best := a.Start(st, m.rules)
	alive := true
	if slash {
		best, alive = a.Step(st, '/', m.rules, best)
	}
	for i < len(url) && alive {
		var o normalize.Octets
		o, i = normalize.Next(url, i)
		for k := 0; k < o.N; k++ {
			best, alive = a.Step(st, o.B[k], m.rules, best)
		}
	}
	return a.End(st, m.rules, best)
}

// Stats describes the compiled automaton, for tools and tests.
func (m *Matcher) Stats() automaton.Stats { return m.machine.Stats() }
