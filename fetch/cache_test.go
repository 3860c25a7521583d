package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotsexclusion/robots"
)

// clock is a clock for tests that moves only when told.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// site is a loopback server whose robots.txt answer the test sets, and
// which counts the robots.txt requests it gets.
type site struct {
	*httptest.Server
	hits atomic.Int32

	mu     sync.Mutex
	status int
	header http.Header
	body   string
	gate   chan struct{} // when set, robots.txt requests wait for it
}

func newSite(t *testing.T, status int, body string) *site {
	s := &site{status: status, body: body, header: http.Header{}}
	s.Server = serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			io.WriteString(w, "a page")
			return
		}
		s.hits.Add(1)
		s.mu.Lock()
		status, header, body, gate := s.status, s.header.Clone(), s.body, s.gate
		s.mu.Unlock()
		if gate != nil {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		for k, v := range header {
			w.Header()[k] = v
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	})
	return s
}

func (s *site) setGate(gate chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gate = gate
}

func (s *site) set(status int, header http.Header, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status, s.body = status, body
	if header == nil {
		header = http.Header{}
	}
	s.header = header
}

func newCache(t *testing.T, clk *clock) *Cache {
	f := newFetcher(t)
	if clk != nil {
		f.clock = clk.Now
	}
	return &Cache{Fetcher: *f}
}

// get returns the Result the Cache holds for rawURL once any refresh that
// asking for it started is over: the stale copy served meanwhile is what
// TestCacheStaleWhileRevalidate checks.
func get(t *testing.T, c *Cache, rawURL string) *Result {
	t.Helper()
	if _, err := c.Get(context.Background(), rawURL); err != nil {
		t.Fatalf("Get(%q): %v", rawURL, err)
	}
	settle(c)
	res, err := c.Get(context.Background(), rawURL)
	if err != nil {
		t.Fatalf("Get(%q): %v", rawURL, err)
	}
	return res
}

// settle waits for the fetches under way in c to be recorded.
func settle(c *Cache) {
	for {
		var calls []*call
		c.mu.Lock()
		for _, e := range c.entries {
			if e.call != nil {
				calls = append(calls, e.call)
			}
		}
		c.mu.Unlock()
		if len(calls) == 0 {
			return
		}
		for _, cl := range calls {
			<-cl.done
		}
	}
}

func TestCacheOneFetch(t *testing.T) {
	s := newSite(t, 200, simpleFile)
	gate := make(chan struct{})
	s.setGate(gate)
	c := newCache(t, nil)
	const n = 1000
	results := make([]*Result, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := c.Get(context.Background(), fmt.Sprintf("%s/page/%d", s.URL, i))
			if err != nil {
				t.Error(err)
			}
			results[i] = res
		}()
	}
	// Let the callers pile up behind the one fetch, then let it finish.
	time.Sleep(50 * time.Millisecond)
	close(gate)
	wg.Wait()
	if h := s.hits.Load(); h != 1 {
		t.Errorf("%d fetches for one origin, want 1", h)
	}
	for i, r := range results {
		if r != results[0] || r == nil || r.Outcome != OK {
			t.Fatalf("result %d = %v, want the one result %v", i, r, results[0])
		}
	}
	// A caller that started only after the fetch ended (on a loaded
	// machine, past the sleep above) counts as a hit, not a miss.
	if st := c.Stats(); st.Entries != 1 || st.Fetches != 1 || st.Misses+st.Hits != n || st.Misses == 0 {
		t.Errorf("stats %+v", st)
	}
}

func TestCacheExpiry(t *testing.T) {
	clk := newClock()
	s := newSite(t, 200, simpleFile)
	s.set(200, http.Header{"Cache-Control": {"max-age=3600"}}, simpleFile)
	c := newCache(t, clk)
	steps := []struct {
		advance  time.Duration
		wantHits int32
	}{
		{0, 1},
		{30 * time.Minute, 1},
		{29 * time.Minute, 1},
		{time.Minute, 2}, // an hour has passed
		{time.Minute, 2},
	}
	for i, st := range steps {
		clk.Advance(st.advance)
		res := get(t, c, s.URL+"/x")
		if h := s.hits.Load(); h != st.wantHits {
			t.Fatalf("step %d: %d fetches, want %d", i, h, st.wantHits)
		}
		if !res.Fetched.Add(time.Hour).Equal(res.Expires) {
			t.Errorf("step %d: fetched %v, expires %v", i, res.Fetched, res.Expires)
		}
	}

	// Without Cache-Control a file is kept for MaxAge and no more.
	s.set(200, nil, simpleFile)
	clk.Advance(time.Hour)
	get(t, c, s.URL)
	clk.Advance(defaultMaxAge - time.Second)
	get(t, c, s.URL)
	if h := s.hits.Load(); h != 3 {
		t.Fatalf("%d fetches, want 3", h)
	}
	clk.Advance(time.Second)
	get(t, c, s.URL)
	if h := s.hits.Load(); h != 4 {
		t.Fatalf("%d fetches after MaxAge, want 4", h)
	}
}

func TestCacheStale(t *testing.T) {
	clk := newClock()
	s := newSite(t, 200, simpleFile)
	c := newCache(t, clk)
	good := get(t, c, s.URL)
	if good.Outcome != OK {
		t.Fatalf("got %v", good)
	}

	// A day later the host fails: the good copy stays in use, and the host
	// is asked again after MinAge.
	s.set(503, nil, "")
	clk.Advance(defaultMaxAge)
	res := get(t, c, s.URL)
	if res.Outcome != OK || res.Refresh == nil || res.Refresh.Status != 503 || res.Robots != good.Robots {
		t.Fatalf("after a 503: got %v, want the good copy", res)
	}
	if !res.Decide("FooBot", s.URL+"/y").Allowed || res.Decide("FooBot", s.URL+"/x").Allowed {
		t.Errorf("the good copy's rules do not apply")
	}
	if !res.Expires.Equal(clk.Now().Add(defaultMinAge)) {
		t.Errorf("Expires = %v, want MinAge from now", res.Expires)
	}
	if h := s.hits.Load(); h != 2 {
		t.Fatalf("%d fetches, want 2", h)
	}
	clk.Advance(defaultMinAge)
	res = get(t, c, s.URL)
	if h := s.hits.Load(); h != 3 || res.Outcome != OK || res.Refresh == nil {
		t.Fatalf("%d fetches, %v; want 3 and the good copy", h, res)
	}

	// Network errors count as unreachable too.
	s.set(200, http.Header{"Content-Length": {"1000"}}, "User-agent: *\n") // cut short
	clk.Advance(defaultMinAge)
	if res = get(t, c, s.URL); res.Outcome != OK || res.Refresh == nil || res.Refresh.Err == nil {
		t.Fatalf("after a short body: got %v, want the good copy", res)
	}

	// Thirty days after the good copy was fetched, everything is disallowed.
	s.set(500, nil, "")
	clk.Advance(defaultStaleLimit - defaultMaxAge - 2*defaultMinAge - time.Second)
	if res = get(t, c, s.URL); res.Outcome != OK {
		t.Fatalf("just before the stale limit: got %v", res)
	}
	if !res.Expires.Equal(res.Fetched.Add(defaultStaleLimit)) {
		t.Errorf("the copy expires %v, want at the stale limit", res.Expires)
	}
	clk.Advance(time.Second)
	res = get(t, c, s.URL)
	if res.Outcome != Unreachable || res.Refresh != nil || res.Decide("FooBot", s.URL+"/y").Allowed {
		t.Fatalf("past the stale limit: got %v, want unreachable", res)
	}

	// Once the host answers again, its answer stands.
	s.set(404, nil, "")
	clk.Advance(defaultMinAge)
	if res = get(t, c, s.URL); res.Outcome != Unavailable || !res.Decide("FooBot", s.URL+"/x").Allowed {
		t.Fatalf("after a 404: got %v", res)
	}
	// A 404 is no copy to keep.
	s.set(503, nil, "")
	clk.Advance(defaultMaxAge)
	if res = get(t, c, s.URL); res.Outcome != Unreachable {
		t.Fatalf("a 503 after a 404: got %v", res)
	}
}

func TestCacheStaleLimit(t *testing.T) {
	clk := newClock()
	s := newSite(t, 200, simpleFile)
	c := newCache(t, clk)
	c.StaleLimit = 36 * time.Hour
	get(t, c, s.URL)
	s.set(503, http.Header{"Retry-After": {"43200"}}, "")
	clk.Advance(defaultMaxAge)
	res := get(t, c, s.URL)
	if res.Outcome != OK || !res.Expires.Equal(res.Fetched.Add(36*time.Hour)) {
		t.Fatalf("got %v expiring %v; want the copy until the stale limit", res, res.Expires)
	}
	clk.Advance(12 * time.Hour)
	if res = get(t, c, s.URL); res.Outcome != Unreachable {
		t.Fatalf("got %v", res)
	}
}

func TestCacheUnreachableRetry(t *testing.T) {
	clk := newClock()
	s := newSite(t, 503, "")
	c := newCache(t, clk)
	for range 3 {
		if res := get(t, c, s.URL); res.Outcome != Unreachable {
			t.Fatalf("got %v", res)
		}
	}
	if h := s.hits.Load(); h != 1 {
		t.Errorf("%d fetches within MinAge, want 1", h)
	}
	clk.Advance(defaultMinAge)
	s.set(200, nil, simpleFile)
	if res := get(t, c, s.URL); res.Outcome != OK {
		t.Fatalf("got %v", res)
	}
}

func TestCacheLRU(t *testing.T) {
	sites := []*site{newSite(t, 200, simpleFile), newSite(t, 200, simpleFile), newSite(t, 200, simpleFile)}
	c := newCache(t, nil)
	c.MaxEntries = 2
	for _, i := range []int{0, 1, 0, 2, 0, 1} {
		get(t, c, sites[i].URL)
	}
	// 0 and 1 are fetched, 0 is used again, 2 pushes out 1, 0 stays, and 1
	// is fetched again.
	for i, want := range []int32{1, 2, 1} {
		if h := sites[i].hits.Load(); h != want {
			t.Errorf("site %d: %d fetches, want %d", i, h, want)
		}
	}
	if st := c.Stats(); st.Entries != 2 || st.Evictions != 2 || st.Fetches != 4 {
		t.Errorf("stats %+v, want 2 entries, 2 evictions, 4 fetches", st)
	}
}

func TestCacheCallerGivesUp(t *testing.T) {
	s := newSite(t, 200, simpleFile)
	gate := make(chan struct{})
	s.setGate(gate)
	c := newCache(t, nil)

	// The first caller fetches and gives up; the second waits behind it,
	// then fetches for itself.
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() {
		_, err := c.Get(ctx, s.URL)
		first <- err
	}()
	for s.hits.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	second := make(chan *Result, 1)
	go func() {
		res, err := c.Get(context.Background(), s.URL)
		if err != nil {
			t.Error(err)
		}
		second <- res
	}()
	time.Sleep(10 * time.Millisecond)
	cancel()
	if err := <-first; !errors.Is(err, context.Canceled) {
		t.Fatalf("first caller: err = %v", err)
	}
	for s.hits.Load() < 2 {
		time.Sleep(time.Millisecond)
	}
	close(gate)
	if res := <-second; res == nil || res.Outcome != OK {
		t.Fatalf("second caller: got %v, want the file", res)
	}
}

func TestCacheWaiterGivesUp(t *testing.T) {
	s := newSite(t, 200, simpleFile)
	gate := make(chan struct{})
	s.setGate(gate)
	c := newCache(t, nil)
	done := make(chan struct{})
	go func() {
		defer close(done)
		get(t, c, s.URL)
	}()
	for s.hits.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := c.Get(ctx, s.URL); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("waiter: err = %v", err)
	}
	close(gate)
	<-done
}

func TestCacheBadURL(t *testing.T) {
	c := newCache(t, nil)
	for _, u := range []string{"/path", "mailto:a@b", "http://"} {
		if res, err := c.Get(context.Background(), u); err == nil {
			t.Errorf("Get(%q) = %v, want an error", u, res)
		}
	}
	if st := c.Stats(); st != (CacheStats{}) {
		t.Errorf("stats %+v", st)
	}
}

// BenchmarkCacheHit measures a crawler's hot path: a fresh result from the
// Cache, then a decision.
func BenchmarkCacheHit(b *testing.B) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /private\nAllow: /private/ok\n")
	}))
	defer s.Close()
	c := &Cache{}
	ctx := context.Background()
	u := s.URL + "/private/page?q=1"
	if _, err := c.Get(ctx, u); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			res, err := c.Get(ctx, u)
			if err != nil || res.Decide("FooBot", u).Allowed {
				b.Fatal("allowed")
			}
		}
	})
}

// TestCacheStaleWhileRevalidate: an expired Result whose refresh hangs is
// served stale to every caller while one refresh runs, within MaxAge of its
// fetch; past that callers wait (issue 10, item 11).
func TestCacheStaleWhileRevalidate(t *testing.T) {
	clk := newClock()
	s := newSite(t, 200, simpleFile)
	s.set(200, http.Header{"Cache-Control": {"max-age=3600"}}, simpleFile)
	c := newCache(t, clk)
	first := get(t, c, s.URL)

	gate := make(chan struct{})
	s.setGate(gate)
	s.set(200, http.Header{"Cache-Control": {"max-age=3600"}}, "User-agent: *\nDisallow: /y\n")
	clk.Advance(2 * time.Hour)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, 32)
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := c.Get(ctx, s.URL+"/page")
			switch {
			case err != nil:
				errs <- err
			case res != first:
				errs <- fmt.Errorf("got %v fetched %v, want the stale copy", res, res.Fetched)
			}
		}()
	}
	wg.Wait() // the refresh still hangs: none of them waited for it
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	close(gate)
	settle(c)
	if h := s.hits.Load(); h != 2 {
		t.Errorf("%d fetches, want 2: one refresh for 32 callers", h)
	}
	res := get(t, c, s.URL)
	if res == first || !res.Fetched.Equal(clk.Now()) || res.Decide("FooBot", "/y").Allowed {
		t.Errorf("after the refresh: %v fetched %v", res, res.Fetched)
	}

	// A day after its fetch a copy is not served: the caller waits.
	clk.Advance(defaultMaxAge)
	s.set(200, nil, simpleFile)
	res, err := c.Get(ctx, s.URL)
	if err != nil || !res.Fetched.Equal(clk.Now()) || res.Decide("FooBot", "/x").Allowed {
		t.Errorf("past MaxAge: %v, %v; want a fresh fetch", res, err)
	}
}

// TestCacheBytes: the Cache is bounded by the octets its entries keep, as
// entryBytes estimates them, as well as by their number.
func TestCacheBytes(t *testing.T) {
	big := "User-agent: *\n" + strings.Repeat("Disallow: /a-long-path-to-fill-the-file\n", 2500) // 100 KB
	sites := []*site{newSite(t, 200, big), newSite(t, 200, big), newSite(t, 200, simpleFile), newSite(t, 200, big)}
	c := newCache(t, nil)
	per := entryBytes(&Result{Size: len(big)})
	if per < 16*int64(len(big)) {
		t.Fatalf("entryBytes = %d for a body of %d", per, len(big))
	}
	c.MaxBytes = 2*per + entryBytes(&Result{Size: len(simpleFile)})
	for _, s := range sites {
		get(t, c, s.URL)
		if b := c.Stats().Bytes; b > c.MaxBytes {
			t.Errorf("%d bytes kept, more than MaxBytes %d", b, c.MaxBytes)
		}
	}
	// The first big file went to make room for the last.
	if n := c.Stats().Entries; n != 3 {
		t.Errorf("%d entries, want 3", n)
	}
	get(t, c, sites[0].URL)
	if h := sites[0].hits.Load(); h != 2 {
		t.Errorf("the first site was fetched %d times, want 2 (dropped, then fetched again)", h)
	}
	// One entry larger than MaxBytes is still kept: it is the one in use.
	c.MaxBytes = 1
	if res := get(t, c, sites[1].URL); res.Outcome != OK || c.Stats().Entries != 1 {
		t.Errorf("got %v, %+v", res, c.Stats())
	}
	if defaultMaxEntries != defaultMaxBytes/entryBytes(nil) {
		t.Errorf("defaultMaxEntries = %d, want defaultMaxBytes over the smallest entry, %d", defaultMaxEntries, defaultMaxBytes/entryBytes(nil))
	}
	if defaultMaxBytes/entryBytes(&Result{Size: robots.DefaultParseLimit}) < 30 {
		t.Errorf("defaultMaxBytes holds fewer than 30 files at the parse limit")
	}
}

// TestCacheSameOrigin: origins written otherwise share one entry.
func TestCacheSameOrigin(t *testing.T) {
	s := newSite(t, 200, simpleFile)
	c := newCache(t, nil)
	host, port, _ := strings.Cut(strings.TrimPrefix(s.URL, "http://"), ":")
	for _, u := range []string{s.URL, "HTTP://" + host + ":0" + port + "/x", "http://" + host + ":00" + port + "/y?z"} {
		get(t, c, u)
	}
	if h, n := s.hits.Load(), c.Stats().Entries; h != 1 || n != 1 {
		t.Errorf("%d fetches, %d entries; want 1, 1", h, n)
	}
}

// manyOrigins returns a Cache whose Fetcher reaches s for every host, so
// that origins h0.test, h1.test, ... are all s, on loopback, and the URL
// of origin i.
func manyOrigins(t *testing.T, s *site) (*Cache, func(i int) string) {
	addr := s.Listener.Addr().String()
	tr := &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		},
		MaxIdleConnsPerHost: 4,
	}
	t.Cleanup(tr.CloseIdleConnections)
	c := &Cache{Fetcher: Fetcher{Client: &http.Client{Transport: tr}, UserAgent: "FooBot/1.0", Timeout: 20 * time.Second}}
	return c, func(i int) string { return fmt.Sprintf("http://h%d.test/page", i) }
}

// TestCacheInFlightNotDropped: an origin whose fetch is under way is not
// dropped to make room, so however many origins are in flight beside
// MaxEntries, each is fetched once for all its callers (issue 23, item 4:
// 200 origins of 10 callers each, with MaxEntries 50, made 1,820 fetches).
func TestCacheInFlightNotDropped(t *testing.T) {
	const origins, callers = 200, 10
	s := newSite(t, 200, simpleFile)
	gate := make(chan struct{})
	s.setGate(gate)
	c, urlOf := manyOrigins(t, s)
	c.MaxEntries = 50
	var wg sync.WaitGroup
	for i := range origins * callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if res, err := c.Get(context.Background(), urlOf(i%origins)); err != nil || res.Outcome != OK {
				t.Errorf("%s: %v, %v", urlOf(i%origins), res, err)
			}
		}()
	}
	// Every caller waits for a fetch before any fetch may end.
	deadline := time.Now().Add(20 * time.Second)
	for c.Stats().Misses < origins*callers && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	st := c.Stats()
	close(gate)
	wg.Wait()
	if st.Misses != origins*callers || st.InFlight != origins || st.Entries != 0 {
		t.Errorf("before the fetches ended: %+v, want %d callers waiting on %d origins in flight", st, origins*callers, origins)
	}
	if h := s.hits.Load(); h != origins {
		t.Errorf("%d robots.txt fetches for %d origins, want %d", h, origins, origins)
	}
	st = c.Stats()
	if st.Fetches != origins || st.Entries != c.MaxEntries || st.InFlight != 0 || st.Evictions != origins-int64(c.MaxEntries) {
		t.Errorf("after: %+v", st)
	}
}

// TestCacheBroadCrawl: at its defaults a Cache holds the origins of a broad
// crawl, 3,000 hosts asked for five URLs each in turn, and fetches each
// once (issue 27: the 1,000-origin default made 15,000 fetches).
func TestCacheBroadCrawl(t *testing.T) {
	const hosts, perHost = 3000, 5
	s := newSite(t, 200, simpleFile)
	c, urlOf := manyOrigins(t, s)
	for range perHost {
		for h := range hosts {
			if _, err := c.Get(context.Background(), urlOf(h)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := s.hits.Load(); n != hosts {
		t.Errorf("%d robots.txt fetches for %d hosts, want %d", n, hosts, hosts)
	}
	want := CacheStats{Hits: hosts * (perHost - 1), Misses: hosts, Fetches: hosts, Entries: hosts,
		Bytes: hosts * entryBytes(&Result{Size: len(simpleFile)})}
	if st := c.Stats(); st != want {
		t.Errorf("stats %+v, want %+v", st, want)
	}
}
