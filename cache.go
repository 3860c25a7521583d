package robots

import (
	"strconv"

	"github.com/robotsexclusion/robots/internal/kept"
)

// The bounds of a Robots' caches (see Robots.Agent). Past them every answer
// is still right; it is only not remembered.
const (
	// maxSelections is how many compiled rule sets a Robots keeps, one per
	// distinct set of selected groups. A selection past it is compiled on
	// each Agent call that needs it (once for concurrent calls) and not
	// kept, so a Robots never holds more than maxSelections automata.
	maxSelections = 64

	// maxAgents is how many agent values (Agent), lists (AgentAny) and
	// chains (AgentFallback) a Robots remembers with their Matcher. Only
	// those whose selection is kept and whose key fits in keyBuffer octets
	// are remembered, so the keys take at most maxAgents*keyBuffer octets;
	// any other is read and its groups selected again on each call, and it
	// gets the kept compiled rule set.
	maxAgents = 256

	// keyBuffer is the longest key of an agent, list or chain that a Robots
	// remembers (a User-Agent header fits); keys are built in a buffer of
	// that size, so that a remembered agent is found without allocating.
	keyBuffer = 256
)

// The kinds of key in Robots.agents: the value of Agent, the list of
// AgentAny, the chain of AgentFallback.
const (
	keyAgent    = 'a'
	keyList     = 'l'
	keyFallback = 'f'
)

// appendKey appends the key of agents asked as kind to b: the kind, then
// each value preceded by its length, so that no two lists share a key.
func appendKey(b []byte, kind byte, agents []string) []byte {
	b = append(b, kind)
	for _, a := range agents {
		b = strconv.AppendInt(b, int64(len(a)), 10)
		b = append(b, ':')
		b = append(b, a...)
	}
	return b
}

// appendGroupsKey appends the key of a set of group indices to b.
func appendGroupsKey(b []byte, groups []int) []byte {
	for _, g := range groups {
		b = strconv.AppendInt(b, int64(g), 10)
		b = append(b, ',')
	}
	return b
}

// compile returns the compiled Matcher of the given groups (indices in
// r.file.Groups), whether it is kept, and whether this call compiled it.
// Concurrent calls for one set of groups compile it once, and a kept set
// is never compiled again. The call that compiles it sets it for its
// agents (setAgents) before any other call sees it, so that the Matcher
// of a crawler's first Agent call, as a host decided for one URL makes,
// is no copy of the shared one but that one.
func (r *Robots) compile(groups []int, named bool, agents []string) (m *Matcher, stays, built bool) {
	var buf [keyBuffer]byte
	m, stays = r.sels.Get(appendGroupsKey(buf[:0], groups), maxSelections, func() *Matcher {
		built = true
		if testHookCompile != nil {
			testHookCompile()
		}
		lines, prefs := kept.Keep(r.file, groups, r.dialect.Appended())
		m := newMatcher(r.file.Selected(groups, named), lines, r.limits, r.scan, r.dialect)
		if prefs != nil {
			if m.rare == nil {
				m.rare = new(matcherRare)
			}
			m.rare.prefs = prefs
		}
		m.setAgents(r, named, agents)
		return m
	})
	return m, stays, built
}

// testHookCompile, when set by a test, runs before each compile.
var testHookCompile func()

// kept reports whether the selection of groups is kept.
func (r *Robots) kept(groups []int) bool {
	var buf [keyBuffer]byte
	return r.sels.Kept(appendGroupsKey(buf[:0], groups))
}

// matcher returns the Matcher of agents asked as kind (see appendKey),
// remembering it when it may.
func (r *Robots) matcher(kind byte, agents ...string) *Matcher {
	var buf [keyBuffer]byte
	k := appendKey(buf[:0], kind, agents)
	if m, ok := r.agents.Load(k); ok {
		return m
	}
	groups, named := r.file.SelectGroups(agents...)
	m, kept, built := r.compile(groups, named, agents)
	if !built {
		m = m.forAgents(r, named, agents) // the shared rules, for these agents
	}
	if kept && len(k) <= keyBuffer {
		m, _ = r.agents.Store(k, m, maxAgents)
	}
	return m
}
