package robots

import (
	"strings"
	"time"

	"github.com/robotsexclusion/robots/compile"
)

// This file holds what a Matcher keeps of its groups, for Selection, Rules
// and its decisions. A crawler keeps a Matcher per host for as long as the
// file is fresh, so what it keeps is compact: a rule is 24 octets and an
// agent line 32, their strings copied into one, rather than the parsed
// file's 48-octet entries, whose strings are substrings of the whole body.
// The canonical patterns are not kept: the automaton holds what it needs.

// keptLines are the agent lines and rules of a Matcher's groups, in file
// order, and each group's share of them.
type keptLines struct {
	agents []keptAgent
	rules  []keptRule
}

// A keptRule is an allow or disallow line of a selected group.
type keptRule struct {
	value string // as written; a substring of the Matcher's one copy
	line  int32
	allow bool
}

// A keptAgent is a user-agent line of a selected group. Its name, the
// token compared with a crawler's, is always a prefix of its value.
type keptAgent struct {
	value  string
	name   int32 // the length of the name
	line   int32
	global bool
}

// A keptGroup is a selected group: its agents and rules are those of
// keptLines up to the ends given, from the previous group's ends.
type keptGroup struct {
	agentEnd, ruleEnd int32
	delay             time.Duration
	delayLine         int
	usage             []compile.UsageRule // rare: each line a copy of its own
	signals           []compile.Signal
}

// keep sets, on the compiled Matcher m, what it keeps of the groups of f at
// the given indices: the groups, and their strings copied into one
// allocation, so that m does not hold the body's text alive.
func (m *Matcher) keep(f *compile.File, groups []int) {
	size, nagents, nrules := 0, 0, 0
	for _, g := range groups {
		grp := &f.Groups[g]
		for _, a := range grp.Agents {
			if !strings.HasPrefix(a.Value, a.Name) {
				panic("robots: an agent's name is not a prefix of its value")
			}
			size += len(a.Value)
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
	var b strings.Builder
	b.Grow(size)
	for _, g := range groups {
		grp := &f.Groups[g]
		for _, a := range grp.Agents {
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
	// The copies are cut from all in the order they were written.
	all, off := b.String(), 0
	next := func(s string) string {
		off += len(s)
		return all[off-len(s) : off]
	}
	m.kept = make([]keptGroup, len(groups))
	m.lines.agents = make([]keptAgent, 0, nagents)
	m.lines.rules = make([]keptRule, 0, nrules)
	m.groups = groups
	for i, g := range groups {
		grp := &f.Groups[g]
		k := &m.kept[i]
		k.delay, k.delayLine = grp.CrawlDelay, grp.DelayLine
		for _, a := range grp.Agents {
			m.lines.agents = append(m.lines.agents, keptAgent{value: next(a.Value), name: int32(len(a.Name)), line: int32(a.Line), global: a.Global})
		}
		for _, r := range grp.Rules {
			m.lines.rules = append(m.lines.rules, keptRule{value: next(r.Value), line: int32(r.Line), allow: r.Allow})
		}
		k.agentEnd, k.ruleEnd = int32(len(m.lines.agents)), int32(len(m.lines.rules))
		if len(grp.Usage) > 0 {
			k.usage = make([]compile.UsageRule, len(grp.Usage))
			for j, u := range grp.Usage {
				// The canonical pattern is not kept: usage rules are
				// decided by the automaton and the usage table.
				k.usage[j] = compile.UsageRule{Value: next(u.Value), Path: next(u.Path), Prefs: u.Prefs, Line: u.Line}
			}
		}
		if len(grp.Signals) > 0 {
			k.signals = make([]compile.Signal, len(grp.Signals))
			for j, sig := range grp.Signals {
				k.signals[j] = compile.Signal{Value: next(sig.Value), Prefs: sig.Prefs, Line: sig.Line}
			}
		}
	}
}

// group returns the i-th kept group in the root's type.
func (m *Matcher) group(i int) Group {
	k := &m.kept[i]
	a0, r0 := int32(0), int32(0)
	if i > 0 {
		a0, r0 = m.kept[i-1].agentEnd, m.kept[i-1].ruleEnd
	}
	out := Group{CrawlDelay: k.delay, DelayLine: k.delayLine}
	out.Agents = make([]UserAgent, 0, k.agentEnd-a0)
	for _, a := range m.lines.agents[a0:k.agentEnd] {
		out.Agents = append(out.Agents, UserAgent{Line: int(a.line), Value: a.value, Name: a.value[:a.name], Global: a.global})
	}
	if len(out.Agents) > 0 {
		out.Line = out.Agents[0].Line
	}
	out.Rules = appendKeptRules(nil, m.lines.rules[r0:k.ruleEnd])
	out.Usage = appendUsage(nil, k.usage)
	out.Signals = appendSignals(nil, k.signals)
	return out
}

// appendKeptRules appends kept rules to out in the root's type.
func appendKeptRules(out []Rule, rules []keptRule) []Rule {
	for _, r := range rules {
		out = append(out, Rule{Line: int(r.line), Allow: r.allow, Pattern: r.value})
	}
	return out
}
