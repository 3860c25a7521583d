package fetch

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// shop is a loopback site with a robots.txt and pages; it counts requests
// by path.
type shop struct {
	*httptest.Server
	mu   sync.Mutex
	hits map[string]int
}

func newShop(t *testing.T, status int, robotsTxt string) *shop {
	s := &shop{hits: map[string]int{}}
	s.Server = serve(t, func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		s.mu.Unlock()
		if r.URL.Path == "/robots.txt" {
			w.WriteHeader(status)
			io.WriteString(w, robotsTxt)
			return
		}
		io.WriteString(w, "page "+r.URL.Path)
	})
	return s
}

func (s *shop) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// newCrawler returns a client whose Transport enforces robots.txt for
// FooBot.
func newCrawler(t *testing.T) (*http.Client, *Transport) {
	base := &http.Transport{}
	t.Cleanup(base.CloseIdleConnections)
	tr := &Transport{
		Base:  base,
		Cache: &Cache{Fetcher: Fetcher{Client: &http.Client{Transport: base}, UserAgent: "FooBot/1.0", Timeout: 5 * time.Second}},
	}
	return &http.Client{Transport: tr}, tr
}

func TestTransport(t *testing.T) {
	s := newShop(t, 200, "User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\n\nUser-agent: *\nDisallow: /\n")
	client, _ := newCrawler(t)
	for _, tt := range []struct {
		path    string
		allowed bool
		line    int
	}{
		{"/", true, 0},
		{"/public", true, 0},
		{"/private/ok", true, 3},
		{"/private", false, 2},
		{"/private/secret?q=1", false, 2},
		{"/robots.txt", true, 0},
		{"/robots.txt?x=1", true, 0},
	} {
		resp, err := client.Get(s.URL + tt.path)
		if tt.allowed {
			if err != nil {
				t.Errorf("%s: %v", tt.path, err)
				continue
			}
			resp.Body.Close()
			continue
		}
		if err == nil {
			resp.Body.Close()
			t.Errorf("%s: allowed, want refused", tt.path)
			continue
		}
		var de *DisallowedError
		if !errors.Is(err, ErrDisallowed) || !errors.As(err, &de) {
			t.Errorf("%s: err = %v, want ErrDisallowed", tt.path, err)
			continue
		}
		if de.Decision.Line != tt.line || de.Agent != "FooBot" || de.Result.Outcome != OK {
			t.Errorf("%s: %+v", tt.path, de)
		}
		if msg := err.Error(); !strings.Contains(msg, "robots.txt line 2: Disallow: /private") {
			t.Errorf("%s: message %q does not name the line", tt.path, msg)
		}
	}
	if n := s.count("/private"); n != 0 {
		t.Errorf("the server got %d refused requests", n)
	}
	// One fetch by the cache; the two requests for /robots.txt passed unchecked.
	if n := s.count("/robots.txt"); n != 3 {
		t.Errorf("/robots.txt requested %d times, want 3", n)
	}
}

func TestTransportUnreachable(t *testing.T) {
	s := newShop(t, 503, "")
	client, _ := newCrawler(t)
	_, err := client.Get(s.URL + "/page")
	var de *DisallowedError
	if !errors.As(err, &de) || de.Decision.Line != 0 || de.Result.Outcome != Unreachable {
		t.Fatalf("err = %v", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "unreachable (503 Service Unavailable), so everything is disallowed") {
		t.Errorf("message %q", msg)
	}
	resp, err := client.Get(s.URL + "/robots.txt")
	if err != nil {
		t.Fatalf("/robots.txt refused: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != 503 {
		t.Errorf("status %d", resp.StatusCode)
	}
}

func TestTransportAgent(t *testing.T) {
	s := newShop(t, 200, "User-agent: FooBot\nDisallow: /foo\n\nUser-agent: *\nDisallow: /all\n")
	for _, tt := range []struct {
		agent, userAgent string
		refused          string // the path refused; the other passes
	}{
		{"FooBot", "", "/foo"},
		{"", "FooBot/2.1 (+https://foo.example/bot)", "/foo"},
		{"", "", "/all"},
		{"BarBot", "FooBot/1.0", "/all"},
	} {
		base := &http.Transport{}
		t.Cleanup(base.CloseIdleConnections)
		client := &http.Client{Transport: &Transport{Base: base, Agent: tt.agent,
			Cache: &Cache{Fetcher: Fetcher{Client: &http.Client{Transport: base}, UserAgent: tt.userAgent}}}}
		for _, p := range []string{"/foo", "/all"} {
			resp, err := client.Get(s.URL + p)
			if err == nil {
				resp.Body.Close()
			}
			if refused := errors.Is(err, ErrDisallowed); refused != (p == tt.refused) {
				t.Errorf("agent %q, user agent %q: %s refused %v (%v)", tt.agent, tt.userAgent, p, refused, err)
			}
		}
	}
}

func TestTransportZero(t *testing.T) {
	s := newShop(t, 200, "User-agent: *\nDisallow: /no\n")
	client := &http.Client{Transport: &Transport{}}
	t.Cleanup(http.DefaultTransport.(*http.Transport).CloseIdleConnections)
	resp, err := client.Get(s.URL + "/yes")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if _, err := client.Get(s.URL + "/no"); !errors.Is(err, ErrDisallowed) {
		t.Errorf("err = %v", err)
	}
}

// closeTracker is a request body that records whether it was closed.
type closeTracker struct {
	io.Reader
	closed atomic.Bool
}

func (c *closeTracker) Close() error { c.closed.Store(true); return nil }

func TestTransportClosesBody(t *testing.T) {
	s := newShop(t, 200, "User-agent: *\nDisallow: /no\n")
	client, _ := newCrawler(t)
	body := &closeTracker{Reader: strings.NewReader("data")}
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/no", body)
	if _, err := client.Do(req); !errors.Is(err, ErrDisallowed) {
		t.Fatalf("err = %v", err)
	}
	if !body.closed.Load() {
		t.Errorf("the refused request's body was not closed")
	}
}

func TestTransportConcurrent(t *testing.T) {
	s := newShop(t, 200, "User-agent: *\nDisallow: /no\n")
	client, _ := newCrawler(t)
	var wg sync.WaitGroup
	var refused atomic.Int32
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path := "/yes"
			if i%2 == 1 {
				path = "/no"
			}
			resp, err := client.Get(s.URL + path)
			switch {
			case errors.Is(err, ErrDisallowed):
				refused.Add(1)
			case err != nil:
				t.Error(err)
			default:
				resp.Body.Close()
			}
		}()
	}
	wg.Wait()
	if n := s.count("/robots.txt"); n != 1 {
		t.Errorf("%d robots.txt fetches, want 1", n)
	}
	if refused.Load() != 25 || s.count("/yes") != 25 || s.count("/no") != 0 {
		t.Errorf("refused %d, /yes %d, /no %d", refused.Load(), s.count("/yes"), s.count("/no"))
	}
}

// A Cache whose Fetcher sends its requests through the Transport that uses
// the Cache must not wait for itself, even when robots.txt redirects to
// another path.
func TestTransportFetchesThroughItself(t *testing.T) {
	var hits atomic.Int32
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "/rules/robots-file", http.StatusFound)
		case "/rules/robots-file":
			io.WriteString(w, "User-agent: *\nDisallow: /rules/\n")
		default:
			io.WriteString(w, "page")
		}
	})
	base := &http.Transport{}
	t.Cleanup(base.CloseIdleConnections)
	tr := &Transport{Base: base, Cache: &Cache{}}
	client := &http.Client{Transport: tr, Timeout: 5 * time.Second}
	tr.Cache.Fetcher.Client = client
	resp, err := client.Get(srv.URL + "/page")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if _, err := client.Get(srv.URL + "/rules/robots-file"); !errors.Is(err, ErrDisallowed) {
		t.Errorf("err = %v", err)
	}
}

func TestTransportCrawlDelay(t *testing.T) {
	s := newShop(t, 200, "User-agent: *\nCrawl-delay: 0.1\nDisallow: /no\n")
	client, tr := newCrawler(t)
	tr.CrawlDelay = true
	start := time.Now()
	for range 3 {
		resp, err := client.Get(s.URL + "/page")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if took := time.Since(start); took < 200*time.Millisecond {
		t.Errorf("three requests with a crawl-delay of 0.1s took %v", took)
	}

	// A request whose context ends while it waits fails, and gives its
	// slot back.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+"/page", nil)
	if _, err := client.Do(req); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if n := s.count("/page"); n != 3 {
		t.Errorf("the server got %d requests, want 3", n)
	}

	// Without the option, no waiting.
	tr.CrawlDelay = false
	start = time.Now()
	for range 3 {
		resp, err := client.Get(s.URL + "/page")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if took := time.Since(start); took >= 100*time.Millisecond {
		t.Errorf("without CrawlDelay three requests took %v", took)
	}
}

func TestTransportCrawlDelayLong(t *testing.T) {
	s := newShop(t, 200, "User-agent: *\nCrawl-delay: 3600\n")
	client, tr := newCrawler(t)
	tr.CrawlDelay = true
	resp, err := client.Get(s.URL + "/first")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+"/second", nil)
	start := time.Now()
	if _, err := client.Do(req); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %v", took)
	}
	if s.count("/second") != 0 {
		t.Errorf("the second request reached the server")
	}
}

// TestTransportDotSegments: the Transport decides on the path the server
// will serve (issue 10, item 3), and on the path as sent too, which it
// sends as it was given (issue 23).
func TestTransportDotSegments(t *testing.T) {
	s := newShop(t, 200, "User-agent: *\nDisallow: /private\n")
	client, _ := newCrawler(t)
	for _, path := range []string{
		"/public/../private", "/./private", "/public/%2E%2E/private", "/public/%2e%2e/private",
		"/public/.%2E/private", "/%2E/private", "/robots.txt/../private", "//private", "/public//..//private",
		"/public/..;x/private", "/private/../ok", "//x/robots.txt/../../private",
	} {
		req, err := http.NewRequest(http.MethodGet, s.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := client.Do(req); !errors.Is(err, ErrDisallowed) {
			t.Errorf("%s: err = %v, want ErrDisallowed", path, err)
		}
	}
	// An opaque URL is sent as written: it is not checked, so it is refused.
	req, _ := http.NewRequest(http.MethodGet, s.URL+"/x", nil)
	req.URL.Opaque = "/public/../private"
	if _, err := client.Do(req); err == nil || !strings.Contains(err.Error(), "opaque") {
		t.Errorf("an opaque URL: err = %v", err)
	}
	for p, n := range s.hits {
		if p != "/robots.txt" {
			t.Errorf("%s was served %d times", p, n)
		}
	}
	// What is allowed goes out as it was given.
	for _, path := range []string{"/a/./b/../c", "/public/%2E%2E/pub", "//x//y", "/ok/../ok2"} {
		resp, err := client.Get(s.URL + path)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		resp.Body.Close()
		if p, _ := url.PathUnescape(path); s.count(p) != 1 {
			t.Errorf("%s served %d times as it was given, want 1", path, s.count(p))
		}
	}
}

// TestTransportRequestTarget: a request target that is not a path, or that
// holds octets servers read in more ways than one, is neither decided nor
// sent; nor is a path read as an authority ("//x/robots.txt" is no
// /robots.txt).
func TestTransportRequestTarget(t *testing.T) {
	s := newShop(t, 200, "User-agent: *\nDisallow: /x/\n")
	client, _ := newCrawler(t)
	for _, u := range []*url.URL{
		{Path: "x"},
		{Path: "*"},
		{Path: "/p", RawQuery: "a b"},
		{Path: "/p", RawQuery: "a#b"},
		{Path: "/p", RawQuery: "a\tb"},
	} {
		host := strings.TrimPrefix(s.URL, "http://")
		u.Scheme, u.Host = "http", host
		req := &http.Request{Method: http.MethodGet, URL: u, Header: http.Header{}, Host: host}
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			t.Errorf("%q was sent", u.RequestURI())
		} else if errors.Is(err, ErrDisallowed) {
			t.Errorf("%q: err = %v, want no decision", u.RequestURI(), err)
		}
	}
	for _, path := range []string{"//x/robots.txt", "//x/robots.txt?q", "/x/robots.txt"} {
		if _, err := client.Get(s.URL + path); !errors.Is(err, ErrDisallowed) {
			t.Errorf("%s: err = %v, want ErrDisallowed", path, err)
		}
	}
	for p, n := range s.hits {
		if p != "/robots.txt" {
			t.Errorf("%s was served %d times", p, n)
		}
	}
}

// TestTransportFetchesThroughBase: the robots.txt request goes through the
// Transport's Base, with the crawler's User-Agent, even when the Cache was
// given without a Client (issue 10, item 4).
func TestTransportFetchesThroughBase(t *testing.T) {
	var robotsUA atomic.Value
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			robotsUA.Store(r.Header.Get("User-Agent"))
			io.WriteString(w, "User-agent: FooBot\nDisallow: /private\n")
			return
		}
		io.WriteString(w, "page")
	}))
	t.Cleanup(srv.Close)
	base := srv.Client().Transport // trusts the test server's certificate
	t.Cleanup(base.(*http.Transport).CloseIdleConnections)
	for _, cache := range []*Cache{nil, {}} {
		client := &http.Client{Transport: &Transport{Base: base, Cache: cache}}
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/page", nil)
		req.Header.Set("User-Agent", "FooBot/2.0 (+https://foo.example)")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("cache %v: /page: %v", cache, err)
		}
		resp.Body.Close()
		if ua := robotsUA.Load(); ua != "FooBot/2.0 (+https://foo.example)" {
			t.Errorf("cache %v: robots.txt fetched with User-Agent %q", cache, ua)
		}
		req, _ = http.NewRequest(http.MethodGet, srv.URL+"/private", nil)
		req.Header.Set("User-Agent", "FooBot/2.0")
		if _, err := client.Do(req); !errors.Is(err, ErrDisallowed) {
			t.Errorf("cache %v: /private: err = %v, want ErrDisallowed (read for FooBot)", cache, err)
		}
	}
}

// TestTransportCrawlDelayCap: a huge Crawl-delay is capped (issue 10,
// item 5).
func TestTransportCrawlDelayCap(t *testing.T) {
	// A delay past what a Duration holds waits the most too, rather than
	// not at all (issue 23, item 6).
	for _, delay := range []string{"9223372037", "99999999999999999999"} {
		s := newShop(t, 200, "User-agent: *\nCrawl-delay: "+delay+"\n")
		_, tr := newCrawler(t)
		res, err := tr.Cache.Get(context.Background(), s.URL)
		if err != nil {
			t.Fatal(err)
		}
		if d := tr.crawlDelay(res, "FooBot"); d != defaultMaxCrawlDelay {
			t.Errorf("Crawl-delay: %s: waits %v, want %v", delay, d, defaultMaxCrawlDelay)
		}
	}
	s := newShop(t, 200, "User-agent: *\nCrawl-delay: 86400000\n")
	client, tr := newCrawler(t)
	tr.CrawlDelay = true
	res, err := tr.Cache.Get(context.Background(), s.URL)
	if err != nil {
		t.Fatal(err)
	}
	if d := tr.crawlDelay(res, "FooBot"); d != defaultMaxCrawlDelay {
		t.Errorf("default cap: waits %v, want %v", d, defaultMaxCrawlDelay)
	}
	tr.MaxCrawlDelay = 20 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, path := range []string{"/first", "/second"} {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+path, nil)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s: %v (the crawl-delay was not capped)", path, err)
		}
		resp.Body.Close()
	}
}

// TestTransportRobotsTxtMethods: only GET and HEAD of /robots.txt pass
// unchecked (issue 10, item 7).
func TestTransportRobotsTxtMethods(t *testing.T) {
	s := newShop(t, 200, "User-agent: *\nDisallow: /\n")
	client, _ := newCrawler(t)
	none := newShop(t, 404, "")
	for _, c := range []struct {
		site    *shop
		method  string
		path    string
		allowed bool
	}{
		{s, http.MethodGet, "/robots.txt", true}, {s, http.MethodHead, "/robots.txt", true},
		{s, http.MethodPost, "/robots.txt", false}, {s, http.MethodPut, "/robots.txt", false},
		{s, http.MethodDelete, "/robots.txt", false}, {s, "PATCH", "/robots.txt", false},
		{s, http.MethodPost, "/robots%2Etxt?x", false}, {s, http.MethodPost, "/x/../robots.txt", false},
		{none, http.MethodPost, "/robots.txt", true}, // no file, no rule
	} {
		req, _ := http.NewRequest(c.method, c.site.URL+c.path, strings.NewReader("x"))
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		if allowed := err == nil; allowed != c.allowed || !c.allowed && !errors.Is(err, ErrDisallowed) {
			t.Errorf("%s %s: err = %v, want allowed %v", c.method, c.path, err, c.allowed)
		}
	}
}

// TestTransportErrors: a rule's refusal is ErrDisallowed, for good; an
// unreachable robots.txt is ErrUnreachable, for now, with when to retry
// (issue 10, item 9).
func TestTransportErrors(t *testing.T) {
	var down atomic.Bool
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			if down.Load() {
				w.Header().Set("Retry-After", "7200")
				http.Error(w, "busy", http.StatusServiceUnavailable)
				return
			}
			io.WriteString(w, "User-agent: *\nDisallow: /private\n")
			return
		}
		io.WriteString(w, "page")
	})
	for _, c := range []struct {
		down      bool
		path      string
		is, isNot error
		temporary bool
	}{
		{false, "/private", ErrDisallowed, ErrUnreachable, false},
		{true, "/page", ErrUnreachable, ErrDisallowed, true},
	} {
		down.Store(c.down)
		client, _ := newCrawler(t)
		_, err := client.Get(srv.URL + c.path)
		var de *DisallowedError
		if !errors.Is(err, c.is) || errors.Is(err, c.isNot) || !errors.As(err, &de) || de.temporary() != c.temporary {
			t.Fatalf("down %v: err = %v", c.down, err)
		}
		if c.temporary {
			if wait := de.Result.Expires.Sub(de.Result.Fetched); wait != 2*time.Hour {
				t.Errorf("retry after %v, want 2h (Retry-After)", wait)
			}
			if msg := err.Error(); !strings.Contains(msg, "before "+de.Result.Expires.UTC().Format(time.RFC3339)) {
				t.Errorf("message %q names no retry time", msg)
			}
		} else if de.Decision.Line != 2 {
			t.Errorf("line %d, want 2", de.Decision.Line)
		}
	}
}

// TestTransportUserAgent: a request without a User-Agent header is sent
// with the Transport's UserAgent, or the Fetcher's, so that pages are
// fetched under the name robots.txt was read for (issue 27); a request
// with one keeps it.
func TestTransportUserAgent(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]string{} // path -> User-Agent
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.URL.Path] = r.Header.Get("User-Agent")
		mu.Unlock()
		if r.URL.Path == "/robots.txt" {
			io.WriteString(w, "User-agent: FooBot\nDisallow: /foo\n")
		}
	})
	for _, c := range []struct {
		transport, fetcher, request string // "-" for no header
		page, robots                string
	}{
		{"FooBot/2.0", "", "-", "FooBot/2.0", "FooBot/2.0"},
		{"FooBot/2.0", "FooBot/1.0 (+https://foo.example)", "-", "FooBot/2.0", "FooBot/1.0 (+https://foo.example)"},
		{"", "FooBot/1.0 (+https://foo.example)", "-", "FooBot/1.0 (+https://foo.example)", "FooBot/1.0 (+https://foo.example)"},
		{"FooBot/2.0", "", "Mine/3", "Mine/3", "Mine/3"},
		{"", "", "-", "Go-http-client/1.1", "Go-http-client/1.1"},
	} {
		mu.Lock()
		clear(seen)
		mu.Unlock()
		base := &http.Transport{}
		t.Cleanup(base.CloseIdleConnections)
		tr := &Transport{Base: base, UserAgent: c.transport, Cache: &Cache{Fetcher: Fetcher{UserAgent: c.fetcher}}}
		client := &http.Client{Transport: tr}
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/page", nil)
		if c.request != "-" {
			req.Header.Set("User-Agent", c.request)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		resp.Body.Close()
		if _, ok := req.Header["User-Agent"]; ok != (c.request != "-") {
			t.Errorf("%+v: the caller's request was changed", c)
		}
		mu.Lock()
		page, rob := seen["/page"], seen["/robots.txt"]
		mu.Unlock()
		if page != c.page || rob != c.robots {
			t.Errorf("%+v: page sent as %q, robots.txt as %q; want %q, %q", c, page, rob, c.page, c.robots)
		}
		if c.transport != "" || c.fetcher != "" {
			// The rules were read for FooBot.
			if _, err := client.Get(srv.URL + "/foo"); !errors.Is(err, ErrDisallowed) {
				t.Errorf("%+v: /foo: err = %v", c, err)
			}
		}
	}
}

// TestTransportCheck: Check answers as RoundTrip does, without sending the
// request.
func TestTransportCheck(t *testing.T) {
	sites := newReadingSites(t, writeSite(t))
	client, tr := newCrawler(t)
	ctx := context.Background()
	for _, s := range sites {
		for _, target := range []string{
			"/public/a.html", "/private/a.html", "/private%2Fa.html", "/secret;x/file", "/x/../public/a.html",
			"/robots.txt", "/doc.pdf", "/doc.pdf?x", "/static/private%2Fa.html", "/admin;x",
		} {
			before := len(s.received())
			checked := tr.Check(ctx, s.URL+target)
			for _, got := range s.received()[before:] {
				if got != "/robots.txt" {
					t.Errorf("%s %s: Check sent %q", s.name, target, got)
				}
			}
			resp, err := client.Get(s.URL + target)
			if err == nil {
				resp.Body.Close()
			}
			if (checked == nil) != (err == nil) || errors.Is(checked, ErrDisallowed) != errors.Is(err, ErrDisallowed) {
				t.Errorf("%s %s: Check says %v, RoundTrip %v", s.name, target, checked, err)
			}
		}
	}
	for _, u := range []string{"ftp://example.com/x", "http://[::1", "/relative"} {
		if err := tr.Check(ctx, u); err == nil || errors.Is(err, ErrDisallowed) {
			t.Errorf("Check(%q) = %v, want an error that is not ErrDisallowed", u, err)
		}
	}
}
