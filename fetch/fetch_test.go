package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/normalize"
)

// Every server in these tests is an httptest server on the loopback
// interface; no test reaches any other address.

// newClient returns a client with a transport of its own, closed when the
// test ends, so that no connection outlives it.
func newClient(t *testing.T) *http.Client {
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}

// newFetcher returns a Fetcher for tests: its own client, a short timeout.
func newFetcher(t *testing.T) *Fetcher {
	return &Fetcher{Client: newClient(t), UserAgent: "FooBot/1.0", Timeout: 5 * time.Second}
}

// serve starts a loopback server for the test.
func serve(t *testing.T, h http.HandlerFunc) *httptest.Server {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// fetch fetches srv's robots.txt and fails the test on a bad URL.
func fetch(t *testing.T, f *Fetcher, rawURL string) *Result {
	t.Helper()
	res, err := f.Fetch(context.Background(), rawURL)
	if err != nil {
		t.Fatalf("Fetch(%q): %v", rawURL, err)
	}
	return res
}

const simpleFile = "User-agent: *\nDisallow: /x\n"

// TestIPv6Zone: an origin with a zone is fetched, and cached once (issue
// 23, item 6: its origin did not parse, so it was unreachable for good).
func TestIPv6Zone(t *testing.T) {
	ln, err := net.Listen("tcp", "[::1]:0")
	if err != nil {
		t.Skipf("no IPv6 loopback: %v", err)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, simpleFile)
	}))
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	u := "http://[::1%25lo]:" + port + "/x"
	if _, err := net.InterfaceByName("lo"); err != nil {
		t.Skipf("no interface lo: %v", err)
	}
	res := fetch(t, newFetcher(t), u)
	if res.Outcome != OK || res.Origin != "http://[::1%25lo]:"+port {
		t.Fatalf("%s: %v (origin %s, err %v)", u, res, res.Origin, res.Err)
	}
	c := newCache(t, nil)
	for range 2 {
		if res := get(t, c, u); res.Outcome != OK {
			t.Fatalf("%s: %v", u, res)
		}
	}
	if st := c.Stats(); st.Fetches != 1 || st.Entries != 1 {
		t.Errorf("stats %+v, want one fetch, one entry", st)
	}
}

func TestStatus(t *testing.T) {
	tests := []struct {
		status int
		header string // "Key: value", or ""
		auth   bool   // AuthDisallows
		want   Outcome
	}{
		{200, "", false, OK},
		{203, "", false, OK},
		{204, "", false, OK},
		{300, "Location: /elsewhere", false, Unreachable},
		{301, "", false, Unreachable}, // no Location
		{304, "", false, Unreachable},
		{400, "", false, Unavailable},
		{401, "", false, Unavailable},
		{401, "", true, Restricted},
		{403, "", false, Unavailable},
		{403, "", true, Restricted},
		{404, "", false, Unavailable},
		{404, "", true, Unavailable},
		{410, "", false, Unavailable},
		{418, "", false, Unavailable},
		{429, "", false, Unreachable},
		{429, "", true, Unreachable},
		{500, "", false, Unreachable},
		{502, "", false, Unreachable},
		{503, "Retry-After: 120", false, Unreachable},
		{599, "", false, Unreachable},
		{600, "", false, Unreachable},
		{799, "", false, Unreachable},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d/auth=%v", tt.status, tt.auth), func(t *testing.T) {
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				if k, v, ok := strings.Cut(tt.header, ": "); ok {
					w.Header().Set(k, v)
				}
				w.WriteHeader(tt.status)
				io.WriteString(w, simpleFile) // a body even where none belongs
			})
			f := newFetcher(t)
			f.AuthDisallows = tt.auth
			res := fetch(t, f, srv.URL+"/some/page")
			if res.Outcome != tt.want || res.Status != tt.status {
				t.Fatalf("Outcome, Status = %v, %d; want %v, %d (%v)", res.Outcome, res.Status, tt.want, tt.status, res)
			}
			if res.Origin != srv.URL || res.FinalURL != srv.URL+"/robots.txt" {
				t.Errorf("Origin, FinalURL = %q, %q", res.Origin, res.FinalURL)
			}
			if (res.Robots != nil) != (tt.want == OK) {
				t.Errorf("Robots = %v with outcome %v", res.Robots, res.Outcome)
			}
			// What each outcome allows.
			wantX := map[Outcome]bool{OK: tt.status == 204, Unavailable: true}[tt.want]
			wantY := tt.want == OK || tt.want == Unavailable
			if tt.status == 204 {
				wantX = true // no content: nothing disallowed
			}
			for _, c := range []struct {
				path string
				want bool
			}{{"/x", wantX}, {"/y", wantY}, {"/robots.txt", true}} {
				d := res.Decide("FooBot", srv.URL+c.path)
				if d.Allowed != c.want {
					t.Errorf("Decide(%s) = %+v, want allowed %v", c.path, d, c.want)
				}
				if tt.want != OK && d.Line != 0 {
					t.Errorf("Decide(%s) names line %d for outcome %v", c.path, d.Line, tt.want)
				}
			}
			if !res.Expires.After(res.Fetched) {
				t.Errorf("Expires %v is not after Fetched %v", res.Expires, res.Fetched)
			}
		})
	}
}

// hops serves a chain of n redirects from /robots.txt, through each of the
// redirect statuses in turn, to a file; it counts the requests.
func hops(t *testing.T, n int, hits *atomic.Int32) *httptest.Server {
	codes := []int{301, 302, 303, 307, 308}
	return serve(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		k := 0
		if r.URL.Path != "/robots.txt" {
			fmt.Sscanf(r.URL.Path, "/hop/%d", &k)
		}
		if k < n {
			loc := fmt.Sprintf("/hop/%d", k+1)
			if k%2 == 1 {
				loc = fmt.Sprint(k + 1) // relative to /hop/k
			}
			w.Header().Set("Location", loc)
			w.WriteHeader(codes[k%len(codes)])
			return
		}
		io.WriteString(w, simpleFile)
	})
}

func TestRedirects(t *testing.T) {
	for n := 0; n <= MaxRedirects+1; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var hits atomic.Int32
			srv := hops(t, n, &hits)
			res := fetch(t, newFetcher(t), srv.URL)
			if n <= MaxRedirects {
				if res.Outcome != OK || res.Redirects != n || res.Status != 200 {
					t.Fatalf("got %v, %d redirects; want ok after %d", res, res.Redirects, n)
				}
				if n > 0 && res.FinalURL != fmt.Sprintf("%s/hop/%d", srv.URL, n) {
					t.Errorf("FinalURL = %q", res.FinalURL)
				}
				if res.Decide("FooBot", srv.URL+"/x").Allowed {
					t.Errorf("the file's rules do not apply")
				}
			} else {
				if res.Outcome != Unavailable || res.Err == nil || res.Redirects != MaxRedirects {
					t.Fatalf("got %v, %d redirects; want unavailable after %d", res, res.Redirects, MaxRedirects)
				}
				if !res.Decide("FooBot", srv.URL+"/x").Allowed {
					t.Errorf("unavailable but /x disallowed")
				}
			}
			if got, want := int(hits.Load()), min(n, MaxRedirects)+1; got != want {
				t.Errorf("%d requests, want %d", got, want)
			}
		})
	}
}

func TestRedirectCrossHost(t *testing.T) {
	var gotUA string
	b := serve(t, func(w http.ResponseWriter, r *http.Request) {
		gotUA = r.UserAgent()
		io.WriteString(w, "User-agent: FooBot\nDisallow: /b-only\n")
	})
	a := serve(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, b.URL+"/robots.txt", http.StatusMovedPermanently)
	})
	res := fetch(t, newFetcher(t), a.URL+"/page")
	if res.Outcome != OK || res.Origin != a.URL || res.FinalURL != b.URL+"/robots.txt" || res.Redirects != 1 {
		t.Fatalf("got %v (origin %s, final %s)", res, res.Origin, res.FinalURL)
	}
	if res.Decide("FooBot", a.URL+"/b-only").Allowed {
		t.Errorf("the rules of the redirect target do not apply to the first origin")
	}
	if gotUA != "FooBot/1.0" {
		t.Errorf("User-Agent after a redirect = %q", gotUA)
	}
}

// TestRedirectOtherScheme: a redirect out of http and https is not
// followed, even by a client that could follow it: a remote server must not
// make the fetcher read a local file (issue 10, item 6).
func TestRedirectOtherScheme(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("User-agent: *\nAllow: /\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	tr.RegisterProtocol("file", http.NewFileTransport(http.Dir(dir)))
	for _, loc := range []string{"file:///secret.txt", "FILE:///secret.txt", "ftp://example.com/robots.txt", "data:text/plain,User-agent:%20*"} {
		srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", loc)
			w.WriteHeader(http.StatusFound)
		})
		f := &Fetcher{Client: &http.Client{Transport: tr}, Timeout: 5 * time.Second}
		res := fetch(t, f, srv.URL)
		if res.Outcome != Unreachable || res.Err == nil || !strings.Contains(res.Err.Error(), "only http and https") {
			t.Errorf("redirect to %s: got %v", loc, res)
		}
		// A client that followed it itself: FromResponse stays out too.
		if resp, err := f.Client.Get(srv.URL + "/robots.txt"); err == nil {
			res, err := f.FromResponse(resp)
			if err != nil || res.Outcome != Unreachable || res.Decide("FooBot", "/x").Allowed {
				t.Errorf("FromResponse after a redirect to %s: got %v, %v", loc, res, err)
			}
		}
	}
}

func TestRedirectLoop(t *testing.T) {
	var hits atomic.Int32
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/loop", http.StatusFound)
			return
		}
		http.Redirect(w, r, "/robots.txt", http.StatusFound)
	})
	res := fetch(t, newFetcher(t), srv.URL)
	if res.Outcome != Unavailable || res.Err == nil {
		t.Fatalf("got %v", res)
	}
	if n := hits.Load(); n != MaxRedirects+1 {
		t.Errorf("%d requests, want %d", n, MaxRedirects+1)
	}
}

// countingTransport counts the body octets the client reads.
type countingTransport struct {
	base http.RoundTripper
	n    atomic.Int64
}

func (c *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := c.base.RoundTrip(req)
	if err == nil {
		resp.Body = &countingBody{resp.Body, &c.n}
	}
	return resp, err
}

type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n.Add(int64(n))
	return n, err
}

func TestLargeBody(t *testing.T) {
	const limit = robots.DefaultParseLimit
	const most = 64 << 20 // what the server would write if it were let
	line := []byte("# filler to pass the parse limit, line after line after line\n")
	filler := bytes.Repeat(line, 512)
	type report struct {
		written int64
		err     error
	}
	done := make(chan report, 1)
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		var rep report
		write := func(b []byte) {
			if rep.err == nil {
				n, err := w.Write(b)
				rep.written += int64(n)
				rep.err = err
			}
		}
		write([]byte("User-agent: *\nDisallow: /early\n"))
		for rep.err == nil && rep.written < limit+1<<10 {
			write(line)
		}
		write([]byte("Disallow: /late\n"))
		for rep.err == nil && rep.written < most {
			write(filler)
		}
		done <- rep
	})
	ct := &countingTransport{base: &http.Transport{}}
	t.Cleanup(ct.base.(*http.Transport).CloseIdleConnections)
	f := &Fetcher{Client: &http.Client{Transport: ct}, Timeout: 10 * time.Second}
	res := fetch(t, f, srv.URL)
	if res.Outcome != OK || !res.Truncated {
		t.Fatalf("got %v, truncated %v", res, res.Truncated)
	}
	if res.Decide("FooBot", "/early").Allowed || !res.Decide("FooBot", "/late").Allowed {
		t.Errorf("/early allowed %v, /late allowed %v; want the rule past the limit ignored",
			res.Decide("FooBot", "/early").Allowed, res.Decide("FooBot", "/late").Allowed)
	}
	if n := ct.n.Load(); n > limit+normalize.Slack+4<<10 {
		t.Errorf("read %d octets of the body, want at most about %d", n, limit+normalize.Slack)
	}
	found := false
	for _, d := range res.Robots.Diagnostics() {
		found = found || d.Code == "truncated"
	}
	if !found {
		t.Errorf("no truncated diagnostic: %v", res.Robots.Diagnostics())
	}
	select {
	case rep := <-done:
		if rep.err == nil || rep.written >= most {
			t.Errorf("the server wrote %d octets (error %v): the body was read to the end", rep.written, rep.err)
		}
		t.Logf("the server wrote %d octets before the connection closed; the client read %d", rep.written, ct.n.Load())
	case <-time.After(10 * time.Second):
		t.Fatal("the server is still writing")
	}
}

// TestLongLine serves a body whose line straddling the parse limit runs on
// for 50 MB: the fetch reads no more than the limit and normalize.Slack,
// keeps a Disallow cut short as its prefix and drops an Allow.
func TestLongLine(t *testing.T) {
	const limit = robots.DefaultParseLimit
	head := "User-agent: *\nDisallow: /x\nAllow: /x/open\n" + strings.Repeat("#"+strings.Repeat("c", 98)+"\n", limit/100-1)
	for _, tt := range []struct {
		name, line string
		path       string
		allowed    bool
	}{
		// Cut short, "/y***...x" is "/y***": it disallows more.
		{"disallow of stars kept as a prefix", "Disallow: /y*", "/y/z", false},
		// Cut short, "/x***...x" would be "/x***": dropped, it allows less.
		{"allow of stars dropped", "Allow: /x*", "/x/y", false},
		{"allow of stars dropped, others kept", "Allow: /x*", "/x/open", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, head+tt.line)
				fill := []byte(strings.Repeat("*", 64<<10))
				for i := 0; i < 50<<20/len(fill); i++ {
					if _, err := w.Write(fill); err != nil {
						return
					}
				}
			})
			ct := &countingTransport{base: &http.Transport{}}
			t.Cleanup(ct.base.(*http.Transport).CloseIdleConnections)
			f := &Fetcher{Client: &http.Client{Transport: ct}, Timeout: 10 * time.Second}
			res := fetch(t, f, srv.URL)
			if res.Outcome != OK || !res.Truncated || res.Size != limit+normalize.Slack {
				t.Fatalf("got %v, truncated %v, size %d", res, res.Truncated, res.Size)
			}
			if got := res.Decide("FooBot", tt.path).Allowed; got != tt.allowed {
				t.Errorf("%s allowed %v, want %v", tt.path, got, tt.allowed)
			}
			if n := ct.n.Load(); n > limit+normalize.Slack+1<<20 {
				t.Errorf("read %d octets of the body, want about %d", n, limit+normalize.Slack)
			}
		})
	}
}

func TestCharset(t *testing.T) {
	body := "User-agent: *\nDisallow: /caf\xe9\n" // é in Latin-1
	for _, tt := range []struct {
		contentType string
		disallowed  bool
	}{
		{"text/plain; charset=iso-8859-1", true},
		{"text/plain; charset=ISO-8859-1", true},
		{`text/plain; charset="latin1"`, true},
		{"text/plain", false}, // the octet is read as it is and matches no UTF-8 URL
	} {
		srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", tt.contentType)
			io.WriteString(w, body)
		})
		res := fetch(t, newFetcher(t), srv.URL)
		if got := !res.Decide("FooBot", srv.URL+"/café").Allowed; got != tt.disallowed {
			t.Errorf("%s: /café disallowed %v, want %v", tt.contentType, got, tt.disallowed)
		}
	}
}

// TestCharsetCannotEraseRules: a valid UTF-8 file served with a charset
// that would decode it into nothing keeps its rules (issue 10, item 2).
func TestCharsetCannotEraseRules(t *testing.T) {
	body := "User-agent: *\n# \u00a9 2025\nDisallow: /private\n"
	for _, charset := range []string{"utf-16", "utf-16be", "iso-2022-kr", "hz-gb-2312", "replacement"} {
		srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset="+charset)
			io.WriteString(w, body)
		})
		res := fetch(t, newFetcher(t), srv.URL)
		if res.Decide("FooBot", srv.URL+"/private").Allowed {
			t.Errorf("charset=%s: /private allowed", charset)
		}
		found := false
		for _, d := range res.Robots.Diagnostics() {
			found = found || d.Code == robots.Charset
		}
		if !found {
			t.Errorf("charset=%s: the ignored charset is not diagnosed: %v", charset, res.Robots.Diagnostics())
		}
	}
}

func TestGzip(t *testing.T) {
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	io.WriteString(zw, simpleFile)
	zw.Close()
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip") // asked for or not
		w.Write(zipped.Bytes())
	})
	for _, disable := range []bool{false, true} {
		tr := &http.Transport{DisableCompression: disable}
		t.Cleanup(tr.CloseIdleConnections)
		f := &Fetcher{Client: &http.Client{Transport: tr}}
		res := fetch(t, f, srv.URL)
		if res.Outcome != OK || res.Decide("FooBot", "/x").Allowed || res.Size != len(simpleFile) {
			t.Errorf("DisableCompression %v: got %v, /x allowed %v, size %d", disable, res, res.Decide("FooBot", "/x").Allowed, res.Size)
		}
	}
}

func TestUnknownEncoding(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "br")
		io.WriteString(w, "\x1b\x00\x00garbage")
	})
	res := fetch(t, newFetcher(t), srv.URL)
	if res.Outcome != Unreachable || res.Err == nil || res.Decide("FooBot", "/y").Allowed {
		t.Errorf("got %v", res)
	}
}

func TestTimeout(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	for _, tt := range []struct {
		name    string
		handler http.HandlerFunc
	}{
		{"no headers", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}},
		{"slow body", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "1000")
			io.WriteString(w, "User-agent: *\n")
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := serve(t, tt.handler)
			f := newFetcher(t)
			f.Timeout = 100 * time.Millisecond
			start := time.Now()
			res := fetch(t, f, srv.URL)
			if took := time.Since(start); took > 3*time.Second {
				t.Errorf("took %v", took)
			}
			if res.Outcome != Unreachable || !errors.Is(res.Err, context.DeadlineExceeded) {
				t.Errorf("got %v (err %#v)", res, res.Err)
			}
			if res.Decide("FooBot", "/anything").Allowed {
				t.Errorf("unreachable but allowed")
			}
		})
	}
}

func TestCallerContext(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, err := newFetcher(t).Fetch(ctx, srv.URL)
	if err != nil || res.Outcome != Unreachable || !errors.Is(res.Err, context.DeadlineExceeded) {
		t.Errorf("got %v, %v", res, err)
	}
}

func TestConnectionReset(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n")
		buf.WriteString("User-agent: *\nAllow: /\n")
		buf.Flush()
		if tc, ok := conn.(*net.TCPConn); ok {
			tc.SetLinger(0) // reset, not a clean close
		}
		conn.Close()
	})
	res := fetch(t, newFetcher(t), srv.URL)
	if res.Outcome != Unreachable || res.Err == nil || res.Status != 200 {
		t.Fatalf("got %v", res)
	}
	if res.Decide("FooBot", "/page").Allowed {
		t.Errorf("a file cut short allows /page")
	}
}

func TestConnectionRefused(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	addr := srv.URL
	srv.Close() // nothing listens there now
	res := fetch(t, newFetcher(t), addr)
	if res.Outcome != Unreachable || res.Err == nil || res.Status != 0 {
		t.Fatalf("got %v", res)
	}
}

func TestHTML(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!DOCTYPE html>\n<html><head><title>Welcome</title></head>\n<body><p>Disallow: nothing here</p></body></html>\n")
	})
	res := fetch(t, newFetcher(t), srv.URL)
	if res.Outcome != OK || res.ContentType != "text/html; charset=utf-8" {
		t.Fatalf("got %v, content type %q", res, res.ContentType)
	}
	if !res.Decide("FooBot", "/anything").Allowed || len(res.Robots.Groups()) != 0 {
		t.Errorf("an HTML page disallows something: %v", res.Robots.Groups())
	}
	if len(res.Robots.Diagnostics()) == 0 {
		t.Errorf("an HTML page gives no diagnostic")
	}
}

func TestUserAgentHeader(t *testing.T) {
	var got []string
	var mu sync.Mutex
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.UserAgent())
		mu.Unlock()
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/real-robots.txt", http.StatusFound)
		}
	})
	fetch(t, newFetcher(t), srv.URL)
	if len(got) != 2 || got[0] != "FooBot/1.0" || got[1] != "FooBot/1.0" {
		t.Errorf("User-Agent headers = %q", got)
	}
}

func TestExpires(t *testing.T) {
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	date := now.Format(http.TimeFormat)
	tests := []struct {
		name   string
		header http.Header
		f      Fetcher
		want   time.Duration
	}{
		{"none", http.Header{}, Fetcher{}, defaultMaxAge},
		{"max-age", http.Header{"Cache-Control": {"public, max-age=3600"}}, Fetcher{}, time.Hour},
		{"quoted max-age", http.Header{"Cache-Control": {`max-age="3600"`}}, Fetcher{}, time.Hour},
		{"max-age over a day", http.Header{"Cache-Control": {"max-age=31536000"}}, Fetcher{}, defaultMaxAge},
		{"huge max-age", http.Header{"Cache-Control": {"max-age=99999999999999999"}}, Fetcher{}, defaultMaxAge},
		// Past an int64, delta-seconds are 2^31 (RFC 9111 1.2.2; issue 23,
		// item 6): a max-age still wins over Expires, an Age still ages.
		{"max-age past int64", http.Header{"Cache-Control": {"max-age=99999999999999999999"}, "Expires": {now.Add(2 * time.Hour).Format(http.TimeFormat)}, "Date": {date}}, Fetcher{}, defaultMaxAge},
		{"age past int64", http.Header{"Cache-Control": {"max-age=3600"}, "Age": {"99999999999999999999"}}, Fetcher{}, defaultMinAge},
		{"age past int64, expires", http.Header{"Expires": {now.Add(2 * time.Hour).Format(http.TimeFormat)}, "Date": {date}, "Age": {"99999999999999999999"}}, Fetcher{}, defaultMinAge},
		{"signed max-age", http.Header{"Cache-Control": {"max-age=+60"}}, Fetcher{}, defaultMaxAge},
		{"negative age", http.Header{"Cache-Control": {"max-age=3600"}, "Age": {"-600"}}, Fetcher{}, time.Hour},
		{"max-age=0", http.Header{"Cache-Control": {"max-age=0"}}, Fetcher{}, defaultMinAge},
		{"no-cache", http.Header{"Cache-Control": {"no-cache"}}, Fetcher{}, defaultMinAge},
		{"no-store", http.Header{"Cache-Control": {"max-age=600, no-store"}}, Fetcher{}, defaultMinAge},
		{"bad max-age", http.Header{"Cache-Control": {"max-age=soon"}}, Fetcher{}, defaultMaxAge},
		{"first max-age", http.Header{"Cache-Control": {"max-age=600", "max-age=60"}}, Fetcher{}, 10 * time.Minute},
		{"age", http.Header{"Cache-Control": {"max-age=3600"}, "Age": {"600"}}, Fetcher{}, 50 * time.Minute},
		{"older than max-age", http.Header{"Cache-Control": {"max-age=3600"}, "Age": {"7200"}}, Fetcher{}, defaultMinAge},
		{"expires", http.Header{"Expires": {now.Add(2 * time.Hour).Format(http.TimeFormat)}, "Date": {date}}, Fetcher{}, 2 * time.Hour},
		{"expires without date", http.Header{"Expires": {now.Add(3 * time.Hour).Format(http.TimeFormat)}}, Fetcher{}, 3 * time.Hour},
		{"max-age before expires", http.Header{"Cache-Control": {"max-age=60"}, "Expires": {now.Add(2 * time.Hour).Format(http.TimeFormat)}}, Fetcher{}, time.Minute},
		{"bad expires", http.Header{"Expires": {"0"}}, Fetcher{}, defaultMinAge},
		{"configured max", http.Header{"Cache-Control": {"max-age=7200"}}, Fetcher{MaxAge: time.Hour}, time.Hour},
		{"configured min", http.Header{"Cache-Control": {"max-age=10"}}, Fetcher{MinAge: 30 * time.Second}, 30 * time.Second},
		{"min above max", http.Header{}, Fetcher{MinAge: 2 * time.Hour, MaxAge: time.Hour}, time.Hour},
	}
	for _, tt := range tests {
		if got := tt.f.expires(now, tt.header).Sub(now); got != tt.want {
			t.Errorf("%s: fresh for %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		value string
		want  time.Duration
	}{
		{"", defaultMinAge},
		{"10", defaultMinAge}, // never sooner than MinAge
		{"600", 10 * time.Minute},
		{now.Add(time.Hour).Format(http.TimeFormat), time.Hour},
		{"99999999", defaultMaxAge},
		{"99999999999999999999", defaultMaxAge}, // 2^31 s, past MaxAge
		{"soon", defaultMinAge},
	}
	for _, tt := range tests {
		resp := &http.Response{Header: http.Header{}}
		if tt.value != "" {
			resp.Header.Set("Retry-After", tt.value)
		}
		f := &Fetcher{clock: func() time.Time { return now }}
		res := f.failed(&Result{Fetched: now}, resp, nil)
		if got := res.Expires.Sub(now); got != tt.want {
			t.Errorf("Retry-After %q: retry after %v, want %v", tt.value, got, tt.want)
		}
	}
}

func TestResultString(t *testing.T) {
	fetched := time.Date(2025, 6, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		r    *Result
		want string
	}{
		{&Result{Origin: "https://a", Status: 200}, "https://a/robots.txt: ok (200 OK)"},
		{&Result{Origin: "https://a", Outcome: Unreachable, Status: 503}, "https://a/robots.txt: unreachable (503 Service Unavailable)"},
		{&Result{Origin: "https://a", Outcome: Unreachable, Status: 599}, "https://a/robots.txt: unreachable (599)"},
		{&Result{Origin: "https://a", Outcome: Unreachable, Err: errors.New("boom")}, "https://a/robots.txt: unreachable (boom)"},
		{&Result{Origin: "https://a", Status: 200, Redirects: 1, FinalURL: "https://b/robots.txt"}, "https://a/robots.txt: ok (200 OK, from https://b/robots.txt after 1 redirect)"},
		{&Result{Origin: "https://a", Outcome: Restricted, Status: 403}, "https://a/robots.txt: restricted (403 Forbidden)"},
		{&Result{Origin: "https://a", Status: 200, Fetched: fetched, Refresh: &Result{Outcome: Unreachable, Status: 500}},
			"https://a/robots.txt: ok (200 OK), a copy fetched 2025-06-01T10:00:00Z: now unreachable (500 Internal Server Error)"},
	}
	for _, tt := range tests {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
	}
	if got := Outcome(9).String(); got != "Outcome(9)" {
		t.Errorf("Outcome(9).String() = %q", got)
	}
}

// TestFromStatus: what a crawler fetched itself comes to the same Result as
// Fetch gives for the same response (issue 10, item 10).
func TestFromStatus(t *testing.T) {
	big := strings.Repeat("# filler filler filler filler filler filler filler\n", 12000) + "Disallow: /late\n"
	for _, c := range []struct {
		name   string
		status int
		header http.Header
		body   string
		auth   bool
	}{
		{"ok", 200, http.Header{"Cache-Control": {"max-age=600"}}, simpleFile, false},
		{"ok, charset ignored", 200, http.Header{"Content-Type": {"text/plain; charset=utf-16"}}, "User-agent: *\n# \u00a9\nDisallow: /x\n", false},
		{"ok, latin-1", 200, http.Header{"Content-Type": {"text/plain; charset=iso-8859-1"}}, "User-agent: *\nDisallow: /caf\xe9\n", false},
		{"ok, past the limit", 200, nil, "User-agent: *\n" + big, false},
		{"not found", 404, nil, "", false},
		{"gone", 410, nil, "", false},
		{"unauthorized", 401, nil, "", false},
		{"forbidden, AuthDisallows", 403, nil, "", true},
		{"too many requests", 429, http.Header{"Retry-After": {"3600"}}, "", false},
		{"server error", 500, nil, "", false},
		{"unavailable", 503, http.Header{"Retry-After": {"120"}}, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				for k, v := range c.header {
					w.Header()[k] = v
				}
				w.WriteHeader(c.status)
				io.WriteString(w, c.body)
			})
			clk := newClock()
			f := newFetcher(t)
			f.clock, f.AuthDisallows = clk.Now, c.auth
			want := fetch(t, f, srv.URL)

			got, err := f.FromStatus(srv.URL+"/robots.txt", c.status, c.header, []byte(c.body))
			if err != nil {
				t.Fatal(err)
			}
			resp, err := f.Client.Get(srv.URL + "/robots.txt")
			if err != nil {
				t.Fatal(err)
			}
			fromResp, err := f.FromResponse(resp)
			if err != nil {
				t.Fatal(err)
			}
			for name, r := range map[string]*Result{"FromStatus": got, "FromResponse": fromResp} {
				if r.Origin != want.Origin || r.Outcome != want.Outcome || r.Status != want.Status ||
					r.Truncated != want.Truncated || r.Size != want.Size || !r.Expires.Equal(want.Expires) {
					t.Errorf("%s: %v (truncated %v, size %d, expires %v); Fetch: %v (%v, %d, %v)", name,
						r, r.Truncated, r.Size, r.Expires, want, want.Truncated, want.Size, want.Expires)
				}
				for _, path := range []string{"/", "/x", "/caf\u00e9", "/late", "/robots.txt"} {
					if r.Decide("FooBot", path).Allowed != want.Decide("FooBot", path).Allowed {
						t.Errorf("%s: %s allowed %v, Fetch says %v", name, path, r.Decide("FooBot", path).Allowed, want.Decide("FooBot", path).Allowed)
					}
				}
			}
		})
	}
}

func TestFromResponseRedirects(t *testing.T) {
	var hits atomic.Int32
	srv := hops(t, 2, &hits)
	f := newFetcher(t)
	resp, err := f.Client.Get(srv.URL + "/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	res, err := f.FromResponse(resp)
	if err != nil {
		t.Fatal(err)
	}
	want := fetch(t, f, srv.URL)
	if res.Origin != want.Origin || res.Redirects != 2 || res.FinalURL != want.FinalURL || res.Outcome != want.Outcome {
		t.Errorf("got %v (%d redirects, final %s), Fetch: %v (%d, %s)", res, res.Redirects, res.FinalURL, want, want.Redirects, want.FinalURL)
	}
	// A redirect the caller did not follow is no file: stay out.
	r, _ := f.FromStatus(srv.URL, 301, http.Header{"Location": {"/elsewhere"}}, nil)
	if r.Outcome != Unreachable || r.Decide("FooBot", "/x").Allowed {
		t.Errorf("an unfollowed redirect: %v", r)
	}
	for _, bad := range []*http.Response{nil, {StatusCode: 200, Body: http.NoBody}} {
		if _, err := f.FromResponse(bad); err == nil {
			t.Errorf("FromResponse(%v): no error", bad)
		}
	}
	if _, err := f.FromStatus("/robots.txt", 200, nil, nil); err == nil {
		t.Error("FromStatus with a relative URL: no error")
	}
}

// BenchmarkLongLine parses, through FromStatus, a body whose line
// straddling the parse limit runs on for 5 MB: the octets allocated per
// parse, in all and as a multiple of the octets admitted (the parse limit
// and normalize.Slack), stay bounded whatever the length of the line.
func BenchmarkLongLine(b *testing.B) {
	const limit = robots.DefaultParseLimit
	head := "User-agent: *\n" + strings.Repeat("#"+strings.Repeat("c", 98)+"\n", limit/100-1)
	for _, tail := range []struct{ name, line, url string }{
		{"disallow", "Disallow: /" + strings.Repeat("a", 5<<20), "/" + strings.Repeat("a", 70<<10)},
		{"stars", "Disallow: /" + strings.Repeat("*q", 5<<19) + "$", "/" + strings.Repeat("q", 40<<10)},
	} {
		body := []byte(head + tail.line + "\nDisallow: /late\n")
		b.Run(tail.name, func(b *testing.B) {
			b.ReportAllocs()
			f := &Fetcher{}
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			for i := 0; i < b.N; i++ {
				res, err := f.FromStatus("https://example.com/robots.txt", 200, nil, body)
				if err != nil || !res.Truncated || res.Size != limit+normalize.Slack || res.Decide("FooBot", tail.url).Allowed {
					b.Fatalf("%v, %v", res, err)
				}
			}
			runtime.ReadMemStats(&m1)
			b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(b.N)/float64(limit+normalize.Slack), "x-admitted")
		})
	}
}
