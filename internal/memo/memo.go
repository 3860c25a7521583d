// Package memo holds the two bounded caches of a parsed robots.txt: a Map
// from agent values to their Matchers, read on every Agent call without a
// lock or an allocation, and a Cache that compiles each set of groups once
// however many goroutines ask for it at once. Both keep at most a bound
// given by the caller; past it every answer is as right, only not kept.
package memo

import (
	"maps"
	"sync"
	"sync/atomic"
)

// A Map is a map of at most a fixed number of entries, read without
// locking or allocating: readers load an immutable map, and a writer,
// under the mutex, replaces it with a copy that holds one more entry. A
// copy costs at most the bound, and there are at most as many copies as
// the bound. The first entry has a slot of its own, in the Map, so that a
// Map of one entry, as most are, allocates nothing. The zero Map is empty.
type Map[V any] struct {
	mu    sync.Mutex
	first atomic.Pointer[entry[V]] // the first entry kept (one); never replaced
	one   entry[V]                 // the first entry, written once before first points to it
	m     atomic.Value             // map[string]V of the others, never modified once stored
}

type entry[V any] struct {
	k key
	v V
}

// A key is a key of a Map's first entry or a Cache's first slot: held in
// place when it is short, as agent values and group lists most often are,
// so that keeping one allocates nothing besides its entry.
type key struct {
	n    int8 // its length in b, or -1 when it is long (s)
	b    [inlineKey]byte
	long string
}

// inlineKey is the longest key held in place.
const inlineKey = 30

// makeKey returns the key of k, a copy.
func makeKey(k []byte) key {
	if len(k) > inlineKey {
		return key{n: -1, long: string(k)}
	}
	x := key{n: int8(len(k))}
	copy(x.b[:], k)
	return x
}

// is reports whether x is k.
func (x *key) is(k []byte) bool {
	if x.n < 0 {
		return x.long == string(k)
	}
	return string(x.b[:x.n]) == string(k)
}

// String returns the key as a string, which it allocates when the key is
// short.
func (x *key) String() string {
	if x.n < 0 {
		return x.long
	}
	return string(x.b[:x.n])
}

// table returns the current map; nil before the second entry.
func (c *Map[V]) table() map[string]V {
	t, _ := c.m.Load().(map[string]V)
	return t
}

// Load returns the value of k, and whether there is one.
func (c *Map[V]) Load(k []byte) (V, bool) {
	if e := c.first.Load(); e != nil && e.k.is(k) {
		return e.v, true
	}
	v, ok := c.table()[string(k)]
	return v, ok
}

// Store stores v under k unless k is there already, and returns what k
// then maps to. When the Map holds max entries it stores nothing and
// returns v, false.
func (c *Map[V]) Store(k []byte, v V, max int) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.Load(k); ok {
		return old, true
	}
	if c.Len() >= max {
		return v, false
	}
	if c.first.Load() == nil {
		c.one = entry[V]{makeKey(k), v}
		c.first.Store(&c.one) // readers see one only through first
		return v, true
	}
	old := c.table()
	next := make(map[string]V, len(old)+1)
	maps.Copy(next, old)
	next[string(k)] = v
	c.m.Store(next)
	return v, true
}

// Len returns the number of entries.
func (c *Map[V]) Len() int {
	n := len(c.table())
	if c.first.Load() != nil {
		n++
	}
	return n
}

// A Cache builds one value per key, once, and keeps at most a fixed number
// of them. Its mutex is held only to look an entry up or to add or remove
// one, never while building. The first entry is built in a slot of the
// Cache's own, so that a Cache of one entry, as most are, allocates only
// what its build does. The zero Cache is empty.
type Cache[V any] struct {
	mu     sync.Mutex
	first  *slot[V] // the first entry added, while it stays; not in m
	one    slot[V]  // the first slot used, never used again: a call may still wait on it
	used   bool     // one is used
	m      map[string]*slot[V]
	kept   int          // entries of m that are built and kept
	builds atomic.Int64 // builds started, kept or not
}

// A slot is one value of a Cache, or one being built.
type slot[V any] struct {
	key   key
	done  sync.WaitGroup // v, built and kept are set once it is done
	v     V
	built bool // the build returned (it did not panic)
	kept  bool // it stays in the Cache
}

// find returns the entry of key, or nil. The caller holds c.mu.
func (c *Cache[V]) find(key []byte) *slot[V] {
	if c.first != nil && c.first.key.is(key) {
		return c.first
	}
	return c.m[string(key)]
}

// add adds s. The caller holds c.mu.
func (c *Cache[V]) add(s *slot[V]) {
	switch {
	case c.first == nil:
		c.first = s
	case c.m == nil:
		c.m = map[string]*slot[V]{s.key.String(): s}
	default:
		c.m[s.key.String()] = s
	}
}

// remove removes s. The caller holds c.mu.
func (c *Cache[V]) remove(s *slot[V]) {
	if c.first == s {
		c.first = nil
	} else {
		delete(c.m, s.key.String())
	}
}

// Get returns the value of key, built by build on the first call, and
// whether it is kept: calls for one key at once build it once, the others
// waiting for that build, and a kept value is never built again. A value
// is kept while the Cache holds fewer than max; one built past that is
// returned to the calls that waited for it and forgotten. When build
// panics, the calls that waited build it again themselves.
func (c *Cache[V]) Get(key []byte, max int, build func() V) (V, bool) {
	c.mu.Lock()
	s := c.find(key)
	if s == nil {
		if !c.used {
			c.used, s = true, &c.one
			s.key = makeKey(key)
		} else {
			s = &slot[V]{key: makeKey(key)}
		}
		s.done.Add(1)
		c.add(s)
		c.mu.Unlock()
		c.build(s, max, build)
		return s.v, s.kept
	}
	c.mu.Unlock()
	s.done.Wait()
	if !s.built {
		return c.Get(key, max, build) // the build this call waited for panicked: try, and panic, here
	}
	return s.v, s.kept
}

// build builds s, and keeps it if there is room; otherwise, or if build
// panics, it leaves the Cache.
func (c *Cache[V]) build(s *slot[V], max int, build func() V) {
	defer func() {
		c.mu.Lock()
		if s.built && c.kept < max {
			s.kept = true
			c.kept++
		} else {
			c.remove(s)
		}
		c.mu.Unlock()
		s.done.Done()
	}()
	c.builds.Add(1)
	s.v = build()
	s.built = true
}

// Kept reports whether the value of key is built and kept.
func (c *Cache[V]) Kept(key []byte) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.find(key)
	return s != nil && s.kept
}

// Len returns the number of values kept.
func (c *Cache[V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.kept
}

// Builds returns the number of builds started, kept or not.
func (c *Cache[V]) Builds() int64 { return c.builds.Load() }
