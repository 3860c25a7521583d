package robots

import (
	"strings"
	"sync"
	"time"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// A Matcher decides URLs for one crawler: the rules of its groups compiled
// into one automaton. It is immutable and safe for concurrent use. Deciding a
// URL takes one pass over the URL's octets, does not allocate and takes no
// lock, whatever the number of rules. When the crawler's groups hold
// Content-Usage rules with paths, an allowed URL takes one more pass, or,
// when a wildcard pattern is as long as another, one more per usage
// category those rules state (two today); see compile.LowerUsage.
//
// Agents whose selection is the same set of groups get copies of one
// Matcher (see forAgents): each field is immutable, or points to state the
// copies share.
type Matcher struct {
	info     []ruleInfo // by rule of the crawl class: what a Decision reports
	machine  *automaton.Machine
	usage    *compile.UsageTable // nil when the selection has no usage line
	hidden   []int               // Selection.HiddenUsage
	named    bool
	delay    time.Duration
	hasDelay bool
	form     normalize.Form // how URLs are written for the machine

	// What Selection and Rules report: the selected groups (indices in
	// the file's Groups) and copies of them (see keepGroups), set once on
	// the compiled Matcher, and the agent values as read, set on each copy.
	groups []int
	kept   []compile.Group
	agents []AgentToken
}

// ruleInfo is what a Decision reports of a rule.
type ruleInfo struct {
	value string
	line  int32
	allow bool
}

// newMatcher compiles the rules selected for a crawler, lowered as dialect
// d ranks them (compile.Dialect.Lower), and its Content-Usage rules
// (compile.LowerUsage) into one automaton: the crawl rules first, as
// class 0, then the usage rules in their classes.
func newMatcher(s compile.Selection, lim automaton.Limits, d compile.Dialect) *Matcher {
	m := &Matcher{named: s.Named, delay: s.CrawlDelay, hasDelay: s.DelayLine != 0, form: d.Form(), hidden: s.HiddenUsage}
	low := d.Lower(s)
	ulow, table := compile.LowerUsage(s)
	rules := make([]automaton.Rule, len(low)+len(ulow))
	m.info = make([]ruleInfo, len(low))
	// The Matcher keeps the values as s has them: the caller has made
	// them copies of the body's (see keepGroups), so that the Matcher
	// does not hold the whole body alive.
	for i, l := range low {
		rules[i] = automaton.Rule{Pattern: l.Pattern, Rank: l.Rank}
		m.info[i] = ruleInfo{value: l.Value, line: int32(l.Line), allow: l.Allow}
	}
	for i, l := range ulow {
		rules[len(low)+i] = automaton.Rule{Pattern: l.Pattern, Rank: l.Rank, Class: l.Class}
	}
	if table.Any() { // most selections have none: no allocation
		m.usage = new(compile.UsageTable)
		*m.usage = table
	}
	if len(ulow) > 0 {
		m.machine = automaton.Compile(rules, lim)
	} else {
		m.machine = compileRules(rules, low, lim, d)
	}
	return m
}

// usageClasses are the classes of the Content-Usage rules, which Decide
// walks for an allowed URL when the selection has such rules.
var usageClasses = func() automaton.ClassSet {
	n := compile.NumClasses()
	if n > automaton.MaxClasses {
		panic("robots: compile lowers to more classes than automaton.MaxClasses")
	}
	return automaton.ClassSet(1<<n-1) &^ (1 << compile.ClassCrawl)
}()

// ruleless are the machines of selections without a rule of the file (only
// the rules the dialect adds, if any), one per dialect, built with the
// default Limits on first use and shared by every such Matcher: a Machine
// is immutable. One file in nine of the corpus selects no rule for
// Googlebot.
var ruleless = make([]struct {
	once sync.Once
	m    *automaton.Machine
}, len(compile.Dialects()))

// compileRules compiles rules, lowered as low, or returns the shared
// machine when they hold no rule of the file.
func compileRules(rules []automaton.Rule, low []compile.Lowered, lim automaton.Limits, d compile.Dialect) *automaton.Machine {
	if lim != (automaton.Limits{}) || !d.Valid() {
		return automaton.Compile(rules, lim)
	}
	for _, l := range low {
		if l.Line != 0 {
			return automaton.Compile(rules, lim)
		}
	}
	e := &ruleless[d]
	e.once.Do(func() { e.m = automaton.Compile(rules, lim) })
	return e.m
}

// Decide reports whether url may be fetched, which rule decided, and the
// usage preferences the file states for it. url is an absolute URL or a
// path-absolute reference ("/a/b?c"); only its path and query are matched.
// The Content-Usage rules are classes of the same automaton as Allow and
// Disallow, decided in the same read of the URL; a URL that may not be
// fetched gets no preferences.
func (m *Matcher) Decide(url string) Decision {
	in := m.form.Stream(url)
	if m.usage == nil {
		return m.decision(m.machine.Match(in))
	}
	var won [automaton.MaxClasses]int32
	walk := m.usage.Walk()
	if walk {
		// One read of the URL for the crawl rules and the Content-Usage
		// rules together (automaton.Machine.MatchClasses).
		m.machine.MatchClasses(in, 1<<compile.ClassCrawl|usageClasses, &won)
	} else {
		won[compile.ClassCrawl] = m.machine.Match(in)
	}
	d := m.decision(won[compile.ClassCrawl])
	if d.Allowed {
		d.Usage = m.usage.Prefs(won[:], int32(len(m.info)))
	}
	return d
}

// decision reports rule r (an index in m.info), or no rule.
func (m *Matcher) decision(r int32) Decision {
	if r < 0 {
		return Decision{Allowed: true}
	}
	info := &m.info[r]
	return Decision{Allowed: info.allow, Line: int(info.line), Pattern: info.value}
}

// Stats describes the compiled automaton, for tools and tests.
func (m *Matcher) Stats() automaton.Stats { return m.machine.Stats() }

// keepGroups returns copies of the groups of f at the given indices, with
// their strings copied into one allocation: what Selection and Rules
// report, without the canonical patterns, which they do not. Their
// Content-Usage and Content-Signal lines, rare, get a slice each. A Matcher
// keeps these rather than f, whose strings are substrings of the whole
// body's text: holding f from a Matcher kept every group and the whole
// text alive, twice the heap of the Matcher's own tables on the corpus.
// merged is f.Merge(groups, ...).Rules, the same rules in the same order:
// their values are replaced by the copies, which the Matcher's decisions
// then report too, so that each value is held once, and the groups' rules
// are slices of it. Its canonical patterns are left for the compile, which
// must then clear them (see clearPatterns).
func keepGroups(f *compile.File, groups []int, merged []compile.Rule) []compile.Group {
	size, nagents, nrules := 0, 0, 0
	for _, g := range groups {
		grp := &f.Groups[g]
		for _, a := range grp.Agents {
			size += len(a.Name) + len(a.Value)
		}
		for _, r := range grp.Rules {
			size += len(r.Value)
		}
		for _, u := range grp.Usage {
			size += len(u.Value) + len(u.Path)
		}
		for _, sig := range grp.Signals {
			size += len(sig.Value)
		}
		nagents += len(grp.Agents)
		nrules += len(grp.Rules)
	}
	if len(merged) != nrules {
		// Merge concatenates the groups' rules; anything else is a bug here.
		panic("robots: merged rules are not the groups' rules")
	}
	var b strings.Builder
	b.Grow(size)
	for _, g := range groups {
		grp := &f.Groups[g]
		for _, a := range grp.Agents {
			b.WriteString(a.Name)
			b.WriteString(a.Value)
		}
		for _, r := range grp.Rules {
			b.WriteString(r.Value)
		}
		for _, u := range grp.Usage {
			b.WriteString(u.Value)
			b.WriteString(u.Path)
		}
		for _, sig := range grp.Signals {
			b.WriteString(sig.Value)
		}
	}
	all, off := b.String(), 0
	next := func(n int) string {
		off += n
		return all[off-n : off]
	}
	out := make([]compile.Group, len(groups))
	agents := make([]compile.Agent, 0, nagents)
	rules := merged[:0]
	for i, g := range groups {
		grp := &f.Groups[g]
		out[i] = compile.Group{CrawlDelay: grp.CrawlDelay, DelayLine: grp.DelayLine}
		start := len(agents)
		for _, a := range grp.Agents {
			a.Name = next(len(a.Name))
			a.Value = next(len(a.Value))
			agents = append(agents, a)
		}
		out[i].Agents = agents[start:len(agents):len(agents)]
		start = len(rules)
		for _, r := range grp.Rules {
			r.Value = next(len(r.Value))
			rules = append(rules, r)
		}
		out[i].Rules = rules[start:len(rules):len(rules)]
		if len(grp.Usage) > 0 {
			out[i].Usage = make([]compile.UsageRule, len(grp.Usage))
			for j, u := range grp.Usage {
				out[i].Usage[j] = compile.UsageRule{Value: next(len(u.Value)), Path: next(len(u.Path)), Prefs: u.Prefs, Line: u.Line}
			}
		}
		if len(grp.Signals) > 0 {
			out[i].Signals = make([]compile.Signal, len(grp.Signals))
			for j, sig := range grp.Signals {
				out[i].Signals[j] = compile.Signal{Value: next(len(sig.Value)), Prefs: sig.Prefs, Line: sig.Line}
			}
		}
	}
	return out
}

// clearPatterns drops the canonical patterns of rules, once compiled: they
// may be substrings of the body, and Selection and Rules do not report
// them.
func clearPatterns(rules []compile.Rule) {
	for i := range rules {
		rules[i].Pattern = ""
	}
}
