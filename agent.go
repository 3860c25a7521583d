package robots

import (
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/kept"
)

// An AgentToken is one of a crawler's agent values as Agent read it: in
// each dialect as package compile's AgentToken says.
type AgentToken = compile.AgentToken

// A Selection says which groups of the file a Matcher holds and how the
// crawler's agent values were read to choose them.
type Selection struct {
	Agents []AgentToken // the values given to Agent, AgentAny or AgentFallback, as read; for AgentFallback only the one chosen
	Named  bool         // the groups name one of the tokens; otherwise they are the * groups (the fallback), if any
	Groups []Group      // the selected groups, in file order; empty when no group applies and nothing is disallowed

	// HiddenUsage lists the lines of the Content-Usage and Content-Signal
	// lines of the * groups that do not apply because a group names the
	// crawler (RFC 9309: a named group replaces the * groups, usage lines
	// included), in line order: a site that states its preferences for
	// every crawler in the * group states none for a crawler it names.
	HiddenUsage []int
}

// forAgents returns a Matcher for agents (one value, or a list) that shares
// m's compiled rules: a shallow copy, so every field of Matcher must be
// either immutable or a pointer to state its copies may share.
func (m *Matcher) forAgents(r *Robots, named bool, agents []string) *Matcher {
	c := *m
	c.setAgents(r, named, agents)
	return &c
}

// setAgents sets what m says of the agents it was asked for: on a copy
// (forAgents), or on the Matcher being compiled for them, before anyone
// else sees it.
func (m *Matcher) setAgents(r *Robots, named bool, agents []string) {
	m.named = named
	var one [1]AgentToken // most crawlers give one value: no slice to allocate
	tokens := one[:0]
	if len(agents) > 1 {
		tokens = make([]AgentToken, 0, len(agents))
	}
	for _, a := range agents {
		tokens = append(tokens, r.readAgent(a))
	}
	m.agents = kept.NewAgents(tokens)
}

// readAgent reads an agent value as the file's dialect does.
func (r *Robots) readAgent(v string) AgentToken { return r.dialect.ReadAgent(v) }

// Selection reports which groups the Matcher holds, and how the agent
// values it was asked for were read: tools can then say "read as Googlebot"
// or "no group names FooBot; the * groups apply".
func (m *Matcher) Selection() Selection {
	s := Selection{Agents: m.agents.Tokens(), Named: m.named, HiddenUsage: append([]int(nil), m.hidden()...)}
	s.Groups = make([]Group, m.lines.Groups())
	for i := range s.Groups {
		var u *kept.Usage
		if m.rare != nil && m.rare.prefs != nil {
			u = m.rare.prefs[i]
		}
		s.Groups[i] = m.lines.Group(i, u, m.form)
	}
	return s
}

// Rules returns the allow and disallow lines of the Matcher's groups, empty
// ones included, in line order: the groups in file order, each group's
// rules in its order. In the first-match dialects that is the order in which
// they are tried; otherwise the longest matching pattern decides, wherever it
// is. The rules the dialect adds (/robots.txt always allowed, Google's
// index.html rule) are not listed.
func (m *Matcher) Rules() []Rule {
	return m.lines.AppendRules(nil, 0, m.lines.Rules(), m.form)
}

// AppendGroupLines appends to dst the line of the first user-agent line of
// each group the Matcher holds, in file order, and returns the extended
// slice: the groups Selection reports, named by line, without copying
// them. It allocates only to grow dst. Within one Robots, two Matchers
// hold the same groups exactly when they append the same lines, so a tool
// that reads many crawlers can tell their selections apart with it.
func (m *Matcher) AppendGroupLines(dst []int) []int {
	for i := range m.lines.Groups() {
		dst = append(dst, m.lines.AgentLine(i))
	}
	return dst
}

// EachRule calls fn with each allow and disallow line of the Matcher's
// groups, in the order Rules lists them (empty ones included), until fn
// returns false: its line, whether it allows, and its value as written
// (Rule.Pattern). It lends what the Matcher keeps rather than copying it
// and allocates nothing, so a tool that reads every rule of many
// selections asks it rather than Selection or Rules; a value may be kept,
// as any string.
func (m *Matcher) EachRule(fn func(line int, allow bool, pattern string) bool) {
	for i := range m.lines.Rules() {
		pattern, line, allow := m.lines.Rule(i)
		if !fn(line, allow, pattern) {
			return
		}
	}
}

// Given returns the first agent value the Matcher was asked for, as given
// (Selection's first Agents' Given), without building the selection: for
// AgentFallback, the value whose groups it chose, or the first value when
// no group names any; "" when it was asked for none.
func (m *Matcher) Given() string { return m.agents.First() }
