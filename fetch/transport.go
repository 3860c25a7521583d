package fetch

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/robotsexclusion/robots"
)

// ErrDisallowed is the error a Transport's requests fail with when
// robots.txt does not allow them; test for it with errors.Is. The error
// itself is a *DisallowedError.
var ErrDisallowed = errors.New("disallowed by robots.txt")

// A DisallowedError reports a request that robots.txt does not allow, and
// why: the deciding rule, or an origin whose robots.txt is unreachable.
type DisallowedError struct {
	URL      string          // the URL requested
	Agent    string          // the product token it was decided for
	Decision robots.Decision // the decision; Line 0 when no rule decided
	Result   *Result         // the robots.txt result that applied
}

// Error names the URL, the agent and the rule that refused it.
func (e *DisallowedError) Error() string {
	if e.Decision.Line > 0 {
		return fmt.Sprintf("fetch: %s may not fetch %s: %s line %d: Disallow: %s",
			e.Agent, e.URL, e.Result.FinalURL, e.Decision.Line, e.Decision.Pattern)
	}
	return fmt.Sprintf("fetch: %s may not fetch %s: %s, so everything is disallowed",
		e.Agent, e.URL, e.Result)
}

// Is reports whether target is ErrDisallowed.
func (e *DisallowedError) Is(target error) bool { return target == ErrDisallowed }

// A Transport is an http.RoundTripper that enforces robots.txt: before each
// request it consults its Cache for the request's origin and refuses the URL
// when the origin's robots.txt does not allow it, with a *DisallowedError
// (errors.Is(err, ErrDisallowed) is true, also through http.Client's
// *url.Error). Requests for /robots.txt itself, the Cache's own requests and
// requests for other schemes than http and https always pass.
//
// Its zero value is ready to use, with http.DefaultTransport and a Cache of
// its own. A Transport is safe for concurrent use; do not change its fields
// once it is in use.
type Transport struct {
	// Base sends the requests that are allowed; nil means
	// http.DefaultTransport.
	Base http.RoundTripper

	// Cache holds the robots.txt files. Nil means a Cache of the
	// Transport's own whose Fetcher sends its requests through Base.
	Cache *Cache

	// Agent is the crawler's product token the rules are read for, such as
	// "FooBot". Empty means the product token that starts the Cache's
	// Fetcher.UserAgent (FooBot for "FooBot/1.0 (+https://...)"), or "*"
	// (only the rules for every crawler) when that is empty too.
	Agent string

	// CrawlDelay makes requests to one origin wait out the Crawl-delay its
	// robots.txt sets for the crawler, measured from the start of the
	// previous request, in real time. A request whose context ends while it
	// waits fails with its context's error. Off by default: Crawl-delay is
	// not part of RFC 9309.
	CrawlDelay bool

	once  sync.Once
	cache *Cache

	mu   sync.Mutex
	next map[string]time.Time // origin -> when its next request may start
}

// RoundTrip sends req through Base when robots.txt allows it.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	u := req.URL
	if (u.Scheme != "http" && u.Scheme != "https") || u.Path == "/robots.txt" || req.Context().Value(fetchingKey{}) != nil {
		return base.RoundTrip(req)
	}
	t.once.Do(func() {
		t.cache = t.Cache
		if t.cache == nil {
			t.cache = &Cache{Fetcher: Fetcher{Client: &http.Client{Transport: base}}}
		}
	})
	res, err := t.cache.Get(req.Context(), u.String())
	if err != nil {
		closeBody(req)
		return nil, err
	}
	agent := t.agent()
	if d := res.Decide(agent, u.String()); !d.Allowed {
		closeBody(req)
		return nil, &DisallowedError{URL: u.String(), Agent: agent, Decision: d, Result: res}
	}
	if t.CrawlDelay {
		if delay, ok := res.CrawlDelay(agent); ok && delay > 0 {
			if err := t.wait(req.Context(), res.Origin, delay); err != nil {
				closeBody(req)
				return nil, err
			}
		}
	}
	return base.RoundTrip(req)
}

// agent returns the product token the rules are read for.
func (t *Transport) agent() string {
	if t.Agent != "" {
		return t.Agent
	}
	if tok := productToken(t.cache.Fetcher.UserAgent); tok != "" {
		return tok
	}
	return "*"
}

// productToken returns the leading run of letters, '-' and '_' of a
// User-Agent header, the product token RFC 9309 2.2.1 matches.
func productToken(ua string) string {
	i := 0
	for i < len(ua) {
		c := ua[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_') {
			break
		}
		i++
	}
	return ua[:i]
}

// wait reserves the next slot for a request to origin, delay after the one
// before, and waits for it.
func (t *Transport) wait(ctx context.Context, origin string, delay time.Duration) error {
	t.mu.Lock()
	now := time.Now()
	start := now
	if next, ok := t.next[origin]; ok && next.After(now) {
		start = next
	}
	end := start.Add(delay)
	if t.next == nil {
		t.next = make(map[string]time.Time)
	}
	if len(t.next) >= 1024 {
		// Slots in the past delay nothing: drop them, so that the map holds
		// only the origins with requests waiting.
		for o, next := range t.next {
			if !next.After(now) {
				delete(t.next, o)
			}
		}
	}
	t.next[origin] = end
	t.mu.Unlock()

	d := start.Sub(now)
	if d <= 0 {
		return nil
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		t.mu.Lock()
		if t.next[origin].Equal(end) {
			t.next[origin] = start // give the slot back when no one queued after it
		}
		t.mu.Unlock()
		return fmt.Errorf("fetch: waiting out the crawl-delay of %s: %w", origin, ctx.Err())
	}
}

func closeBody(req *http.Request) {
	if req.Body != nil {
		req.Body.Close()
	}
}
