package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/fetch"
	"github.com/robotsexclusion/robots/normalize"
)

// Bounds of the live-fetch endpoint (stated in the doc of Server): how
// many fetches run at once (more wait for one to end, or for their request
// to be cancelled), and how long one may take, redirects and body
// included.
const (
	maxFetches   = 2
	fetchTimeout = 15 * time.Second
)

// defaultPorts are the ports the endpoint fetches from when a Server names
// none: those of http and https.
var defaultPorts = []int{80, 443}

// fetchHeader is the header, with the value "fetch", that a request of the
// endpoint must carry: a page of another origin cannot send it without the
// browser asking first (a CORS preflight, which the Server never grants),
// so no other site can make the endpoint fetch anything.
const fetchHeader = "X-Robots-Tester"

// A Server serves the tester page, and at GET /api/fetch?url=URL fetches
// the robots.txt of URL's origin as package fetch does (RFC 9309's policy:
// redirects, status codes, the parse limit) and answers, in JSON, with
// what the fetch came to (fetch.Result) and the text the page loads.
//
// The endpoint fetches only the robots.txt of an origin, over http or
// https, on the Server's Ports (redirects included), at most 2 at a time,
// each within 15 seconds; its body is read up to the parse limit and
// normalize.Slack. It answers only requests made to a loopback host name
// (so not a page that rebinds its own name to 127.0.0.1) that carry the
// header "X-Robots-Tester: fetch" (so not another site's page: it cannot
// send the header without a CORS preflight, which the Server never
// grants). Serve it on loopback: it is a tool for the person at the
// machine, not a proxy.
type Server struct {
	// Ports are the ports the endpoint may fetch from; empty means 80
	// and 443, those of http and https.
	Ports []int
	// UserAgent is the User-Agent header of its requests; empty means
	// "robots-tester".
	UserAgent string

	transport http.RoundTripper // sends its requests; nil means http.DefaultTransport
	sem       chan struct{}
}

// A fetched is the endpoint's answer: what fetching a robots.txt came to
// (fetch.Result), and the text the page loads: the file as the parser
// reads it when there is one (octets that are not UTF-8 shown as U+FFFD),
// or else the rules RFC 9309 reads the outcome as, in a comment and rules.
type fetched struct {
	URL       string `json:"url"`       // the robots.txt URL fetched
	FinalURL  string `json:"final_url"` // after redirects
	Status    int    `json:"status"`    // of the last response; 0 when none
	Outcome   string `json:"outcome"`   // ok, unavailable, unreachable or restricted
	Summary   string `json:"summary"`   // fetch.Result's one line
	Text      string `json:"text"`
	Truncated bool   `json:"truncated"` // the file was longer than the parse limit
	Error     string `json:"error,omitempty"`
}

// Handler returns the handler of the page and its endpoint, or
// ErrNotGenerated.
func (s *Server) Handler() (http.Handler, error) {
	page, err := pageFS()
	if err != nil {
		return nil, err
	}
	return s.handler(page), nil
}

// handler serves page and the endpoint.
func (s *Server) handler(page fs.FS) http.Handler {
	s.sem = make(chan struct{}, maxFetches)
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServerFS(page))
	mux.HandleFunc("GET /api/fetch", s.fetch)
	mux.HandleFunc("GET /api/info", s.info)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	return mux
}

// info tells the page that the endpoint is there, and on which ports it
// fetches.
func (s *Server) info(w http.ResponseWriter, r *http.Request) {
	if !s.check(w, r) {
		return
	}
	ports := s.Ports
	if len(ports) == 0 {
		ports = defaultPorts
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(map[string]any{"fetch": true, "ports": ports})
}

// check answers a request that is not for the endpoint (see Server) and
// reports false.
func (s *Server) check(w http.ResponseWriter, r *http.Request) bool {
	switch {
	case !loopbackHost(r.Host):
		http.Error(w, "the endpoint answers requests to a loopback host only", http.StatusForbidden)
		return false
	case r.Header.Get(fetchHeader) != "fetch":
		http.Error(w, "the endpoint answers the tester page only (header "+fetchHeader+": fetch)", http.StatusForbidden)
		return false
	}
	return true
}

func (s *Server) fetch(w http.ResponseWriter, r *http.Request) {
	if !s.check(w, r) {
		return
	}
	target := r.URL.Query().Get("url")
	u, err := url.Parse(target)
	if err == nil {
		err = s.allowed(u)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	select {
	case s.sem <- struct{}{}:
		defer func() { <-s.sem }()
	case <-r.Context().Done():
		return
	}
	g := &guard{s: s, base: s.transport}
	if g.base == nil {
		g.base = http.DefaultTransport
	}
	ua := s.UserAgent
	if ua == "" {
		ua = "robots-tester"
	}
	f := fetch.Fetcher{Client: &http.Client{Transport: g}, UserAgent: ua, Timeout: fetchTimeout}
	res, err := f.Fetch(r.Context(), target)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	out := fetched{URL: res.Origin + "/robots.txt", FinalURL: res.FinalURL, Status: res.Status, Outcome: res.Outcome.String(),
		Summary: res.String(), Truncated: res.Truncated}
	if res.Err != nil {
		out.Error = res.Err.Error()
	}
	switch res.Outcome {
	case fetch.OK:
		out.Text = g.text()
	case fetch.Unavailable:
		out.Text = "# " + res.String() + ": no file, so everything is allowed (RFC 9309 2.3.1.3)\n"
	default:
		out.Text = "# " + res.String() + ": everything is disallowed (RFC 9309 2.3.1.4), as if the file read:\nUser-agent: *\nDisallow: /\n"
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(out)
}

// allowed says why the endpoint does not fetch u, or returns nil.
func (s *Server) allowed(u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("%q: want an http or https URL", u.String())
	}
	port := 80
	if u.Scheme == "https" {
		port = 443
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil {
			return fmt.Errorf("%q: bad port", u.String())
		}
		port = n
	}
	ports := s.Ports
	if len(ports) == 0 {
		ports = defaultPorts
	}
	if !slices.Contains(ports, port) {
		return fmt.Errorf("%s: port %d is not one the tester fetches from (%s)", u.Redacted(), port, joinPorts(ports))
	}
	return nil
}

func joinPorts(ports []int) string {
	s := make([]string, len(ports))
	for i, p := range ports {
		s[i] = strconv.Itoa(p)
	}
	return strings.Join(s, ", ")
}

// guard is the transport of one fetch: it refuses requests the Server does
// not make (redirects to other ports or schemes), and keeps the octets the
// Fetcher reads of the last response's body.
type guard struct {
	s        *Server
	base     http.RoundTripper
	body     bytes.Buffer
	encoding string // the last response's Content-Encoding
	charset  string // and its declared charset
}

func (g *guard) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := g.s.allowed(req.URL); err != nil {
		return nil, err
	}
	resp, err := g.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	g.body.Reset()
	g.encoding = strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding")))
	g.charset = ""
	if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err == nil {
		g.charset = params["charset"]
	}
	resp.Body = &teeBody{ReadCloser: resp.Body, w: &g.body}
	return resp, nil
}

// text is the body the Fetcher read, as the parser reads it.
func (g *guard) text() string {
	body := g.body.Bytes()
	if g.encoding == "gzip" || g.encoding == "x-gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return ""
		}
		body, _ = normalize.ReadBody(zr, robots.DefaultParseLimit)
	}
	text, _, _ := normalize.Prepare(body, normalize.BodyOptions{Charset: g.charset, Limit: robots.DefaultParseLimit})
	return string(text)
}

// teeBody copies what is read of a body to w: what the Fetcher reads, which
// it bounds.
type teeBody struct {
	io.ReadCloser
	w io.Writer
}

func (t *teeBody) Read(p []byte) (int, error) {
	n, err := t.ReadCloser.Read(p)
	t.w.Write(p[:n])
	return n, err
}
