package fetch

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/normalize"
	"github.com/robotsexclusion/robots/usage"
)

// ErrDisallowed is the error a Transport's requests fail with when a rule
// of the origin's robots.txt forbids them (or, with AuthDisallows, the
// server refused access to the file): a lasting answer, so drop the URL.
// Test for it with errors.Is; the error itself is a *DisallowedError.
var ErrDisallowed = errors.New("disallowed by robots.txt")

// ErrUnreachable is the error a Transport's requests fail with when the
// origin's robots.txt is Unreachable (a 5xx status, 429, a network error or
// a timeout): RFC 9309 2.3.1.4 disallows everything until it can be
// fetched, so this is temporary: keep the URL and try again after the
// error's RetryAt. Test for it with errors.Is; the error itself is a
// *DisallowedError, and errors.Is(err, ErrDisallowed) is false.
var ErrUnreachable = errors.New("robots.txt unreachable")

// A DisallowedError reports a request that robots.txt does not allow, and
// why: the deciding rule (Decision.Line), the fetch outcome that
// disallows everything (Result), or, for a URL that could not be matched
// within the decision budget, Decision.OverBudget (it wraps
// robots.ErrOverBudget then). It
// matches ErrUnreachable when that outcome is Unreachable, and
// ErrDisallowed otherwise.
type DisallowedError struct {
	URL      string          // the URL requested, as it was decided (dot segments removed)
	Agent    string          // the product token it was decided for
	Decision robots.Decision // the decision; Line 0 when no rule decided
	Result   *Result         // the robots.txt result that applied
	Reason   string          // when set, why the request was refused, the Result aside
}

// Temporary reports whether the request is refused only for now, because
// the origin's robots.txt is unreachable; see RetryAt.
func (e *DisallowedError) Temporary() bool {
	return e.Reason == "" && e.Result != nil && e.Result.Outcome == Unreachable
}

// RetryAt returns when the origin's robots.txt will be fetched again, so
// that a temporary refusal may end: the Result's Expires, which honours the
// server's Retry-After. It is the zero time when the refusal is not
// temporary.
func (e *DisallowedError) RetryAt() time.Time {
	if !e.Temporary() {
		return time.Time{}
	}
	return e.Result.Expires
}

// Error names the URL, the agent and the rule that refused it, or the fetch
// outcome and when it is tried again.
func (e *DisallowedError) Error() string {
	switch {
	case e.Reason != "":
		return fmt.Sprintf("fetch: %s may not fetch %s: %s", e.Agent, e.URL, e.Reason)
	case e.Decision.OverBudget:
		return fmt.Sprintf("fetch: %s may not fetch %s: %s: %v", e.Agent, e.URL, e.Result.FinalURL, robots.ErrOverBudget)
	case e.Decision.Line > 0:
		return fmt.Sprintf("fetch: %s may not fetch %s: %s line %d: Disallow: %s",
			e.Agent, e.URL, e.Result.FinalURL, e.Decision.Line, e.Decision.Pattern)
	case e.Temporary():
		return fmt.Sprintf("fetch: %s may not fetch %s before %s: %s, so everything is disallowed for now",
			e.Agent, e.URL, e.RetryAt().UTC().Format(time.RFC3339), e.Result)
	}
	return fmt.Sprintf("fetch: %s may not fetch %s: %s, so everything is disallowed",
		e.Agent, e.URL, e.Result)
}

// Is reports whether target is ErrUnreachable (when Temporary) or
// ErrDisallowed (otherwise).
func (e *DisallowedError) Is(target error) bool {
	if e.Temporary() {
		return target == ErrUnreachable
	}
	return target == ErrDisallowed
}

// Unwrap returns robots.ErrOverBudget when the Decision is OverBudget: the
// reason a URL is disallowed unmatched; otherwise nil.
func (e *DisallowedError) Unwrap() error {
	if e.Decision.OverBudget {
		return robots.ErrOverBudget
	}
	return nil
}

// DefaultMaxCrawlDelay caps the Crawl-delay a Transport waits out, whatever
// the file says (Crawl-delay: 86400000 would stop a crawler for 1,000 days).
const DefaultMaxCrawlDelay = time.Minute

// A Transport is an http.RoundTripper that enforces robots.txt: before each
// request it consults its Cache for the request's origin and refuses the URL
// when the origin's robots.txt does not allow it, with a *DisallowedError:
// errors.Is(err, ErrDisallowed) when a rule forbids it, errors.Is(err,
// ErrUnreachable) when the file cannot be fetched for now (both also through
// http.Client's *url.Error). GET and HEAD requests for /robots.txt itself,
// the Cache's own requests and requests for other schemes than http and
// https always pass.
//
// It decides on the path the server will serve, and sends that path: dot
// segments are removed as RFC 3986 5.2.4 does, escaped dots (%2E, %2e)
// counting as dots (/public/%2E%2E/private is /private) and a segment's
// ";" parameters ignored (/public/..;x/private is /private, as servlet
// containers read it), and runs of slashes are merged, as most servers
// merge them (//private is /private).
// The request that goes out has that path, so that no server resolves it to
// another. A request whose URL is opaque (url.URL.Opaque) is refused.
//
// Its zero value is ready to use, with http.DefaultTransport and a Cache of
// its own. A Transport is safe for concurrent use; do not change its fields
// once it is in use.
type Transport struct {
	// Base sends the requests that are allowed; nil means
	// http.DefaultTransport. The robots.txt requests go through it too
	// (with the guarded request's User-Agent), unless the Cache's Fetcher
	// has a Client with a Transport of its own.
	Base http.RoundTripper

	// Cache holds the robots.txt files. Nil means a Cache of the
	// Transport's own.
	Cache *Cache

	// Agent is the crawler's product token the rules are read for, such as
	// "FooBot". Empty means the product token that starts the Cache's
	// Fetcher.UserAgent (FooBot for "FooBot/1.0 (+https://...)"), or else
	// the request's User-Agent header, or "*" (only the rules for every
	// crawler) when both are empty too.
	Agent string

	// CrawlDelay makes requests to one origin wait out the Crawl-delay its
	// robots.txt sets for the crawler, at most MaxCrawlDelay, measured from
	// the start of the previous request, in real time. A request whose
	// context ends while it waits fails with its context's error. Off by
	// default: Crawl-delay is not part of RFC 9309.
	CrawlDelay bool

	// MaxCrawlDelay caps the Crawl-delay waited out. Zero means
	// DefaultMaxCrawlDelay.
	MaxCrawlDelay time.Duration

	// Purposes are the uses the crawler makes of what it fetches, such as
	// usage.TrainAI for a crawler that trains models. A request whose URL
	// robots.txt allows, but for which it states that content may not be
	// used for one of these purposes (a Content-Usage rule or Content-Signal
	// line saying n or no), is refused before it is sent, with a
	// *UsageError (errors.Is(err, ErrUsageRefused)). Each purpose is
	// read in the combined view of the two vocabularies
	// (usage.Set.Combined): usage.TrainAI is refused by train-ai=n and by
	// ai-train=no alike. Only a stated no refuses: an unknown preference
	// lets the request through, and so does a Category outside the
	// vocabulary table. Nil declares no purpose and refuses nothing for
	// usage. See the file usage.go for what robots.txt can and
	// cannot say before the response.
	Purposes []usage.Category

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
	if (u.Scheme != "http" && u.Scheme != "https") || req.Context().Value(fetchingKey{}) != nil {
		return base.RoundTrip(req)
	}
	if u.Opaque != "" {
		closeBody(req)
		return nil, fmt.Errorf("fetch: %s: an opaque URL is not checked against robots.txt, so it is not sent", u.Redacted())
	}
	// Decide on the path the server will serve, and send that.
	if cu, err := servedURL(u); err != nil {
		closeBody(req)
		return nil, err
	} else if cu != u {
		req = req.Clone(req.Context())
		req.URL = cu
		u = cu
	}
	robotsTxt := normalize.URL(u.EscapedPath()) == "/robots.txt" // /robots%2Etxt too
	fetching := req.Method == "" || req.Method == http.MethodGet || req.Method == http.MethodHead
	if robotsTxt && fetching {
		return base.RoundTrip(req)
	}
	res, err := t.result(req.Context(), base, req.Header.Get("User-Agent"), u.String())
	if err != nil {
		closeBody(req)
		return nil, err
	}
	agent := t.agent(req)
	if robotsTxt && res.Outcome != Unavailable {
		// The file's rules always let /robots.txt through, but only to be
		// fetched (RFC 9309 2.2.2): another method is refused unless there
		// is no file, and so no rule at all.
		closeBody(req)
		return nil, &DisallowedError{URL: u.String(), Agent: agent, Result: res,
			Reason: req.Method + " is not a method that fetches robots.txt"}
	}
	d := res.Decide(agent, u.String())
	if !d.Allowed {
		closeBody(req)
		return nil, &DisallowedError{URL: u.String(), Agent: agent, Decision: d, Result: res}
	}
	if err := t.refuseUsage(u.String(), agent, d, res); err != nil {
		closeBody(req)
		return nil, err
	}
	if t.CrawlDelay {
		if delay := t.crawlDelay(res, agent); delay > 0 {
			if err := t.wait(req.Context(), res.Origin, delay); err != nil {
				closeBody(req)
				return nil, err
			}
		}
	}
	return base.RoundTrip(req)
}

// servedURL returns u with the path the server will serve (CleanPath), u
// itself when that is its path already.
func servedURL(u *url.URL) (*url.URL, error) {
	p := CleanPath(u.EscapedPath())
	if p == u.EscapedPath() {
		return u, nil
	}
	path, err := url.PathUnescape(p)
	if err != nil {
		return nil, fmt.Errorf("fetch: %s: %w", u.Redacted(), err)
	}
	cu := *u
	cu.Path, cu.RawPath = path, p
	return &cu, nil
}

// result returns the robots.txt result for rawURL's origin from t's Cache,
// fetching it, when it must, through base with the User-Agent ua.
func (t *Transport) result(ctx context.Context, base http.RoundTripper, ua, rawURL string) (*Result, error) {
	t.once.Do(func() {
		t.cache = t.Cache
		if t.cache == nil {
			t.cache = &Cache{}
		}
	})
	ctx = context.WithValue(ctx, viaKey{}, via{base: base, userAgent: ua})
	return t.cache.Get(ctx, rawURL)
}

// crawlDelay returns the Crawl-delay res sets for agent, capped by
// MaxCrawlDelay.
func (t *Transport) crawlDelay(res *Result, agent string) time.Duration {
	delay, ok := res.CrawlDelay(agent)
	if !ok {
		return 0
	}
	most := t.MaxCrawlDelay
	if most <= 0 {
		most = DefaultMaxCrawlDelay
	}
	return min(delay, most)
}

// CleanPath returns the path a server serves for the escaped path p: dot
// segments removed as RFC 3986 5.2.4 does, with escaped dots (%2E, %2e)
// read as dots and a segment's ";" parameters ignored (so "..;x" is ".."),
// and runs of slashes merged into one (so //a is /a, as most servers read
// it). Other escapes are kept as they are. An empty p is "/".
func CleanPath(p string) string {
	if p == "" || p[0] != '/' {
		p = "/" + p
	}
	segs := strings.Split(p[1:], "/")
	out := make([]string, 0, len(segs))
	for i, seg := range segs {
		last := i == len(segs)-1
		switch dots(seg) {
		case 1: // "." names the directory it is in
		case 2: // ".." names the one above
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			if seg == "" && !last {
				continue // an empty segment: slashes merged
			}
			out = append(out, seg)
			continue
		}
		if last {
			out = append(out, "") // "/a/." and "/a/b/.." are "/a/"
		}
	}
	return "/" + strings.Join(out, "/")
}

// dots returns 1 when seg is a "." segment, 2 when it is "..", and 0
// otherwise, an escaped dot counting as a dot, and parameters after a ";"
// ignored, as servlet containers ignore them ("..;x" is "..").
func dots(seg string) int {
	if i := strings.IndexByte(seg, ';'); i >= 0 {
		seg = seg[:i]
	}
	if len(seg) > 6 || len(seg) == 0 {
		return 0
	}
	seg = strings.ReplaceAll(strings.ToLower(seg), "%2e", ".")
	switch seg {
	case ".":
		return 1
	case "..":
		return 2
	}
	return 0
}

// agent returns the product token the rules are read for.
func (t *Transport) agent(req *http.Request) string {
	if t.Agent != "" {
		return t.Agent
	}
	if tok := productToken(t.cache.Fetcher.UserAgent); tok != "" {
		return tok
	}
	if tok := productToken(req.Header.Get("User-Agent")); tok != "" {
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
