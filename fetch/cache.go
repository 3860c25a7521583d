package fetch

import (
	"container/list"
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/robotsexclusion/robots/internal/policy"
)

// Defaults of the Cache's fields (stated in their docs). The bound on bytes
// is the one that holds first: entryBytes estimates every entry at 2 KiB at
// least, so defaultMaxBytes holds at most defaultMaxEntries entries, and a broad crawl
// (thousands of origins, each with a file of a few KiB) keeps them all.
const (
	defaultMaxBytes   = 256 << 20           // estimated octets kept (see entryBytes)
	defaultMaxEntries = 128 << 10           // origins kept: defaultMaxBytes over 2 KiB
	defaultStaleLimit = 30 * 24 * time.Hour // RFC 9309 2.3.1.4's "reasonably long period"
)

// The estimate of what one cached Result keeps in memory (entryBytes).
const (
	// entryOverhead is what any entry costs: the entry, its Result, the
	// map and list slots.
	entryOverhead = 2 << 10
	// retainedPerOctet is what a parsed and compiled file keeps per octet
	// of its body, for one agent's rules: measured at 5x for literal rules
	// and 14x for wildcard ones (500 KiB files), rounded up. On the 1,613
	// files of the shared corpus, parsed, compiled for one agent and asked
	// once, the estimate is 3.5 times what they keep (70 MiB for 20 MiB),
	// and never less than 1.3 times what one keeps.
	retainedPerOctet = 16
)

// entryBytes estimates the octets a Cache entry holding res keeps in
// memory: 2 KiB plus 16 octets per octet of the body read, what a parsed
// file with one agent's compiled rules keeps at most as measured. A Cache
// bounds the sum of these by MaxBytes.
func entryBytes(res *Result) int64 {
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
// context, and the others wait for its Result. An origin whose fetch is under
// way is never dropped to make room: it is held beside the MaxEntries and
// MaxBytes the other entries keep to, until the fetch ends, so that within
// one freshness period an origin is fetched once, however many origins are
// in flight. There are at most as many such origins as callers waiting and
// refreshes running.
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
//
// Stats counts what the Cache did: a crawler reads it to see whether its
// bounds fit its crawl (many evictions and fetches beside few hits say the
// Cache is too small for the origins in use).
type Cache struct {
	// Fetcher fetches the files and sets how long results stay fresh.
	Fetcher Fetcher

	// MaxEntries bounds how many origins are kept; the least recently used
	// goes first. Zero means 131,072. Each entry holds one parsed
	// file, itself bounded by the Fetcher's ParseLimit.
	MaxEntries int

	// MaxBytes bounds the octets the entries keep, as the Cache estimates
	// them: 2 KiB an entry plus 16 octets per octet of its body, what a
	// parsed file with one agent's compiled rules keeps at most as
	// measured. The least recently used go first, but the entry just
	// recorded stays. Zero means 256 MiB, which holds 131,072 of the
	// smallest entries, so that the bound on bytes holds first.
	MaxBytes int64

	// StaleLimit is how long after it was fetched a good copy may stand in
	// for a host that has become unreachable. Zero means 30 days,
	// RFC 9309 2.3.1.4's "reasonably long period".
	StaleLimit time.Duration

	mu      sync.Mutex
	entries map[string]*entry // origin -> entry: held in lru, or being fetched
	lru     list.List         // the entries at rest (no fetch under way), most recently used first
	bytes   int64             // the sum of the bytes of the entries in lru
	stats   CacheStats        // the counters; the other fields are filled by Stats
}

// CacheStats is what a Cache has done since it was made, and what it holds
// (Cache.Stats).
type CacheStats struct {
	Hits      int64 // Gets answered at once, from a fresh Result or a stale one being refreshed
	Misses    int64 // Gets that waited for a fetch, their own or another caller's
	Fetches   int64 // fetches started: first ones, of expired Results, and refreshes
	Refreshes int64 // of the Fetches, those run in the background while a stale Result was served
	Evictions int64 // entries dropped to keep to MaxEntries and MaxBytes

	Entries  int   // origins held at rest, within MaxEntries
	InFlight int   // origins being fetched, held beside Entries
	Bytes    int64 // what the Entries keep, as estimated for MaxBytes, within it
}

// An entry is the Cache's state for one origin.
type entry struct {
	origin string
	res    *Result       // the result in force; nil before the first fetch ends
	call   *call         // the fetch under way, if any; the entry is out of lru meanwhile
	el     *list.Element // its element of lru; nil while a fetch is under way
	bytes  int64         // entryBytes(res), counted in Cache.bytes while el is set
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
	origin, err := policy.Origin(rawURL)
	if err != nil {
		return nil, err
	}
	missed := false // counted once, however many times it waits
	for {
		c.mu.Lock()
		e := c.lookup(origin)
		now := c.Fetcher.now()
		if e.res != nil && now.Before(e.res.Expires) {
			res := e.res
			c.stats.Hits++
			c.mu.Unlock()
			return res, nil
		}
		if e.res != nil && c.servable(e.res, now) {
			// Stale while revalidating: one refresh, nobody waits for it.
			if e.call == nil {
				cl := c.start(e)
				c.stats.Refreshes++
				go c.fill(context.WithoutCancel(ctx), e, cl, e.res)
			}
			res := e.res
			c.stats.Hits++
			c.mu.Unlock()
			return res, nil
		}
		if !missed {
			c.stats.Misses++
			missed = true
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
		cl := c.start(e)
		prev := e.res
		c.mu.Unlock()
		return c.fill(ctx, e, cl, prev)
	}
}

// start records a fetch of e's origin under way, and takes e out of lru
// until it ends, so that it is not dropped meanwhile. c.mu must be held.
func (c *Cache) start(e *entry) *call {
	cl := &call{done: make(chan struct{})}
	e.call = cl
	if e.el != nil {
		c.lru.Remove(e.el)
		e.el = nil
		c.bytes -= e.bytes
	}
	c.stats.Fetches++
	return cl
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
	return defaultStaleLimit
}

// fill fetches e's origin for the callers waiting on cl, and records what
// stands: the new result, or prev when it is a good copy the new result may
// not replace. A fetch cut short by ctx's end leaves nothing recorded, so
// that one caller's cancellation does not disallow a host for everyone.
func (c *Cache) fill(ctx context.Context, e *entry, cl *call, prev *Result) (res *Result, err error) {
	defer func() {
		c.mu.Lock()
		e.call = nil
		cl.res = res
		if res != nil {
			e.res = res
		}
		if e.res != nil {
			// At rest again, the most recently used.
			e.bytes = entryBytes(e.res)
			e.el = c.lru.PushFront(e)
			c.bytes += e.bytes
			c.evict(e)
		} else {
			delete(c.entries, e.origin) // nothing to keep
		}
		c.mu.Unlock()
		close(cl.done)
	}()
	r := c.Fetcher.fetch(ctx, e.origin)
	if r.Outcome == Unreachable && ctx.Err() != nil {
		return nil, fmt.Errorf("fetch: %s/robots.txt: %w", r.Origin, ctx.Err())
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
// creating it, out of lru (its fetch is about to start), when there is
// none. c.mu must be held.
func (c *Cache) lookup(origin string) *entry {
	if e, ok := c.entries[origin]; ok {
		if e.el != nil {
			c.lru.MoveToFront(e.el)
		}
		return e
	}
	if c.entries == nil {
		c.entries = make(map[string]*entry)
	}
	e := &entry{origin: origin}
	c.entries[origin] = e
	return e
}

// evict drops the least recently used entries at rest, but never keep,
// while there are more than MaxEntries or their bytes pass MaxBytes. An
// entry whose fetch is under way is not in lru, so it is never dropped.
// c.mu must be held.
func (c *Cache) evict(keep *entry) {
	maxEntries := c.MaxEntries
	if maxEntries <= 0 {
		maxEntries = defaultMaxEntries
	}
	maxBytes := c.MaxBytes
	if maxBytes <= 0 {
		maxBytes = defaultMaxBytes
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
		c.stats.Evictions++
	}
}

// Stats returns what the Cache has done since it was made, and what it
// holds now.
func (c *Cache) Stats() CacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.stats
	st.Entries = c.lru.Len()
	st.InFlight = len(c.entries) - c.lru.Len()
	st.Bytes = c.bytes
	return st
}
