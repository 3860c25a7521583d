package robots

import (
	"maps"
	"strconv"
	"sync"
	"sync/atomic"

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

// memo is a map of at most a fixed number of Matchers, read without locking
// or allocating: readers load an immutable map, and a writer, under the
// mutex, replaces it with a copy that holds one more entry. A copy costs at
// most the bound, and there are at most as many copies as the bound. The
// first entry has a slot of its own, so that a Robots asked for one agent,
// as most are, builds no map.
type memo struct {
	mu    sync.Mutex
	first atomic.Pointer[memoEntry] // the first entry kept; never replaced
	m     atomic.Value              // map[string]*Matcher of the others, never modified once stored
}

type memoEntry struct {
	k string
	m *Matcher
}

// table returns the current map; nil before the first entry.
func (c *memo) table() map[string]*Matcher {
	t, _ := c.m.Load().(map[string]*Matcher)
	return t
}

func (c *memo) load(k []byte) (*Matcher, bool) {
	if e := c.first.Load(); e != nil && e.k == string(k) {
		return e.m, true
	}
	m, ok := c.table()[string(k)]
	return m, ok
}

// keep stores m under k unless k is there already, and returns what k then
// maps to. When the memo holds max entries it stores nothing and returns m,
// false.
func (c *memo) keep(k []byte, m *Matcher, max int) (*Matcher, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.load(k); ok {
		return v, true
	}
	if c.len() >= max {
		return m, false
	}
	if c.first.Load() == nil {
		c.first.Store(&memoEntry{string(k), m})
		return m, true
	}
	old := c.table()
	next := make(map[string]*Matcher, len(old)+1)
	maps.Copy(next, old)
	next[string(k)] = m
	c.m.Store(next)
	return m, true
}

// len returns the number of entries.
func (c *memo) len() int {
	n := len(c.table())
	if c.first.Load() != nil {
		n++
	}
	return n
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

// appendGroupsKey appends the key of a set of group indices to b.
func appendGroupsKey(b []byte, groups []int) []byte {
	for _, g := range groups {
		b = strconv.AppendInt(b, int64(g), 10)
		b = append(b, ',')
	}
	return b
}

// selections are the compiled sets of groups of a Robots, by groupsKey:
// those kept, at most maxSelections, and those being compiled. The mutex is
// held only to look an entry up or to add or remove one, never while
// compiling, and is never taken by a Matcher.
type selections struct {
	mu       sync.Mutex
	first    *selection // the first entry added, while it stays; not in m
	m        map[string]*selection
	kept     int          // entries of m that are done and kept
	compiles atomic.Int64 // compiles started, kept or not; for tests
}

// A selection is one compiled set of groups, or one being compiled.
type selection struct {
	key  string         // its groupsKey
	done sync.WaitGroup // m and kept are set once it is done
	m    *Matcher       // nil when the compile panicked
	kept bool           // it stays in selections.m
}

// find returns the entry of key, or nil. The caller holds c.mu.
func (c *selections) find(key []byte) *selection {
	if c.first != nil && c.first.key == string(key) {
		return c.first
	}
	return c.m[string(key)]
}

// add adds s. The caller holds c.mu.
func (c *selections) add(s *selection) {
	switch {
	case c.first == nil:
		c.first = s
	case c.m == nil:
		c.m = map[string]*selection{s.key: s}
	default:
		c.m[s.key] = s
	}
}

// remove removes s. The caller holds c.mu.
func (c *selections) remove(s *selection) {
	if c.first == s {
		c.first = nil
	} else {
		delete(c.m, s.key)
	}
}

// compile returns the compiled Matcher of the given groups (indices in
// r.file.Groups), and whether it is kept. Concurrent calls for one set of
// groups compile it once, and a kept set is never compiled again.
func (r *Robots) compile(groups []int, named bool) (*Matcher, bool) {
	var buf [keyBuffer]byte
	key := appendGroupsKey(buf[:0], groups)
	c := &r.sels
	c.mu.Lock()
	s := c.find(key)
	if s == nil {
		s = &selection{key: string(key)}
		s.done.Add(1)
		c.add(s)
		c.mu.Unlock()
		r.build(s, groups, named)
		return s.m, s.kept
	}
	c.mu.Unlock()
	s.done.Wait()
	if s.m == nil {
		return r.compile(groups, named) // the compile this call waited for panicked: try, and panic, here
	}
	return s.m, s.kept
}

// build compiles s, the selection of the given groups, and keeps it if
// there is room; otherwise, or if the compile panics, it leaves selections.
func (r *Robots) build(s *selection, groups []int, named bool) {
	c := &r.sels
	defer func() {
		c.mu.Lock()
		if s.m != nil && c.kept < maxSelections {
			s.kept = true
			c.kept++
		} else {
			c.remove(s)
		}
		c.mu.Unlock()
		s.done.Done()
	}()
	c.compiles.Add(1)
	if testHookCompile != nil {
		testHookCompile()
	}
	m := newMatcher(r.file.Merge(groups, named), r.limits, r.dialect)
	var prefs []*kept.Usage
	m.lines, prefs = kept.Keep(r.file, groups)
	if prefs != nil {
		if m.rare == nil {
			m.rare = new(matcherRare)
		}
		m.rare.prefs = prefs
	}
	s.m = m
}

// testHookCompile, when set by a test, runs before each compile.
var testHookCompile func()

// kept reports whether the selection of groups is kept.
func (r *Robots) kept(groups []int) bool {
	var buf [keyBuffer]byte
	key := appendGroupsKey(buf[:0], groups)
	c := &r.sels
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.find(key)
	return s != nil && s.kept
}

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
	m := shared.forAgents(r, named, agents)
	if kept && len(k) <= keyBuffer {
		m, _ = r.agents.keep(k, m, maxAgents)
	}
	return m
}
