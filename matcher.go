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
// lock, whatever the number of rules.
//
// Agents whose selection is the same set of groups get copies of one
// Matcher (see forAgents): each field is immutable, or points to state the
// copies share.
type Matcher struct {
	info     []ruleInfo // by rule: what a Decision reports
	machine  *automaton.Machine
	named    bool
	delay    time.Duration
	hasDelay bool
	form     normalize.Form // how URLs are written for the machine

	// What Selection and Rules report: the selected groups (indices in
	// file.Groups), set once on the compiled Matcher, and the agent values
	// as read, set on each copy.
	file   *compile.File
	groups []int
	agents []AgentToken
}

// ruleInfo is what a Decision reports of a rule.
type ruleInfo struct {
	value string
	line  int32
	allow bool
}

// newMatcher compiles the rules selected for a crawler, lowered as dialect
// d ranks them (compile.Dialect.Lower), into one automaton.
func newMatcher(s compile.Selection, lim automaton.Limits, d compile.Dialect) *Matcher {
	m := &Matcher{named: s.Named, delay: s.CrawlDelay, hasDelay: s.DelayLine != 0, form: d.Form()}
	low := d.Lower(s)
	rules := make([]automaton.Rule, len(low))
	m.info = make([]ruleInfo, len(low))
	// The values are substrings of the parsed body; the Matcher keeps its
	// own copy of the selected ones, in one string, so that it does not
	// hold the whole body alive.
	size := 0
	for _, l := range low {
		size += len(l.Value)
	}
	var values strings.Builder
	values.Grow(size)
	for _, l := range low {
		values.WriteString(l.Value)
	}
	all, off := values.String(), 0
	for i, l := range low {
		rules[i] = automaton.Rule{Pattern: l.Pattern, Rank: l.Rank}
		m.info[i] = ruleInfo{value: all[off : off+len(l.Value)], line: int32(l.Line), allow: l.Allow}
		off += len(l.Value)
	}
	m.machine = compileRules(rules, low, lim, d)
	return m
}

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

// Decide reports whether url may be fetched and which rule decided. url is
// an absolute URL or a path-absolute reference ("/a/b?c"); only its path and
// query are matched.
func (m *Matcher) Decide(url string) Decision {
	return m.decision(m.machine.Match(m.form.Stream(url)))
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
