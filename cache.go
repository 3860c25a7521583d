package robots

import (
	"maps"
	"strconv"
	"sync"
	"sync/atomic"
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

// memo is a map of at most a fixed number of Matchers, read without locking
// or allocating: readers load an immutable map, and a writer, under the
// mutex, replaces it with a copy that holds one more entry. A copy costs at
// most the bound, and there are at most as many copies as the bound.
type memo struct {
	mu sync.Mutex
	m  atomic.Pointer[map[string]*Matcher]
}

func (c *memo) load(k []byte) (*Matcher, bool) {
	p := c.m.Load()
	if p == nil {
		return nil, false
	}
	m, ok := (*p)[string(k)]
	return m, ok
}

// keep stores m under k unless k is there already, and returns what k then
// maps to. When the memo holds max entries it stores nothing and returns m,
// false.
func (c *memo) keep(k []byte, m *Matcher, max int) (*Matcher, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var old map[string]*Matcher
	if p := c.m.Load(); p != nil {
		old = *p
	}
	if v, ok := old[string(k)]; ok {
		return v, true
	}
	if len(old) >= max {
		return m, false
	}
	next := make(map[string]*Matcher, len(old)+1)
	maps.Copy(next, old)
	next[string(k)] = m
	c.m.Store(&next)
	return m, true
}

// len returns the number of entries.
func (c *memo) len() int {
	if p := c.m.Load(); p != nil {
		return len(*p)
	}
	return 0
}

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

// groupsKey is the key of a set of group indices in Robots.selections.
func groupsKey(groups []int) []byte {
	var b []byte
	for _, g := range groups {
		b = strconv.AppendInt(b, int64(g), 10)
		b = append(b, ',')
	}
	return b
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
	v, _, _ := r.flight.Do(string(key), func() (any, error) {
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

// keyBuffer is the size of the buffer in which the key of an agent is built
// before it is looked up; longer keys are built on the heap.
const keyBuffer = 256

// matcher returns the Matcher of agents asked as kind (see appendKey),
// remembering it when it may.
func (r *Robots) matcher(kind byte, agents ...string) *Matcher {
	var buf [keyBuffer]byte
	k := appendKey(buf[:0], kind, agents)
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
