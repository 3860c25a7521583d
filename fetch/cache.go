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
	DefaultMaxBytes   = 256 << 20           // estimated octets kept (see EntryBytes)
	DefaultStaleLimit = 30 * 24 * time.Hour // RFC 9309 2.3.1.4's "reasonably long period"
)

// The estimate of what one cached Result keeps in memory (EntryBytes).
const (
	// entryOverhead is what any entry costs: the entry, its Result, the
	// map and list slots.
	entryOverhead = 2 << 10
	// retainedPerOctet is what a parsed and compiled file keeps per octet
	// of its body, for one agent's rules: measured at 5x for literal rules
	// and 14x for wildcard ones (500 KiB files), rounded up.
	retainedPerOctet = 16
)

// EntryBytes estimates the octets a Cache entry holding res keeps in
// memory: a fixed overhead plus 16 octets per octet of the body read, what
// a parsed file with one agent's compiled rules keeps at most as measured.
// A Cache bounds the sum of these by MaxBytes.
func EntryBytes(res *Result) int64 {
	if res == nil {
		return entryOverhead
	}
	return entryOverhead + retainedPerOctet*int64(res.Size)
}

// A Cache keeps the robots.txt Result of each origin while it is fresh (see
// Fetcher.MaxAge) and fetches it again when it is not. Its zero value is
// ready to use. A Cache is safe for concurrent use; do not change its fields
// once it is in use.
//
// However many goroutines ask for one origin at the same time, it is fetched
// once: the first caller fetches, in its own goroutine and under its own
// context, and the others wait for its Result.
//
// Once a Result has expired, it is served stale while one refresh runs
// (stale-while-revalidate, as RFC 5861), so that a host whose robots.txt
// hangs does not hold up every request to it for the Fetcher's Timeout: the
// caller that finds the Result expired starts the refresh in a goroutine of
// its own, bounded by the Fetcher's Timeout and carrying the caller's context
// values but not its cancellation, and every caller gets the stale Result
// until the refresh is recorded. A Result is served stale only within the
// rules of RFC 9309: less than the Fetcher's MaxAge (24 hours) after it was
// fetched, or, for a good copy kept because the host became unreachable,
// less than StaleLimit. Past that, callers wait for the fetch as for a first
// one.
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

	// MaxBytes bounds the octets the entries keep, as EntryBytes estimates
	// them; the least recently used go first, but the entry just recorded
	// stays. Zero means DefaultMaxBytes.
	MaxBytes int64

	// StaleLimit is how long after it was fetched a good copy may stand in
	// for a host that has become unreachable. Zero means DefaultStaleLimit.
	StaleLimit time.Duration

	mu      sync.Mutex
	entries map[string]*list.Element // origin -> element of lru holding an *entry
	lru     list.List                // most recently used first
	bytes   int64                    // the sum of the entries' bytes
}

// An entry is the Cache's state for one origin.
type entry struct {
	origin string
	res    *Result       // the result in force; nil before the first fetch ends
	call   *call         // the fetch under way, if any
	el     *list.Element // its element of lru; nil once dropped
	bytes  int64         // EntryBytes(res), counted in Cache.bytes while el is set
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
		now := c.Fetcher.now()
		if e.res != nil && now.Before(e.res.Expires) {
			res := e.res
			c.mu.Unlock()
			return res, nil
		}
		if e.res != nil && c.servable(e.res, now) {
			// Stale while revalidating: one refresh, nobody waits for it.
			if e.call == nil {
				cl := &call{done: make(chan struct{})}
				e.call = cl
				go c.fill(context.WithoutCancel(ctx), e, cl, e.res)
			}
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

// servable reports whether an expired result may still be served while it
// is refreshed: within MaxAge of its fetch (RFC 9309 2.4), or within
// StaleLimit for a good copy standing in for an unreachable host.
func (c *Cache) servable(res *Result, now time.Time) bool {
	return now.Before(res.Fetched.Add(c.Fetcher.maxAge())) ||
		res.Refresh != nil && now.Before(res.Fetched.Add(c.staleLimit()))
}

func (c *Cache) staleLimit() time.Duration {
	if c.StaleLimit > 0 {
		return c.StaleLimit
	}
	return DefaultStaleLimit
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
			if e.el != nil {
				c.bytes -= e.bytes
				e.bytes = EntryBytes(res)
				c.bytes += e.bytes
				c.evict(e)
			}
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
	limit := c.staleLimit()
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
	e := &entry{origin: origin, bytes: EntryBytes(nil)}
	e.el = c.lru.PushFront(e)
	c.entries[origin] = e.el
	c.bytes += e.bytes
	c.evict(e)
	return e
}

// evict drops the least recently used entries, but never keep, while there
// are more than MaxEntries or their bytes pass MaxBytes. An entry dropped
// while its fetch is under way still serves the callers waiting for it; its
// result is just not kept. c.mu must be held.
func (c *Cache) evict(keep *entry) {
	maxEntries := c.MaxEntries
	if maxEntries <= 0 {
		maxEntries = DefaultMaxEntries
	}
	maxBytes := c.MaxBytes
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	for c.lru.Len() > maxEntries || c.bytes > maxBytes && c.lru.Len() > 1 {
		old := c.lru.Back()
		if old.Value.(*entry) == keep {
			old = old.Prev()
		}
		if old == nil {
			return
		}
		e := old.Value.(*entry)
		c.lru.Remove(old)
		delete(c.entries, e.origin)
		c.bytes -= e.bytes
		e.el = nil
	}
}

// Bytes returns the octets the Cache's entries keep, as EntryBytes
// estimates them.
func (c *Cache) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// Len returns how many origins the Cache holds.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}
