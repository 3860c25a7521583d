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
// Expires of the error's Result (the Cache fetches the file again then,
// honouring the server's Retry-After). Test for it with errors.Is; the error itself is a
// *DisallowedError, and errors.Is(err, ErrDisallowed) is false.
var ErrUnreachable = errors.New("robots.txt unreachable")

// A DisallowedError reports a request that robots.txt refuses, and why:
// the deciding rule (Decision.Line), the fetch outcome that disallows
// everything (Result), or, for a URL that could not be matched within the
// decision budget, Decision.OverBudget (it wraps robots.ErrOverBudget
// then). It matches ErrUnreachable when that outcome is Unreachable, and
// ErrDisallowed otherwise.
//
// A request whose URL robots.txt allows (Decision.Allowed) is refused for
// usage instead: robots.txt says its content may not be used for Purpose,
// one of the Transport's Purposes, or its Content-Usage rules could not be
// matched within the decision budget and fail closed
// (Decision.UsageOverBudget; it wraps robots.ErrOverBudget then). It
// matches ErrUsageRefused only.
type DisallowedError struct {
	URL      string          // the URL requested, its password redacted (url.URL.Redacted)
	Agent    string          // the product token it was decided for
	Decision robots.Decision // the decision, with every preference for the URL in Usage; Line 0 when no rule decided
	Result   *Result         // the robots.txt result that applied
	reason   string          // when set, why the request was refused, the Result aside

	// Reading is the path and query Decision disallows when it is a
	// server's reading of the request target rather than the target as
	// sent, such as "/private/a.html" for "/private%2Fa.html" (see
	// served.Verdict); it is empty otherwise.
	Reading string

	// Purpose, for a refusal for usage, is the declared purpose robots.txt
	// refuses, and Source the line that refuses it: its number and its
	// field, Content-Usage or Content-Signal (a Content-Signal ai-train=no
	// refuses the purpose usage.TrainAI). Source is zero otherwise.
	Purpose usage.Category
	Source  usage.Source
}

// temporary reports whether the request is refused only for now, because
// the origin's robots.txt is unreachable.
func (e *DisallowedError) temporary() bool {
	return e.reason == "" && !e.Decision.Allowed && e.Result != nil && e.Result.Outcome == Unreachable
}

// Error names the URL, the agent and the rule that refused it, or the fetch
// outcome and when it is tried again; for usage, the purpose and the line
// that refuses it.
func (e *DisallowedError) Error() string {
	if e.Decision.Allowed {
		where := "robots.txt"
		if e.Result != nil {
			where = e.Result.FinalURL
		}
		if e.usageOverBudget() {
			return fmt.Sprintf("fetch: %s may not use %s for %s: %s: its Content-Usage rules were not matched, so they fail closed: %v",
				e.Agent, e.URL, e.Purpose.Label(), where, robots.ErrOverBudget)
		}
		return fmt.Sprintf("fetch: %s may not use %s for %s: %s %s says no",
			e.Agent, e.URL, e.Purpose.Label(), where, e.Source)
	}
	what := e.URL
	if e.Reading != "" {
		what += " (read as " + e.Reading + ")"
	}
	switch {
	case e.reason != "":
		return fmt.Sprintf("fetch: %s may not fetch %s: %s", e.Agent, what, e.reason)
	case e.Decision.OverBudget:
		return fmt.Sprintf("fetch: %s may not fetch %s: %s: %v", e.Agent, what, e.Result.FinalURL, robots.ErrOverBudget)
	case e.Decision.Line > 0:
		return fmt.Sprintf("fetch: %s may not fetch %s: %s line %d: Disallow: %s",
			e.Agent, what, e.Result.FinalURL, e.Decision.Line, e.Decision.Pattern)
	case e.temporary():
		return fmt.Sprintf("fetch: %s may not fetch %s before %s: %s, so everything is disallowed for now",
			e.Agent, what, e.Result.Expires.UTC().Format(time.RFC3339), e.Result)
	}
	return fmt.Sprintf("fetch: %s may not fetch %s: %s, so everything is disallowed",
		e.Agent, what, e.Result)
}

// Is reports whether target is ErrUsageRefused (when Decision allows the
// URL), ErrUnreachable (when the Result is Unreachable) or ErrDisallowed
// (otherwise).
func (e *DisallowedError) Is(target error) bool {
	if e.Decision.Allowed {
		return target == ErrUsageRefused
	}
	if e.temporary() {
		return target == ErrUnreachable
	}
	return target == ErrDisallowed
}

// Unwrap returns robots.ErrOverBudget when the Decision is OverBudget, the
// reason a URL is disallowed unmatched, or when a refusal for usage comes
// from Content-Usage rules that were not matched within the decision
// budget (Decision.UsageOverBudget); otherwise nil.
func (e *DisallowedError) Unwrap() error {
	if e.Decision.OverBudget || e.usageOverBudget() {
		return robots.ErrOverBudget
	}
	return nil
}

// usageOverBudget reports whether e refuses for usage because the
// Content-Usage rules could not be matched within the decision budget: the
// refusing source is then of no line (robots.Decision.UsageOverBudget).
func (e *DisallowedError) usageOverBudget() bool {
	return e.Decision.Allowed && e.Decision.UsageOverBudget && e.Source.Line == 0
}

// defaultMaxCrawlDelay caps the Crawl-delay a Transport waits out, whatever
// the file says (Crawl-delay: 86400000 would stop a crawler for 1,000 days).
const defaultMaxCrawlDelay = time.Minute

// A Transport is an http.RoundTripper that enforces robots.txt: before each
// request it consults its Cache for the request's origin and refuses the URL
// when the origin's robots.txt does not allow it, with a *DisallowedError:
// errors.Is(err, ErrDisallowed) when a rule forbids it, errors.Is(err,
// ErrUnreachable) when the file cannot be fetched for now (both also through
// http.Client's *url.Error). GET and HEAD requests for /robots.txt itself,
// the Cache's own requests and requests for other schemes than http and
// https always pass. Check answers as RoundTrip would for a URL, without
// sending it, for a crawler to ask before it queues the URL.
//
// # What is sent
//
// A request that is allowed goes out through Base as it was given: the
// request target is its URL's (url.URL.RequestURI: the escaped path and
// query), not rewritten in any way, and its headers are its own, except
// that a request with no User-Agent header is sent with UserAgent's (see
// that field), so that pages are fetched under the name robots.txt was
// read for. When there is none to give, net/http sends its own
// (Go-http-client/1.1).
//
// # What is refused
//
// A rule protects what a server serves, and servers read a path in more
// ways than RFC 9309's matching does. So a request is decided on the
// request target it carries, as sent (never on its URL written out again:
// user information may hold a ";"), and on each reading of it that a
// common server makes, and it is sent only when every reading is allowed:
//
//   - as sent;
//   - with dot segments removed as RFC 3986 5.2.4 does, escaped dots (%2E,
//     %2e) counting as dots and a segment's ";" parameters ignored
//     (/public/..;x/private is /private), and runs of slashes merged
//     (//private is /private), as most servers resolve a path
//     (served.CleanPath),
//     a final dot segment both leaving its "/" and not, as Go's path.Clean
//     (and so http.FileServer) reads /doc.pdf/x/.. as /doc.pdf;
//   - with more octets read as "/" before that, as servers that decode a
//     path before they resolve it read them: %2F, as Go's http.FileServer
//     (alone or behind http.StripPrefix) and a Go 1.22 ServeMux wildcard
//     read /private%2Fa.html as /private/a.html; "\", as WHATWG URL
//     parsers do; or %2F, %5C and "\", as servers on Windows do;
//   - with the ";" parameters of every segment removed before that, as
//     servlet containers (Tomcat, Jetty) read /secret;jsessionid=1/file as
//     /secret/file and /doc.pdf;x as /doc.pdf, or after;
//   - with both.
//
// RFC 9309 itself matches %2F as written, apart from "/" (2.2.2): to a
// server that splits a path before it decodes it, as most do, /a%2Fb is
// another resource than /a/b, with a name of one segment, and a rule for
// /a/ does not speak of it. So %2F is read as "/" only to refuse, never to
// allow, and what is sent is never rewritten. served.Decide gives the same
// verdict for a Matcher, and Result.Decide for a Result. Not covered: a second
// round of decoding (%252F read as "/"), case folding on servers with
// case-insensitive file systems, routers that take /admin/ for /admin
// (against Disallow: /admin$), and paths a server maps by rules of its own
// (rewrites, aliases): robots.txt speaks of URLs, and only its site's
// owner knows those.
//
// A request whose target is not a path ("*", a relative path, an opaque
// URL) or holds a space, a "#" or a control octet, which servers read in
// more ways than one, is refused too, with an error that is not a
// *DisallowedError.
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
	// the request's User-Agent header (UserAgent's when it has none), or
	// "*" (only the rules for every crawler) when these are empty too.
	Agent string

	// UserAgent is the User-Agent header sent with a request that has
	// none, such as "FooBot/1.0 (+https://foo.example/bot)": it should
	// carry the product token the rules are read for (RFC 9309 2.2.1).
	// Empty means the Cache's Fetcher.UserAgent; when both are empty, a
	// request without the header is sent without it, and net/http sends
	// its own. A request whose User-Agent is set, even to "", keeps it.
	UserAgent string

	// CrawlDelay makes requests to one origin wait out the Crawl-delay its
	// robots.txt sets for the crawler, at most MaxCrawlDelay, measured from
	// the start of the previous request, in real time. A request whose
	// context ends while it waits fails with its context's error. Off by
	// default: Crawl-delay is not part of RFC 9309.
	CrawlDelay bool

	// MaxCrawlDelay caps the Crawl-delay waited out. Zero means a
	// minute.
	MaxCrawlDelay time.Duration

	// Purposes are the uses the crawler makes of what it fetches, such as
	// usage.TrainAI for a crawler that trains models. A request whose URL
	// robots.txt allows, but for which it states that content may not be
	// used for one of these purposes (a Content-Usage rule or Content-Signal
	// line saying n or no), is refused before it is sent, with a
	// *DisallowedError (errors.Is(err, ErrUsageRefused)). Each purpose is
	// read in the combined view of the two vocabularies
	// (usage.Set.Combined): usage.TrainAI is refused by train-ai=n and by
	// ai-train=no alike. Only a stated no refuses: an unknown preference
	// lets the request through, and so does a Category outside the
	// vocabulary table. Nil declares no purpose and refuses nothing for
	// usage. robots.txt states only what is known before the request;
	// Preferences adds what the response states.
	Purposes []usage.Category

	once  sync.Once
	cache *Cache

	mu   sync.Mutex
	next map[string]time.Time // origin -> when its next request may start
}

// RoundTrip sends req through Base when robots.txt allows it.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	base := t.base()
	u := req.URL
	if (u.Scheme != "http" && u.Scheme != "https") || req.Context().Value(fetchingKey{}) != nil {
		return base.RoundTrip(req)
	}
	req = t.withUserAgent(req)
	res, agent, err := t.decide(req, base)
	if err != nil {
		closeBody(req)
		return nil, err
	}
	if t.CrawlDelay && res != nil {
		if delay := t.crawlDelay(res, agent); delay > 0 {
			if err := t.wait(req.Context(), res.Origin, delay); err != nil {
				closeBody(req)
				return nil, err
			}
		}
	}
	return base.RoundTrip(req)
}

// Check returns the error RoundTrip would return for a GET request for
// rawURL before sending it, or nil when RoundTrip would send it: it gets
// the origin's robots.txt from the Cache (fetching it through Base when it
// must) and decides as RoundTrip does, but sends nothing and waits out no
// Crawl-delay. A crawler calls it before it queues a URL, so as to queue
// only what the Transport will send. rawURL must be an absolute http or
// https URL: others are not checked by RoundTrip, and Check says so with
// an error.
func (t *Transport) Check(ctx context.Context, rawURL string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return fmt.Errorf("fetch: %w", err)
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return fmt.Errorf("fetch: %s is not an http or https URL: a Transport sends it unchecked", req.URL.Redacted())
	}
	_, _, err = t.decide(t.withUserAgent(req), t.base())
	return err
}

func (t *Transport) base() http.RoundTripper {
	if t.Base == nil {
		return http.DefaultTransport
	}
	return t.Base
}

// withUserAgent returns req, or a copy of it with t's User-Agent when it
// has no User-Agent header and t has one to give.
func (t *Transport) withUserAgent(req *http.Request) *http.Request {
	if _, ok := req.Header["User-Agent"]; ok {
		return req
	}
	ua := t.UserAgent
	if ua == "" {
		ua = t.getCache().Fetcher.UserAgent
	}
	if ua == "" {
		return req
	}
	req = req.Clone(req.Context())
	req.Header.Set("User-Agent", ua)
	return req
}

// decide decides req, an http or https request, as the Transport's doc
// says, fetching robots.txt through base when it must. It returns the
// robots.txt result and the agent it decided for, or why req may not be
// sent; the result is nil for a request for /robots.txt itself, which
// passes unchecked.
func (t *Transport) decide(req *http.Request, base http.RoundTripper) (*Result, string, error) {
	u := req.URL
	target, err := requestTarget(u)
	if err != nil {
		return nil, "", err
	}
	fetching := req.Method == "" || req.Method == http.MethodGet || req.Method == http.MethodHead
	robotsTxt := isRobotsTxt(u.EscapedPath())
	if robotsTxt && fetching {
		return nil, "", nil
	}
	res, err := t.result(req.Context(), base, req.Header.Get("User-Agent"), u.Scheme+"://"+u.Host)
	if err != nil {
		return nil, "", err
	}
	agent := t.agent(req)
	if robotsTxt && res.Outcome != Unavailable {
		// The file's rules always let /robots.txt through, but only to be
		// fetched (RFC 9309 2.2.2): another method is refused unless there
		// is no file, and so no rule at all.
		return nil, "", &DisallowedError{URL: u.Redacted(), Agent: agent, Result: res,
			reason: req.Method + " is not a method that fetches robots.txt"}
	}
	v := res.Decide(agent, res.Origin+target)
	if !v.Allowed {
		return nil, "", &DisallowedError{URL: u.Redacted(), Agent: agent, Decision: v.Decision, Result: res, Reading: v.Reading}
	}
	if err := t.refuseUsage(u.Redacted(), agent, v.Decision, res); err != nil {
		return nil, "", err
	}
	return res, agent, nil
}

// requestTarget returns the request target a request for u carries
// (url.URL.RequestURI), or why it is not one a Transport decides: u is
// opaque, or its target is not a path ("*", a relative path), or holds a
// space, a "#" or a control octet, which servers read in more ways than
// one (net/http writes a query as it is given).
func requestTarget(u *url.URL) (string, error) {
	if u.Opaque != "" {
		return "", fmt.Errorf("fetch: %s: an opaque URL is not checked against robots.txt, so it is not sent", u.Redacted())
	}
	target := u.RequestURI()
	if !strings.HasPrefix(target, "/") {
		return "", fmt.Errorf("fetch: %s: the request target %q is not a path, so it is not checked against robots.txt, nor sent", u.Redacted(), target)
	}
	for i := 0; i < len(target); i++ {
		if c := target[i]; c <= ' ' || c == '#' || c == 0x7F {
			return "", fmt.Errorf("fetch: %s: the request target holds %q, which servers read in more ways than one, so it is not sent", u.Redacted(), c)
		}
	}
	return target, nil
}

// isRobotsTxt reports whether the escaped path p is /robots.txt once
// canonical (/robots%2Etxt too), read as a path: "//x/robots.txt" is not.
func isRobotsTxt(p string) bool {
	return strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//") && normalize.Canonical.URL(p) == "/robots.txt"
}

// result returns the robots.txt result for rawURL's origin from t's Cache,
// fetching it, when it must, through base with the User-Agent ua.
func (t *Transport) result(ctx context.Context, base http.RoundTripper, ua, rawURL string) (*Result, error) {
	ctx = context.WithValue(ctx, viaKey{}, via{base: base, userAgent: ua})
	return t.getCache().Get(ctx, rawURL)
}

// getCache returns the Cache in use: Cache, or one of t's own.
func (t *Transport) getCache() *Cache {
	t.once.Do(func() {
		t.cache = t.Cache
		if t.cache == nil {
			t.cache = &Cache{}
		}
	})
	return t.cache
}

// crawlDelay returns the Crawl-delay res sets for agent, capped by
// MaxCrawlDelay.
func (t *Transport) crawlDelay(res *Result, agent string) time.Duration {
	if res.Outcome != OK || res.Robots == nil {
		return 0
	}
	delay, ok := res.Robots.Agent(agent).CrawlDelay()
	if !ok {
		return 0
	}
	most := t.MaxCrawlDelay
	if most <= 0 {
		most = defaultMaxCrawlDelay
	}
	return min(delay, most)
}

// agent returns the product token the rules are read for.
func (t *Transport) agent(req *http.Request) string {
	if t.Agent != "" {
		return t.Agent
	}
	if tok := productToken(t.getCache().Fetcher.UserAgent); tok != "" {
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
