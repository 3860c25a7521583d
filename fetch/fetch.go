// Package fetch gets robots.txt files over HTTP the way RFC 9309 asks
// crawlers to (sections 2.3 and 2.4), keeps them in a per-origin cache, and
// enforces them on outgoing requests.
//
// A Fetcher fetches one origin's robots.txt and says what came of it: the
// parsed file (OK), no file, so everything is allowed (Unavailable, a 4xx
// status), or no answer, so everything is disallowed (Unreachable: a 5xx
// status, 429, a network error or a timeout). A crawler that fetches the
// file itself gets the same Result from what it has, under the same policy,
// with Fetcher.FromResponse or Fetcher.FromStatus. A Cache keeps one Result
// per origin while it is fresh, fetches each origin once however many
// goroutines ask at the same time, and keeps using the last good copy for a
// while when a host stops answering. A Transport is an http.RoundTripper
// that consults a Cache before each request and refuses the URLs robots.txt
// disallows, telling a rule's lasting refusal (ErrDisallowed: drop the URL)
// from an unreachable file's passing one (ErrUnreachable: retry later):
//
//	cache := &fetch.Cache{Fetcher: fetch.Fetcher{UserAgent: "FooBot/1.0 (+https://foo.example/bot)"}}
//	client := &http.Client{Transport: &fetch.Transport{Cache: cache}}
//	resp, err := client.Get("https://example.com/private/page")
//	switch {
//	case errors.Is(err, fetch.ErrDisallowed):
//		// drop the URL: the error names the deciding line
//	case errors.Is(err, fetch.ErrUnreachable):
//		// keep the URL: try again after the error's Result.Expires
//	}
//
// A rule protects what a server serves, so a Transport decides a request
// on its target as sent and on each reading of it that a common server
// makes (dot segments resolved, %2F read as "/", ";" parameters dropped;
// see Transport), and sends it unchanged only when all are allowed.
// Transport.Check gives its answer for a URL before the crawler queues it,
// served.Decide for a Matcher, and Result.Decide for a Result.
//
// robots.txt also states usage preferences: what may be done with the
// content of a URL it allows (Content-Usage rules, Content-Signal lines;
// package usage). A Transport told the crawl's Purposes (usage.TrainAI
// for a crawler that trains models) refuses, before sending it, a request
// for which robots.txt says no to one of them, with a *DisallowedError
// (ErrUsageRefused: do not fetch the URL for that purpose). A response
// states preferences too, in its headers and META tags, which are known
// only once it has come: Transport.Preferences (or Result.Preferences)
// combines them with robots.txt's for the response's URL, any no winning,
// each answer with the line or header it came from, for the crawler to
// store with the content.
//
// The policy, status by status:
//
//	2xx                     OK           the file's rules
//	301 302 303 307 308     follow       up to MaxRedirects, across hosts, http and https only; the rules apply to the first origin
//	one redirect too many   Unavailable  everything allowed
//	redirect to another scheme, or not followed
//	                        Unreachable  everything disallowed
//	4xx but 429             Unavailable  everything allowed
//	401 403, AuthDisallows  Restricted   everything disallowed
//	429 5xx, other statuses Unreachable  everything disallowed
//	network error, timeout  Unreachable  everything disallowed
//	body cut short          Unreachable  everything disallowed
//
// A body is read up to the parse limit and normalize.Slack more, never
// further, and parsed as package normalize says: a declared charset applies
// only to a body that is not valid UTF-8.
//
// GET and HEAD of /robots.txt itself are always allowed.
//
// Bounds: a fetch takes at most Fetcher.Timeout (DefaultTimeout, 30 s) and
// reads at most the parse limit plus normalize.Slack octets of body; a Cache
// keeps at most MaxBytes octets as it estimates them (2 KiB an entry plus
// 16 octets per octet of its body; 256 MiB by default: 21,000 files of the
// median size of 1,613 real ones, 657 octets, or 5,900 of their mix) and
// MaxEntries origins (131,072 by default, as many as the default MaxBytes
// holds of the smallest entries), beside the origins being fetched, and
// runs at most one refresh per origin; a Transport waits out a Crawl-delay
// of at most MaxCrawlDelay (60 s by default).
package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/policy"
	"github.com/robotsexclusion/robots/normalize"
	"github.com/robotsexclusion/robots/served"
)

// DefaultTimeout bounds one fetch, redirects and body included, when
// Fetcher.Timeout is zero.
const DefaultTimeout = 30 * time.Second

// Defaults of the Fetcher's other fields (stated in their docs).
const (
	defaultMaxAge = 24 * time.Hour // RFC 9309 2.4: no cached copy is used for longer
	defaultMinAge = time.Minute    // no result is fetched again sooner
)

// MaxRedirects is how many consecutive redirects a fetch follows, the five
// that RFC 9309 2.3.1.2 asks for. One more makes the file Unavailable.
const MaxRedirects = 5

// An Outcome says what fetching a robots.txt came to, in the terms of
// RFC 9309 section 2.3.1.
type Outcome int

const (
	// OK: the file was fetched (a 2xx status, perhaps after redirects) and
	// its rules apply.
	OK Outcome = iota
	// Unavailable: the server says there is no file (a 4xx status other than
	// 429), or it redirected more than MaxRedirects times. Everything is
	// allowed (RFC 9309 2.3.1.3).
	Unavailable
	// Unreachable: the server did not answer with a file or a clear "none":
	// a 5xx status, 429, any status not named elsewhere, a network error, a
	// timeout, or a body cut short. Everything is disallowed
	// (RFC 9309 2.3.1.4).
	Unreachable
	// Restricted: the server refused access to the file (401 or 403) and the
	// Fetcher's AuthDisallows is set. Everything is disallowed, as the 1996
	// draft and "HTTP: The Definitive Guide" recommend.
	Restricted
)

var outcomeNames = [...]string{OK: "ok", Unavailable: "unavailable", Unreachable: "unreachable", Restricted: "restricted"}

// String returns the outcome's name in lower case: "ok", "unavailable",
// "unreachable" or "restricted".
func (o Outcome) String() string {
	if o >= 0 && int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}

// A Result is what fetching one origin's robots.txt came to. Results are
// shared by the Cache: do not modify them.
type Result struct {
	// Origin is scheme://host[:port], what the rules apply to and what the
	// Cache keys them by, written so that one origin always reads the same:
	// the host in lower case (an IPv6 zone aside), a name in its IDNA ASCII
	// form without a final dot, the scheme's default port omitted. The
	// robots.txt URL requested first is Origin + "/robots.txt".
	Origin string

	FinalURL    string         // the URL of the last request, after redirects
	Redirects   int            // how many redirects were followed
	Outcome     Outcome        // what the rules are
	Status      int            // the HTTP status of the last response; 0 when there was none
	ContentType string         // the Content-Type header of the last response
	Err         error          // what went wrong, when it was not only a status: a network error, a timeout, too many redirects
	Robots      *robots.Robots // the parsed file when Outcome is OK; nil otherwise
	Source      *robots.Source // the file's text and line table when Outcome is OK and Fetcher.KeepSource is set; nil otherwise
	Size        int            // octets of the body read (after gzip decoding)
	Truncated   bool           // the body was longer than the parse limit; the rest was not read
	Fetched     time.Time      // when the last response arrived, or the fetch failed
	Expires     time.Time      // until when the result is fresh, and so when a Cache fetches the file again (an Unreachable one's refusals may end then)

	// Refresh is set when the Cache keeps using a good copy because fetching
	// the file again found the host unreachable: it is that failed fetch, and
	// the other fields describe the copy (Expires excepted: it is when the
	// Cache tries again). It is nil otherwise.
	Refresh *Result
}

// Decide reports whether the crawler with the given product token may fetch
// url under this result: by the file's rules when Outcome is OK; everything
// is allowed when Unavailable, and everything but /robots.txt disallowed
// when Unreachable or Restricted, with no deciding line (Line 0). url is an
// absolute URL or a path-absolute reference, decided as a Transport decides
// a request (see served.Decide): its path and query as sent, and every
// reading of them that a common server makes.
func (r *Result) Decide(agent, url string) served.Verdict {
	switch r.Outcome {
	case OK:
		if r.Robots != nil {
			return served.Decide(r.Robots.Agent(agent), url)
		}
		return served.Verdict{Decision: robots.Decision{Allowed: true}}
	case Unavailable:
		return served.Verdict{Decision: robots.Decision{Allowed: true}}
	default:
		// The engine still decides, so that /robots.txt is recognized as it
		// is everywhere else; the line of this made-up file is not shown.
		v := served.Decide(disallowAll(), url)
		return served.Verdict{Decision: robots.Decision{Allowed: v.Allowed}, Reading: v.Reading}
	}
}

// String describes the result in one line, for logs and tools:
//
//	https://example.com/robots.txt: ok (200 OK)
//	https://example.com/robots.txt: unreachable (503 Service Unavailable)
//	https://example.com/robots.txt: ok (200 OK), a copy fetched 2025-06-01T10:00:00Z: now unreachable (503 Service Unavailable)
func (r *Result) String() string {
	s := r.Origin + "/robots.txt: " + r.Outcome.String() + " (" + r.cause() + ")"
	if r.Refresh != nil {
		s += ", a copy fetched " + r.Fetched.UTC().Format(time.RFC3339) + ": now " + r.Refresh.Outcome.String() + " (" + r.Refresh.cause() + ")"
	}
	return s
}

// cause says why a result is what it is: its status, its error, and where
// its redirects led.
func (r *Result) cause() string {
	var parts []string
	if r.Status != 0 {
		st := strconv.Itoa(r.Status)
		if text := http.StatusText(r.Status); text != "" {
			st += " " + text
		}
		parts = append(parts, st)
	}
	if r.Redirects > 0 && r.Err == nil {
		plural := "s"
		if r.Redirects == 1 {
			plural = ""
		}
		parts = append(parts, fmt.Sprintf("from %s after %d redirect%s", r.FinalURL, r.Redirects, plural))
	}
	if r.Err != nil {
		parts = append(parts, r.Err.Error())
	}
	if len(parts) == 0 {
		return "no response"
	}
	return strings.Join(parts, ", ")
}

var disallowAll = sync.OnceValue(func() *robots.Matcher {
	return robots.Parse([]byte("User-agent: *\nDisallow: /\n")).Agent("*")
})

// A Fetcher fetches robots.txt files. Its zero value is ready to use, with
// http.DefaultClient and the defaults below. A Fetcher is safe for
// concurrent use; do not change its fields once it is in use.
type Fetcher struct {
	// Client sends the requests; nil means http.DefaultClient. When a
	// Transport asks for the file and Client has no Transport of its own,
	// the request goes through that Transport's Base instead. Its
	// Transport, Jar and Timeout are used, but not its CheckRedirect: the
	// Fetcher follows redirects itself, as RFC 9309 2.3.1.2 describes.
	// Responses are gzip-decoded when the server sends gzip, whether or not
	// the transport asked for it.
	Client *http.Client

	// UserAgent is the User-Agent header of each request. It should carry
	// the crawler's product token (RFC 9309 2.2.1), since servers may answer
	// crawlers differently. Empty means the User-Agent of the request a
	// Transport guards, or else the Client's default.
	UserAgent string

	// Timeout bounds one fetch, redirects and body included. Zero means
	// DefaultTimeout. A fetch that takes longer is Unreachable.
	Timeout time.Duration

	// ParseLimit is how many octets of the body are read and parsed, as in
	// robots.WithParseLimit; zero or less means robots.DefaultParseLimit.
	// Past it only the rest of the straddling line is read (normalize.Slack,
	// 64 KiB, at most; a longer line is cut as normalize.Slack says), and the
	// connection is closed without reading on.
	ParseLimit int

	// ParseOptions are more options for robots.Parse, such as
	// robots.WithDialect. The Fetcher's own parse limit and the response's
	// charset come after them.
	ParseOptions []robots.Option

	// KeepSource makes a 2xx result keep the file's Source beside its
	// rules (Result.Source), for tools that lint what they fetched: the
	// body is then read with robots.ParseSource, in the same single pass.
	KeepSource bool

	// AuthDisallows makes 401 and 403 mean "everything disallowed"
	// (Restricted) instead of "no file, everything allowed" (Unavailable,
	// as RFC 9309 says for every 4xx status).
	AuthDisallows bool

	// MaxAge caps how long a result is fresh. Zero means the 24 hours
	// of RFC 9309 2.4. Within it a result is fresh for the
	// response's Cache-Control max-age, or failing that its Expires header,
	// or failing both for MaxAge.
	MaxAge time.Duration

	// MinAge is the least time a result is fresh, so that a file served with
	// max-age=0 or no-cache, or a host that is unreachable, is not fetched
	// again before every request. Zero means a minute; an unreachable
	// host is tried again after MinAge or its Retry-After, whichever is
	// later (and never after MaxAge).
	MinAge time.Duration

	clock func() time.Time // the current time; nil means time.Now (tests move it along)
}

func (f *Fetcher) now() time.Time {
	if f.clock != nil {
		return f.clock()
	}
	return time.Now()
}

func (f *Fetcher) timeout() time.Duration {
	if f.Timeout > 0 {
		return f.Timeout
	}
	return DefaultTimeout
}

func (f *Fetcher) maxAge() time.Duration {
	if f.MaxAge > 0 {
		return f.MaxAge
	}
	return defaultMaxAge
}

func (f *Fetcher) minAge() time.Duration {
	if f.MinAge > 0 {
		return min(f.MinAge, f.maxAge())
	}
	return min(defaultMinAge, f.maxAge())
}

func (f *Fetcher) parseLimit() int {
	return max(f.ParseLimit, robots.DefaultParseLimit)
}

// fetchingKey marks the context of the Fetcher's own requests, so that a
// Transport used by the Fetcher's Client lets them through unchecked.
type fetchingKey struct{}

// Fetch fetches the robots.txt of rawURL's origin. It fails only when rawURL
// is not an absolute http or https URL; whatever happens on the network is
// told by the Result's Outcome, Status and Err. When ctx ends first, the
// Result is Unreachable and its Err wraps ctx's error.
func (f *Fetcher) Fetch(ctx context.Context, rawURL string) (*Result, error) {
	origin, err := policy.Origin(rawURL)
	if err != nil {
		return nil, err
	}
	return f.fetch(ctx, origin), nil
}

// via is how a Transport asks its Cache to fetch: through the Transport's
// Base, with the User-Agent of the request it guards, when the Fetcher does
// not say otherwise. It travels in the context, under viaKey.
type via struct {
	base      http.RoundTripper
	userAgent string
}

type viaKey struct{}

// fetch fetches origin's robots.txt, following redirects itself so that it
// can count them, keep the first origin, and follow only http and https.
func (f *Fetcher) fetch(ctx context.Context, origin string) *Result {
	ctx, cancel := context.WithTimeout(ctx, f.timeout())
	defer cancel()
	v, _ := ctx.Value(viaKey{}).(via)
	ctx = context.WithValue(ctx, fetchingKey{}, true)

	client := http.DefaultClient
	if f.Client != nil {
		client = f.Client
	}
	c := *client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	if c.Transport == nil && v.base != nil {
		c.Transport = v.base
	}
	userAgent := f.UserAgent
	if userAgent == "" {
		userAgent = v.userAgent
	}

	res := &Result{Origin: origin}
	target := origin + "/robots.txt"
	for {
		res.FinalURL = target
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
		if err != nil {
			return f.failed(res, nil, fmt.Errorf("fetch: %w", err))
		}
		if userAgent != "" {
			req.Header.Set("User-Agent", userAgent)
		}
		resp, err := c.Do(req)
		res.Fetched = f.now()
		if err != nil {
			return f.failed(res, nil, err)
		}
		if !policy.IsRedirect(resp.StatusCode) {
			return f.decide(res, resp)
		}
		res.Status = resp.StatusCode
		res.ContentType = resp.Header.Get("Content-Type")
		loc := resp.Header.Get("Location")
		discard(resp.Body)
		if loc == "" {
			return f.failed(res, resp, fmt.Errorf("fetch: %s: status %d without a Location header", target, resp.StatusCode))
		}
		next, err := resp.Request.URL.Parse(loc)
		if err != nil {
			return f.failed(res, resp, fmt.Errorf("fetch: %s redirects to a bad location: %w", target, err))
		}
		if scheme := strings.ToLower(next.Scheme); scheme != "http" && scheme != "https" {
			// Another scheme is not the web: a file: or data: URL would be
			// read from this machine, not from the origin.
			return f.failed(res, resp, fmt.Errorf("fetch: %s redirects to %s: only http and https redirects are followed", target, next.Redacted()))
		}
		if res.Redirects == MaxRedirects {
			res.Outcome = Unavailable
			res.Err = fmt.Errorf("fetch: more than %d redirects (the last from %s to %s)", MaxRedirects, target, next)
			res.Expires = f.expires(res.Fetched, resp.Header)
			return res
		}
		res.Redirects++
		next.Fragment, next.RawFragment = "", ""
		target = next.String()
	}
}

// decide makes res of a final response, one not followed further: the one
// place where a status becomes an Outcome (see the package comment). It
// reads a 2xx body and closes resp.Body in every case.
func (f *Fetcher) decide(res *Result, resp *http.Response) *Result {
	res.Status = resp.StatusCode
	res.ContentType = resp.Header.Get("Content-Type")
	code := resp.StatusCode
	switch {
	case 200 <= code && code <= 299:
		defer resp.Body.Close()
		return f.parse(res, resp)
	case policy.IsRedirect(code):
		discard(resp.Body)
		return f.failed(res, resp, fmt.Errorf("fetch: %s: status %d, a redirect that was not followed", res.FinalURL, code))
	case code == http.StatusTooManyRequests || code < 400 || code > 499:
		discard(resp.Body)
		return f.failed(res, resp, nil)
	case (code == http.StatusUnauthorized || code == http.StatusForbidden) && f.AuthDisallows:
		discard(resp.Body)
		res.Outcome = Restricted
		res.Expires = f.expires(res.Fetched, resp.Header)
		return res
	default:
		discard(resp.Body)
		res.Outcome = Unavailable
		res.Expires = f.expires(res.Fetched, resp.Header)
		return res
	}
}

// FromResponse turns a robots.txt response the caller fetched itself into
// the Result that Fetch would give, under the same policy: the status
// decides (4xx but 429: Unavailable, everything allowed; 5xx and 429:
// Unreachable, everything disallowed; see the package comment), and a 2xx
// body is read as Fetch reads it, gzip, the parse limit and the declared
// charset included. Only the Fetcher's fields that say how to read and keep
// a response apply (ParseLimit, ParseOptions, AuthDisallows, MaxAge,
// MinAge); nothing is fetched.
//
// The rules apply to the origin of the first request: FromResponse walks
// back resp.Request's redirect chain (as http.Client records it) to find it
// and counts the redirects. A 3xx response, a redirect the caller did not
// follow, is Unreachable, and so is a response the client got by following
// a redirect out of http and https (to a file: URL, say). FromResponse reads at most the parse limit plus
// normalize.Slack octets of resp.Body and closes it. It fails only when the
// response has no request with an absolute http or https URL.
func (f *Fetcher) FromResponse(resp *http.Response) (*Result, error) {
	if resp == nil || resp.Request == nil || resp.Request.URL == nil {
		if resp != nil && resp.Body != nil {
			resp.Body.Close()
		}
		return nil, errors.New("fetch: FromResponse: a response without its request")
	}
	first, redirects, other := resp.Request, 0, ""
	for {
		if scheme := strings.ToLower(first.URL.Scheme); scheme != "http" && scheme != "https" {
			other = first.URL.Redacted()
		}
		if first.Response == nil || first.Response.Request == nil {
			break
		}
		first = first.Response.Request
		redirects++
	}
	firstURL := first.URL.String()
	origin, err := policy.Origin(firstURL)
	if err != nil {
		resp.Body.Close()
		return nil, err
	}
	final := firstURL // no redirect: the first request is the last
	if first != resp.Request {
		final = resp.Request.URL.String()
	}
	res := &Result{Origin: origin, FinalURL: final,
		Redirects: redirects, Fetched: f.now()}
	if other != "" {
		discard(resp.Body)
		res.Status = resp.StatusCode
		return f.failed(res, resp, fmt.Errorf("fetch: redirected to %s: only http and https redirects are followed", other)), nil
	}
	return f.decide(res, resp), nil
}

// FromStatus turns what a crawler fetched itself, the status, headers and
// body of the response to robotsURL (the robots.txt URL, or any URL of its
// origin), into the Result that Fetch would give: FromResponse without a
// response. The body is the content as received, any Content-Encoding
// already decoded; at most the parse limit plus normalize.Slack octets of
// it are read. header may be nil. It fails only when robotsURL is not an
// absolute http or https URL.
func (f *Fetcher) FromStatus(robotsURL string, status int, header http.Header, body []byte) (*Result, error) {
	origin, err := policy.Origin(robotsURL)
	if err != nil {
		return nil, err
	}
	if header == nil {
		header = http.Header{}
	}
	resp := &http.Response{StatusCode: status, Header: header, Uncompressed: true,
		Body: io.NopCloser(bytes.NewReader(body))}
	res := &Result{Origin: origin, FinalURL: origin + "/robots.txt", Fetched: f.now()}
	return f.decide(res, resp), nil
}

// parse reads and parses a 2xx response's body.
func (f *Fetcher) parse(res *Result, resp *http.Response) *Result {
	body := io.Reader(resp.Body)
	declared := int64(-1) // the length of body, as the response declares it
	switch enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))); {
	case resp.Uncompressed || enc == "" || enc == "identity":
		declared = resp.ContentLength
	case enc == "gzip" || enc == "x-gzip":
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return f.failed(res, resp, fmt.Errorf("fetch: reading %s: %w", res.FinalURL, err))
		}
		body = zr
	default:
		return f.failed(res, resp, fmt.Errorf("fetch: %s: unsupported Content-Encoding %q", res.FinalURL, enc))
	}
	text, err := readBody(body, f.parseLimit(), declared)
	res.Fetched = f.now()
	if err != nil {
		return f.failed(res, resp, fmt.Errorf("fetch: reading %s: %w", res.FinalURL, err))
	}
	opts := append(slices.Clip(f.ParseOptions), robots.WithParseLimit(f.parseLimit()))
	// A media type without parameters has no charset: most have none.
	if strings.IndexByte(res.ContentType, ';') >= 0 {
		if _, params, err := mime.ParseMediaType(res.ContentType); err == nil && params["charset"] != "" {
			opts = append(opts, robots.WithCharset(params["charset"]))
		}
	}
	res.Outcome = OK
	if f.KeepSource {
		res.Robots, res.Source = robots.ParseSource(text, opts...)
	} else {
		res.Robots = robots.Parse(text, opts...)
	}
	res.Size = len(text)
	// ReadBody stops at the parse limit and its slack: a body that long may
	// go on. Otherwise Parse says whether it dropped anything.
	res.Truncated = len(text) >= f.parseLimit()+normalize.Slack || res.Robots.Truncated()
	res.Expires = f.expires(res.Fetched, resp.Header)
	return res
}

// readBody reads a body as normalize.ReadBody does, in one buffer of the
// length the response declares when it declares one below the limit: the
// most common case, where ReadBody's buffer, which starts small and
// doubles, would be allocated two or three times over. A body longer than
// it declares is read on by ReadBody, from its first octets.
func readBody(body io.Reader, limit int, declared int64) ([]byte, error) {
	if declared < 0 || declared >= int64(min(limit, normalize.MaxLimit)) {
		return normalize.ReadBody(body, limit)
	}
	// One octet more than declared, to see the end without a second
	// buffer: ReadBody keeps the limit (at most MaxLimit) and Slack more,
	// so it would have kept all of these.
	buf := make([]byte, 0, declared+1)
	for len(buf) < cap(buf) {
		k, err := body.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+k]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
	return normalize.ReadBody(io.MultiReader(bytes.NewReader(buf), body), limit)
}

// failed makes res Unreachable: everything disallowed until MinAge has
// passed, or the response's Retry-After.
func (f *Fetcher) failed(res *Result, resp *http.Response, err error) *Result {
	res.Outcome = Unreachable
	res.Err = err
	if res.Fetched.IsZero() {
		res.Fetched = f.now()
	}
	wait := f.minAge()
	if resp != nil {
		if d, ok := retryAfter(resp.Header.Get("Retry-After"), res.Fetched); ok && d > wait {
			wait = min(d, f.maxAge())
		}
	}
	res.Expires = res.Fetched.Add(wait)
	return res
}

// expires returns until when a response fetched at t is fresh: its
// Cache-Control max-age, or its Expires header, less its Age, kept between
// MinAge and MaxAge. Without either header it is MaxAge.
func (f *Fetcher) expires(t time.Time, h http.Header) time.Time {
	life, ok := freshness(h, t)
	if !ok {
		life = f.maxAge()
	}
	life = min(max(life, f.minAge()), f.maxAge())
	return t.Add(life)
}

// freshness reads the freshness lifetime a response received at now
// declares (RFC 9111 4.2.1), less its Age, and whether it declares one: the
// first valid max-age of its Cache-Control header, or failing that its
// Expires header measured from its Date header (or now). no-store and
// no-cache declare none worth keeping.
func freshness(h http.Header, now time.Time) (time.Duration, bool) {
	var life time.Duration
	found := false
	for _, line := range h.Values("Cache-Control") {
		for _, d := range strings.Split(line, ",") {
			name, value, _ := strings.Cut(strings.TrimSpace(d), "=")
			switch strings.ToLower(strings.TrimSpace(name)) {
			case "no-store", "no-cache":
				return 0, true
			case "max-age":
				secs, ok := deltaSeconds(strings.Trim(strings.TrimSpace(value), `"`))
				if ok && !found {
					life, found = seconds(secs), true
				}
			}
		}
	}
	if !found {
		v := h.Get("Expires")
		if v == "" {
			return 0, false
		}
		exp, err := http.ParseTime(v)
		if err != nil {
			return 0, true // an invalid Expires means already expired
		}
		if date, err := http.ParseTime(h.Get("Date")); err == nil {
			now = date
		}
		life = exp.Sub(now)
	}
	if age, ok := deltaSeconds(strings.TrimSpace(h.Get("Age"))); ok {
		life -= seconds(age)
	}
	return max(life, 0), true
}

// deltaSeconds reads delta-seconds (RFC 9111 1.2.2): one or more digits.
// A value too large for an int64 is read as 2^31, as the RFC asks, rather
// than dropped.
func deltaSeconds(v string) (int64, bool) {
	if v == "" {
		return 0, false
	}
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 1 << 31, true // only digits: the error is ErrRange
	}
	return n, true
}

// seconds converts a count of seconds to a Duration, saturating.
func seconds(n int64) time.Duration {
	const most = int64(1<<63-1) / int64(time.Second)
	return time.Duration(min(n, most)) * time.Second
}

// retryAfter reads a Retry-After header, seconds or an HTTP date, as a
// delay from now.
func retryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, ok := deltaSeconds(v); ok {
		return seconds(secs), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// discard reads a little of a body that is not used, so that the connection
// may be reused, and closes it.
func discard(body io.ReadCloser) {
	io.CopyN(io.Discard, body, 4<<10)
	body.Close()
}
