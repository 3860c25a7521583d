package fetch

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/hostiletest"
)

// The tests of this file send requests through a Transport to real net/http
// servers on loopback, each reading a request's path as one common kind of
// server does, and check that none serves a file from a path robots.txt
// disallows (issue 23). Each server serves the files of writeSite, each of
// which holds its own path, so that a response names the file served.

// servedRules is the robots.txt of every server below.
const servedRules = hostiletest.ServedRules

// siteFiles are the files of the site, by path.
var siteFiles = []string{
	"/index.html", "/private/a.html", "/private/index.html", "/public/a.html", "/public/index.html",
	"/secret/file", "/secret/index.html", "/doc.pdf", "/admin",
}

// writeSite writes the site's files and its robots.txt in a new directory.
func writeSite(t testing.TB) string {
	dir := t.TempDir()
	for _, f := range siteFiles {
		name := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), []byte(servedRules), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A readingSite is a loopback server that reads paths as one kind of
// server does. It records the request targets it receives.
type readingSite struct {
	*httptest.Server
	name string

	mu  sync.Mutex
	got []string
}

func (s *readingSite) received() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.got...)
}

// mountHeader names, in a response, the path the files were mounted at, so
// that the file a response names can be told as a path of the site.
const mountHeader = "X-Mount"

// newReadingSites starts the servers of the tests, on the files in dir:
//
//   - fileserver: http.FileServer at the root, which decodes every escape
//     (%2F too) before it resolves dot segments;
//   - mux: Go 1.22's ServeMux with patterns: StripPrefix("/static/",
//     FileServer) under /static/, and under "GET /files/{name...}" the file
//     the wildcard names (which decodes %2F within the segment);
//   - servlet: the paths of a servlet container (Tomcat, Jetty): the ";"
//     parameters of every segment removed, then escapes decoded, then dot
//     segments resolved and slashes merged.
func newReadingSites(t testing.TB, dir string) []*readingSite {
	files := http.FileServer(http.Dir(dir))
	mux := http.NewServeMux()
	mux.HandleFunc("GET /robots.txt", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, servedRules)
	})
	mux.Handle("/static/", mounted("/static", http.StripPrefix("/static/", files)))
	mux.Handle("GET /files/{name...}", mounted("/files", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, os.DirFS(dir), r.PathValue("name"))
	})))
	servlet := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := servletPath(r.RequestURI)
		if !ok {
			http.Error(w, "bad path", http.StatusBadRequest)
			return
		}
		r = r.Clone(r.Context())
		r.URL.Path, r.URL.RawPath = p, ""
		files.ServeHTTP(w, r)
	})
	var sites []*readingSite
	for _, c := range []struct {
		name string
		h    http.Handler
	}{{"fileserver", files}, {"mux", mux}, {"servlet", servlet}} {
		s := &readingSite{name: c.name}
		h := c.h
		s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			s.mu.Lock()
			s.got = append(s.got, r.RequestURI)
			s.mu.Unlock()
			h.ServeHTTP(w, r)
		}))
		t.Cleanup(s.Close)
		sites = append(sites, s)
	}
	return sites
}

// mounted sets the mount header on the responses of h.
func mounted(at string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(mountHeader, at)
		h.ServeHTTP(w, r)
	})
}

// servletPath reads a request target as a servlet container does: the
// ";" parameters of every segment are removed from the target as sent, then
// escapes are decoded (%2F too, as with Tomcat's ALLOW_ENCODED_SLASH), then
// dot segments are resolved and runs of slashes merged.
func servletPath(target string) (string, bool) {
	target, _, _ = strings.Cut(target, "?")
	segs := strings.Split(target, "/")
	for i, s := range segs {
		segs[i], _, _ = strings.Cut(s, ";")
	}
	p, err := url.PathUnescape(strings.Join(segs, "/"))
	if err != nil {
		return "", false
	}
	clean := path.Clean("/" + p)
	if strings.HasSuffix(p, "/") && clean != "/" {
		clean += "/"
	}
	return clean, true
}

// servedPath returns the path of the site a response served a file from,
// or "" when it served none.
func servedPath(resp *http.Response) string {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<10))
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(string(body), "/") {
		return ""
	}
	return resp.Header.Get(mountHeader) + string(body)
}

var servedMatcher = sync.OnceValue(func() *robots.Matcher {
	return robots.Parse([]byte(servedRules)).Agent("FooBot")
})

// siteByName returns the site of that name.
func siteByName(t *testing.T, sites []*readingSite, name string) *readingSite {
	for _, s := range sites {
		if s.name == name {
			return s
		}
	}
	t.Fatalf("no site %q", name)
	return nil
}

// TestFailOpenServerReadings: a path that a common server reads as a
// disallowed one is not sent (issue 23, items 2 and 3). Each case is first
// sent without the Transport, to show that the server does serve the
// disallowed file for it; then the Transport must refuse it, and the server
// must not see it.
func TestFailOpenServerReadings(t *testing.T) {
	sites := newReadingSites(t, writeSite(t))
	plain := newClient(t)
	client, _ := newCrawler(t)
	for _, c := range []struct {
		site, target string
		serves       string // the disallowed file the server serves for target
	}{
		// %2F read as "/" by http.FileServer (item 2).
		{"fileserver", "/private%2Fa.html", "/private/a.html"},
		{"fileserver", "/private%2fa.html", "/private/a.html"},
		{"fileserver", "/x/..%2Fprivate/a.html", "/private/a.html"},
		{"fileserver", "/public/..%2Fprivate%2Fa.html", "/private/a.html"},
		// path.Clean drops the "/" a final dot segment leaves (found by
		// FuzzTransportServed).
		{"fileserver", "/doc.pdf/x/..", "/doc.pdf"},
		{"fileserver", "/admin/.", "/admin"},
		{"fileserver", "/doc.pdf/;/..", "/doc.pdf"},
		// %5C is no separator to http.FileServer: it decodes it within a
		// segment, which ".." then removes (found by FuzzTransportServed).
		{"fileserver", "/a%5Cb%2F..%2Fprivate/a.html", "/private/a.html"},
		{"fileserver", "/;%5C;%2F..%2Fprivate/", "/private/index.html"},
		// ... behind StripPrefix, and under a Go 1.22 pattern's wildcard.
		{"mux", "/static/private%2Fa.html", "/static/private/a.html"},
		{"mux", "/static/x/..%2Fprivate/a.html", "/static/private/a.html"},
		{"mux", "/static/x%2F..%2Fprivate/a.html", "/static/private/a.html"},
		{"mux", "/files/private%2Fa.html", "/files/private/a.html"},
		// ;params removed from every segment by servlet containers (item 3).
		{"servlet", "/secret;jsessionid=1/file", "/secret/file"},
		{"servlet", "/secret;/file", "/secret/file"},
		{"servlet", "/doc.pdf;x", "/doc.pdf"},
		{"servlet", "/admin;x", "/admin"},
		{"servlet", "/public/..;x/secret/file", "/secret/file"},
		{"servlet", "/x;y/..%2Fsecret/file", "/secret/file"},
	} {
		s := siteByName(t, sites, c.site)
		resp, err := plain.Get(s.URL + c.target)
		if err != nil {
			t.Fatalf("%s %s without the Transport: %v", c.site, c.target, err)
		}
		if got := servedPath(resp); got != c.serves || servedMatcher().Allowed(got) {
			t.Fatalf("%s %s without the Transport: served %q, want the disallowed %q", c.site, c.target, got, c.serves)
		}
		before := len(s.received())
		resp, err = client.Get(s.URL + c.target)
		if err == nil {
			t.Errorf("fail-open: %s %s was sent, and served %q", c.site, c.target, servedPath(resp))
			continue
		}
		var de *DisallowedError
		if !errors.Is(err, ErrDisallowed) || !errors.As(err, &de) || de.Decision.Line == 0 {
			t.Errorf("%s %s: err = %v, want ErrDisallowed by a rule", c.site, c.target, err)
		}
		for _, got := range s.received()[before:] {
			if got != "/robots.txt" {
				t.Errorf("%s %s: the server received %q", c.site, c.target, got)
			}
		}
	}
}

// TestFailOpenEscapedBackslash: %5C and "\" are read as "/" by servers on
// Windows and by URL parsers that follow the WHATWG standard; a Transport
// refuses them too, though the servers here serve no file for them.
func TestFailOpenEscapedBackslash(t *testing.T) {
	sites := newReadingSites(t, writeSite(t))
	client, _ := newCrawler(t)
	s := siteByName(t, sites, "fileserver")
	for _, target := range []string{"/private%5Ca.html", "/private%5ca.html", `/private\a.html`, "/x/..%5Cprivate/a.html"} {
		resp, err := client.Get(s.URL + target)
		if err == nil {
			resp.Body.Close()
			t.Errorf("%s was sent", target)
		} else if !errors.Is(err, ErrDisallowed) {
			t.Errorf("%s: err = %v, want ErrDisallowed", target, err)
		}
	}
	if got := s.received(); len(got) != 1 || got[0] != "/robots.txt" {
		t.Errorf("the server received %q, want only /robots.txt", got)
	}
}

// TestFailOpenUserinfoTransport: the Transport decides on the request
// target it sends, never on the URL written out again, whose user
// information may hold a ";" (issue 23, item 1); a redirect can lead a
// crawler to such a URL.
func TestFailOpenUserinfoTransport(t *testing.T) {
	sites := newReadingSites(t, writeSite(t))
	s := siteByName(t, sites, "fileserver")
	host := strings.TrimPrefix(s.URL, "http://")
	client, _ := newCrawler(t)
	plain := newClient(t)

	// Written in the URL, or built with url.UserPassword (whose String
	// leaves a ";" as it is and escapes the rest).
	urls := []string{
		"http://a;b@" + host + "/private/a.html",
		"http://a;b:c;d@" + host + "/private/a.html",
		"http://a%3Bb@" + host + "/private/a.html",
	}
	for _, ui := range []*url.Userinfo{
		url.User("a;b"), url.UserPassword("a;b@c", "d;e"), url.UserPassword("a/b?c", "d#e"),
		url.UserPassword("x", "/private;y"), url.User("%3B;"),
	} {
		u := &url.URL{Scheme: "http", User: ui, Host: host, Path: "/private/a.html"}
		urls = append(urls, u.String())
	}
	for _, u := range urls {
		resp, err := plain.Get(u)
		if err != nil {
			t.Fatalf("%s without the Transport: %v", u, err)
		}
		if got := servedPath(resp); got != "/private/a.html" {
			t.Fatalf("%s without the Transport: served %q", u, got)
		}
		resp, err = client.Get(u)
		if err == nil {
			t.Errorf("fail-open: %s was sent, and served %q", u, servedPath(resp))
		} else if !errors.Is(err, ErrDisallowed) {
			t.Errorf("%s: err = %v, want ErrDisallowed", u, err)
		}
	}

	// A redirect from any page to a URL with such user information.
	for _, loc := range []string{
		"http://x;y@" + host + "/private/a.html",
		"http://x;y@" + host + "/secret/file",
		"http://x;y:p;q@" + host + "/doc.pdf",
	} {
		jump := serve(t, func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" {
				http.NotFound(w, r)
				return
			}
			http.Redirect(w, r, loc, http.StatusFound)
		})
		resp, err := client.Get(jump.URL + "/page")
		if err == nil {
			t.Errorf("fail-open: the redirect to %s was followed, and served %q", loc, servedPath(resp))
		} else if !errors.Is(err, ErrDisallowed) {
			t.Errorf("redirect to %s: err = %v, want ErrDisallowed", loc, err)
		}
	}
	for _, got := range s.received() {
		if got != "/robots.txt" && got != "/private/a.html" {
			t.Errorf("the server received %q", got)
		}
	}
}

// TestTransportSendsAsGiven: what a Transport allows it sends as it was
// given, octet for octet: it decides on every reading but rewrites none.
func TestTransportSendsAsGiven(t *testing.T) {
	sites := newReadingSites(t, writeSite(t))
	client, _ := newCrawler(t)
	for _, c := range []struct{ site, target, serves string }{
		{"fileserver", "/public/a.html", "/public/a.html"},
		{"fileserver", "/public/./a.html", "/public/a.html"},
		{"fileserver", "/x/../public/a.html", "/public/a.html"},
		{"fileserver", "/public%2Fa.html", "/public/a.html"},
		{"fileserver", "/public/a%2Ehtml?q=%2F..%2Fprivate", "/public/a.html"},
		{"mux", "/static/public%2Fa.html", "/static/public/a.html"},
		{"mux", "/files/public/a.html", "/files/public/a.html"},
		{"servlet", "/public;jsessionid=1/a.html", "/public/a.html"},
		{"servlet", "/public/a.html;x", "/public/a.html"},
	} {
		s := siteByName(t, sites, c.site)
		before := len(s.received())
		resp, err := client.Get(s.URL + c.target)
		if err != nil {
			t.Errorf("%s %s: %v", c.site, c.target, err)
			continue
		}
		if got := servedPath(resp); got != c.serves {
			t.Errorf("%s %s: served %q, want %q", c.site, c.target, got, c.serves)
		}
		if got := s.received()[before:]; len(got) == 0 || got[len(got)-1] != c.target {
			t.Errorf("%s %s: the server received %q", c.site, c.target, got)
		}
	}
}

// TestDisallowedErrorRedacts: a refusal names the URL without its password,
// as net/http names URLs (issue 23, item 6).
func TestDisallowedErrorRedacts(t *testing.T) {
	s := newShop(t, 200, "User-agent: *\nDisallow: /private/\n")
	client, _ := newCrawler(t)
	u := "http://user:secret-password@" + strings.TrimPrefix(s.URL, "http://") + "/private%2Fx"
	_, err := client.Get(u)
	var de *DisallowedError
	if !errors.As(err, &de) {
		t.Fatalf("err = %v", err)
	}
	if strings.Contains(de.Error(), "secret-password") || strings.Contains(de.URL, "secret-password") {
		t.Errorf("the error shows the password: %q", de.Error())
	}
	if !strings.Contains(de.Error(), "user:xxxxx@") || !strings.Contains(de.Error(), "(read as /private/x)") {
		t.Errorf("error %q", de.Error())
	}
}
