package fetch

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// fuzzPieces are what FuzzTransportServed builds paths of: the spellings
// servers read in more ways than one (escaped slashes and dots, ";"
// parameters, dot segments, runs of slashes, backslashes), and the names of
// the files and mounts of the sites of newReadingSites.
var fuzzPieces = []string{
	"/", "//", ".", "..", "%2F", "%2f", "%5C", "%5c", `\`, "%2E", "%2e", ";", ";x=1", ";jsessionid=1",
	"private", "public", "secret", "static", "files", "x", "a.html", "file", "doc.pdf", "admin", "index.html",
	"?", "?q=1", "#f", "@", ":", "%3B", "%25", "%252F", "%40", "%00", "robots.txt", "..;", ".;x",
}

// FuzzTransportServed sends URLs built from a user information string and
// fuzzPieces (each octet of spec picks one; raw follows them) through a
// Transport to the servers of newReadingSites, on loopback: http.FileServer,
// StripPrefix and Go 1.22 ServeMux patterns, and a servlet-style reader of
// ";" parameters. Whatever the Transport sends, no server may serve a file
// from a path robots.txt disallows (issue 23). A refusal passes; so does a
// URL net/http will not send.
func FuzzTransportServed(f *testing.F) {
	sites := newReadingSites(f, writeSite(f))
	client := fuzzClient(f, sites)
	f.Add(uint8(0), "", []byte{0, 14, 0, 20}, "")                     // /private/a.html
	f.Add(uint8(0), "", []byte{0, 14, 4, 20}, "")                     // /private%2Fa.html
	f.Add(uint8(1), "", []byte{0, 17, 0, 19, 0, 3, 4, 14}, "/a.html") // /static/x/..%2Fprivate/a.html
	f.Add(uint8(2), "", []byte{0, 16, 13, 0, 21}, "")                 // /secret;jsessionid=1/file
	f.Add(uint8(2), "", []byte{0, 22, 12}, "")                        // /doc.pdf;x=1
	f.Add(uint8(0), "a;b", []byte{0, 14, 0, 20}, "")                  // http://a;b@host/private/a.html
	f.Add(uint8(1), "x:y;z", []byte{0, 18, 0, 14, 4}, "a.html")       // http://x:y;z@host/files/private%2Fa.html
	f.Fuzz(func(t *testing.T, site uint8, user string, spec []byte, raw string) {
		s := sites[int(site)%len(sites)]
		var path strings.Builder
		for _, c := range spec {
			path.WriteString(fuzzPieces[int(c)%len(fuzzPieces)])
		}
		path.WriteString(raw)
		p := path.String()
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		rawURL := s.URL + p
		if user != "" {
			rawURL = "http://" + user + "@" + strings.TrimPrefix(s.URL, "http://") + p
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
		if err != nil {
			return // not a URL net/http sends
		}
		resp, err := client.Do(req)
		if err != nil {
			return // refused, or not for a site (errNotASite), or a redirect too many
		}
		// The URL of what was served: the file's path, and the query of
		// the request that got it, which the servers ignore but RFC 9309
		// matches (/doc.pdf?x is no URL Disallow: /*.pdf$ speaks of).
		target := resp.Request.URL.RequestURI()
		got := servedPath(resp)
		if i := strings.IndexByte(target, '?'); i >= 0 && got != "" {
			got += target[i:]
		}
		if got != "" && !servedMatcher().Allowed(got) {
			t.Fatalf("fail-open: %s sent %q (request target %q), and %s served %q, which robots.txt disallows",
				s.name, rawURL, target, s.name, got)
		}
	})
}

// errNotASite is the error of a dial to another address than the sites'.
var errNotASite = errors.New("not a test site")

// fuzzClient returns a client whose Transport enforces robots.txt for
// FooBot and dials only the sites: a URL whose user information ends its
// authority early names another host, and no fuzzed URL leaves loopback.
func fuzzClient(f *testing.F, sites []*readingSite) *http.Client {
	addrs := map[string]bool{}
	for _, s := range sites {
		addrs[s.Listener.Addr().String()] = true
	}
	base := &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if !addrs[addr] {
				return nil, errNotASite
			}
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		},
	}
	f.Cleanup(base.CloseIdleConnections)
	tr := &Transport{Base: base, Cache: &Cache{Fetcher: Fetcher{Client: &http.Client{Transport: base}, UserAgent: "FooBot/1.0", Timeout: 5 * time.Second}}}
	return &http.Client{Transport: tr}
}
