package fetch

import (
	"container/list"
	"context"
	"fmt"
	"sync"
	"time"
)

// Defaults of the Cache's fields.
const (
	DefaultMaxEntries = 1000                // origins kept
	DefaultStaleLimit = 30 * 24 * time.Hour // RFC 9309 2.3.1.4's "reasonably long period"
)

// A Cache keeps the robots.txt Result of each origin while it is fresh (see
// Fetcher.MaxAge) and fetches it again when it is not. Its zero value is
// ready to use. A Cache is safe for concurrent use; do not change its fields
// once it is in use.
//
// However many goroutines ask for one origin at the same time, it is fetched
// once: the first caller fetches, in its own goroutine and under its own
// context, and the others wait for its Result. The Cache starts no goroutine.
//
// When a fresh fetch finds a host Unreachable but the Cache holds a good
// copy (an OK Result) fetched less than StaleLimit ago, it keeps using the
// copy, marked by the failed fetch in its Refresh field, and tries again
// after Fetcher.MinAge (or the server's Retry-After). Past StaleLimit the
// host is Unreachable and everything is disallowed. RFC 9309 2.3.1.4 would
// also let a crawler treat such a host as Unavailable; the Cache stays out.
type Cache struct {
	// Fetcher fetches the files and sets how long results stay fresh.
	Fetcher Fetcher

	// MaxEntries bounds how many origins are kept; the least recently used
	// goes first. Zero means DefaultMaxEntries. Each entry holds one parsed
	// file, itself bounded by the Fetcher's ParseLimit.
	MaxEntries int

	// StaleLimit is how long after it was fetched a good copy may stand in
	// for a host that has become unreachable. Zero means DefaultStaleLimit.
	StaleLimit time.Duration

	mu      sync.Mutex
	entries map[string]*list.Element // origin -> element of lru holding an *entry
	lru     list.List                // most recently used first
}

// An entry is the Cache's state for one origin.
type entry struct {
	origin string
	res    *Result // the result in force; nil before the first fetch ends
	call   *call   // the fetch under way, if any
}

// A call is one fetch that several callers wait for.
type call struct {
	done chan struct{} // closed when the fetch is over
	res  *Result       // nil when the fetching caller's context ended first
}

// Get returns the robots.txt Result for the origin of rawURL, an absolute
// http or https URL, fetching it when the Cache holds no fresh one. It fails
// when rawURL has no such origin, or when ctx ends before a Result is there;
// whatever happens on the network is told by the Result.
func (c *Cache) Get(ctx context.Context, rawURL string) (*Result, error) {
	origin, err := Origin(rawURL)
	if err != nil {
		return nil, err
	}
	for {
		c.mu.Lock()
		e := c.lookup(origin)
		if e.res != nil && c.Fetcher.now().Before(e.res.Expires) {
			res := e.res
			c.mu.Unlock()
			return res, nil
		}
		if cl := e.call; cl != nil {
			c.mu.Unlock()
			select {
			case <-cl.done:
				if cl.res != nil {
					return cl.res, nil
				}
				continue // the caller that fetched gave up: try again
			case <-ctx.Done():
				return nil, fmt.Errorf("fetch: waiting for %s/robots.txt: %w", origin, ctx.Err())
			}
		}
		cl := &call{done: make(chan struct{})}
		e.call = cl
		prev := e.res
		c.mu.Unlock()
		return c.fill(ctx, e, cl, prev)
	}
}

// fill fetches e's origin for the callers waiting on cl, and records what
// stands: the new result, or prev when it is a good copy the new result may
// not replace. A fetch cut short by ctx's end leaves nothing recorded, so
// that one caller's cancellation does not disallow a host for everyone.
func (c *Cache) fill(ctx context.Context, e *entry, cl *call, prev *Result) (res *Result, err error) {
	defer func() {
		c.mu.Lock()
		if res != nil {
			e.res = res
		}
		e.call = nil
		cl.res = res
		c.mu.Unlock()
		close(cl.done)
	}()
	r := c.Fetcher.fetch(ctx, e.origin)
	if r.Outcome == Unreachable && ctx.Err() != nil {
		return nil, fmt.Errorf("fetch: %s: %w", r.URL, ctx.Err())
	}
	return c.keep(prev, r), nil
}

// keep returns the result that stands after fetching r: r itself, or, when
// r found the host unreachable, a copy of the last good result prev marked
// with r, while prev is younger than StaleLimit.
func (c *Cache) keep(prev, r *Result) *Result {
	limit := c.StaleLimit
	if limit <= 0 {
		limit = DefaultStaleLimit
	}
	if r.Outcome != Unreachable || prev == nil || prev.Outcome != OK || r.Fetched.Sub(prev.Fetched) >= limit {
		return r
	}
	stale := *prev
	stale.Expires = r.Expires
	if end := prev.Fetched.Add(limit); end.Before(stale.Expires) {
		stale.Expires = end
	}
	stale.Refresh = r
	return &stale
}

// lookup returns origin's entry, making it the most recently used, and
// creating it, and dropping the least recently used, when there is none.
// c.mu must be held.
func (c *Cache) lookup(origin string) *entry {
	if el, ok := c.entries[origin]; ok {
		c.lru.MoveToFront(el)
		return el.Value.(*entry)
	}
	if c.entries == nil {
		c.entries = make(map[string]*list.Element)
	}
	e := &entry{origin: origin}
	c.entries[origin] = c.lru.PushFront(e)
	limit := c.MaxEntries
	if limit <= 0 {
		limit = DefaultMaxEntries
	}
	for c.lru.Len() > limit {
		// An entry dropped while its fetch is under way still serves the
		// callers waiting for it; its result is just not kept.
		old := c.lru.Back()
		c.lru.Remove(old)
		delete(c.entries, old.Value.(*entry).origin)
	}
	return e
}

// Len returns how many origins the Cache holds.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}
