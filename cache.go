package robots

import (
	"strconv"
	"sync"
)

// The bounds of a Robots' caches (see Robots.Agent). Past them every answer
// is still right; it is only not remembered.
const (
	// maxSelections is how many compiled rule sets a Robots keeps, one per
	// distinct set of selected groups. A selection past it is compiled on
	// each Agent call that needs it (once for concurrent calls) and not
	// kept, so a Robots never holds more than maxSelections automata.
	maxSelections = 64

	// maxAgents is how many agent values (Agent, AgentFallback) and lists
	// (AgentAny) a Robots remembers with their Matcher. Only agents whose
	// selection is kept are remembered; past the bound an agent is read and
	// its groups selected again on each call, and it gets the kept compiled
	// rule set.
	maxAgents = 256
)

// memo is a map of at most a fixed number of Matchers: a sync.Map read
// without locking, and a mutex taken only to add.
type memo struct {
	m  sync.Map // any -> *Matcher
	mu sync.Mutex
	n  int
}

func (c *memo) load(k any) (*Matcher, bool) {
	v, ok := c.m.Load(k)
	if !ok {
		return nil, false
	}
	return v.(*Matcher), true
}

// keep stores m under k unless k is there already, and returns what k then
// maps to. When the memo holds max entries it stores nothing and returns m,
// false.
func (c *memo) keep(k any, m *Matcher, max int) (*Matcher, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m.Load(k); ok {
		return v.(*Matcher), true
	}
	if c.n >= max {
		return m, false
	}
	c.m.Store(k, m)
	c.n++
	return m, true
}

// listKey is the key of a list of agents (AgentAny) in Robots.agents, a
// type apart from the string of a single agent.
type listKey string

// fallbackKey is the key of a fallback chain (AgentFallback).
type fallbackKey string

// agentsKey encodes a list of tokens as one key, each token preceded by its
// length, so that no two lists share a key.
func agentsKey(agents []string) listKey {
	var b []byte
	for _, a := range agents {
		b = strconv.AppendInt(b, int64(len(a)), 10)
		b = append(b, ':')
		b = append(b, a...)
	}
	return listKey(b)
}

// groupsKey encodes a set of group indices as one key.
func groupsKey(groups []int) string {
	var b []byte
	for _, g := range groups {
		b = strconv.AppendInt(b, int64(g), 10)
		b = append(b, ',')
	}
	return string(b)
}

// compiled is the result of one compile, shared by the callers that waited
// for it.
type compiled struct {
	m    *Matcher
	kept bool // m is in Robots.selections
}

// compile returns the compiled Matcher of the given groups (indices in
// r.file.Groups), and whether it is kept. Concurrent calls for one set of
// groups compile it once; a kept set is never compiled again.
func (r *Robots) compile(groups []int, named bool) (*Matcher, bool) {
	key := groupsKey(groups)
	if m, ok := r.selections.load(key); ok {
		return m, true
	}
	v, _, _ := r.flight.Do(key, func() (any, error) {
		if m, ok := r.selections.load(key); ok {
			return compiled{m, true}, nil // kept since this call's load
		}
		r.compiles.Add(1)
		m := newMatcher(r.file.Merge(groups, named), r.limits, &dialects[r.dialect])
		m.file, m.groups = r.file, groups
		m, kept := r.selections.keep(key, m, maxSelections)
		return compiled{m, kept}, nil
	})
	c := v.(compiled)
	return c.m, c.kept
}

// matcher returns the Matcher of an agent (a string) or of a list of agents
// (a listKey), remembering it under k when it may.
func (r *Robots) matcher(k any, agents ...string) *Matcher {
	if m, ok := r.agents.load(k); ok {
		return m
	}
	groups, named := r.file.SelectGroups(agents...)
	shared, kept := r.compile(groups, named)
	m := shared.forAgents(named, r.readAgents(agents))
	if kept {
		m, _ = r.agents.keep(k, m, maxAgents)
	}
	return m
}
