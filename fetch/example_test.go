package fetch_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"sync/atomic"

	"github.com/robotsexclusion/robots/fetch"
	"github.com/robotsexclusion/robots/usage"
)

func ExampleFetcher_Fetch() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=3600")
		fmt.Fprint(w, "User-agent: FooBot\nDisallow: /private\n\nSitemap: https://example.com/sitemap.xml\n")
	}))
	defer srv.Close()

	f := &fetch.Fetcher{UserAgent: "FooBot/1.0 (+https://foo.example/bot)"}
	res, err := f.Fetch(context.Background(), srv.URL+"/private/page")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Outcome, res.Status, "fresh for", res.Expires.Sub(res.Fetched))
	d := res.Decide("FooBot", srv.URL+"/private/page")
	fmt.Printf("allowed %v, line %d: Disallow: %s\n", d.Allowed, d.Line, d.Pattern)
	fmt.Println(res.Robots.Sitemaps())
	// Output:
	// ok 200 fresh for 1h0m0s
	// allowed false, line 2: Disallow: /private
	// [https://example.com/sitemap.xml]
}

func ExampleTransport() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: FooBot\nDisallow: /private\n")
			return
		}
		fmt.Fprint(w, "a page")
	}))
	defer srv.Close()

	cache := &fetch.Cache{Fetcher: fetch.Fetcher{UserAgent: "FooBot/1.0"}}
	client := &http.Client{Transport: &fetch.Transport{Cache: cache}}
	for _, path := range []string{"/public", "/private/page"} {
		resp, err := client.Get(srv.URL + path)
		if errors.Is(err, fetch.ErrDisallowed) {
			var de *fetch.DisallowedError
			errors.As(err, &de)
			fmt.Printf("%s: skipped by line %d (Disallow: %s)\n", path, de.Decision.Line, de.Decision.Pattern)
			continue
		}
		if err != nil {
			log.Fatal(err)
		}
		resp.Body.Close()
		fmt.Println(path+":", resp.Status)
	}
	// Output:
	// /public: 200 OK
	// /private/page: skipped by line 2 (Disallow: /private)
}

func ExampleCache() {
	var fetches atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
	}))
	defer srv.Close()

	cache := &fetch.Cache{}
	for _, path := range []string{"/a", "/b", "/robots.txt"} {
		res, err := cache.Get(context.Background(), srv.URL+path)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(path, res.Outcome, res.Status, res.Decide("FooBot", srv.URL+path).Allowed)
	}
	fmt.Println("fetches:", fetches.Load())
	// Output:
	// /a unreachable 503 false
	// /b unreachable 503 false
	// /robots.txt unreachable 503 true
	// fetches: 1
}

// A Transport's refusals come in two kinds: a rule forbids the URL
// (ErrDisallowed: drop it), or the origin's robots.txt cannot be fetched
// for now (ErrUnreachable: keep the URL and try again once the error's
// Result expires).
func ExampleTransport_errors() {
	var down atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			if down.Load() {
				w.Header().Set("Retry-After", "3600")
				http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
				return
			}
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
			return
		}
		fmt.Fprint(w, "a page")
	}))
	defer srv.Close()

	for _, isDown := range []bool{false, true} {
		down.Store(isDown)
		client := &http.Client{Transport: &fetch.Transport{Agent: "FooBot"}} // a fresh Cache each time
		_, err := client.Get(srv.URL + "/private/page")
		var de *fetch.DisallowedError
		errors.As(err, &de)
		switch {
		case errors.Is(err, fetch.ErrDisallowed):
			fmt.Printf("drop the URL: line %d, Disallow: %s\n", de.Decision.Line, de.Decision.Pattern)
		case errors.Is(err, fetch.ErrUnreachable):
			fmt.Printf("retry in %v: robots.txt %s (%d)\n", de.Result.Expires.Sub(de.Result.Fetched), de.Result.Outcome, de.Result.Status)
		}
	}
	// Output:
	// drop the URL: line 2, Disallow: /private
	// retry in 1h0m0s: robots.txt unreachable (503)
}

// A crawler that fetches robots.txt itself turns what it got into the
// Result Fetch would give, under the same policy.
func ExampleFetcher_FromStatus() {
	f := &fetch.Fetcher{}
	for _, got := range []struct {
		status int
		body   string
	}{
		{200, "User-agent: *\nDisallow: /private\n"},
		{404, "not found"},
		{503, "try later"},
	} {
		res, err := f.FromStatus("https://example.com/robots.txt", got.status, nil, []byte(got.body))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(got.status, res.Outcome, res.Decide("FooBot", "https://example.com/private/a").Allowed, res.Decide("FooBot", "https://example.com/public").Allowed)
	}
	// Output:
	// 200 ok false true
	// 404 unavailable true true
	// 503 unreachable false false
}

// FromResponse reads a response from the crawler's own client: the body
// within the parse limit, gzip and charset as Fetch reads them, and the
// origin of the first request when redirects were followed.
func ExampleFetcher_FromResponse() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/files/robots.txt", http.StatusMovedPermanently)
			return
		}
		fmt.Fprint(w, "User-agent: FooBot\nDisallow: /\n")
	}))
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/robots.txt")
	if err != nil {
		log.Fatal(err)
	}
	res, err := (&fetch.Fetcher{}).FromResponse(resp)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Outcome, res.Redirects, res.Decide("FooBot", srv.URL+"/page").Allowed)
	// Output:
	// ok 1 false
}

// A crawler that trains models declares it: the Transport refuses, before
// sending them, the URLs for which robots.txt says train-ai=n. What the
// response itself says (its Content-Usage header, a noai META tag) is known
// only once it has come: Preferences combines both, any no winning, to be
// stored with the page.
func ExampleTransport_purposes() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\nContent-Usage: /blog/ train-ai=y, search=y\n")
		case "/blog/draft":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<html><head><meta name="robots" content="noai"></head></html>`)
		default:
			fmt.Fprint(w, "a page")
		}
	}))
	defer srv.Close()

	tr := &fetch.Transport{Agent: "FooBot", Purposes: []usage.Category{usage.TrainAI}}
	client := &http.Client{Transport: tr}
	for _, path := range []string{"/shop", "/blog/post", "/blog/draft"} {
		resp, err := client.Get(srv.URL + path)
		var ue *fetch.DisallowedError
		if errors.Is(err, fetch.ErrUsageRefused) && errors.As(err, &ue) {
			fmt.Printf("%s: not fetched, robots.txt %s: %s=%s\n", path, ue.Source, ue.Purpose, ue.Decision.Usage.Get(ue.Purpose))
			continue
		}
		if err != nil {
			log.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			log.Fatal(err)
		}
		prefs, err := tr.Preferences(resp, body)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: train-ai %s (%s), search %s (%s)\n", path,
			prefs.Get(usage.TrainAI), prefs.From(usage.TrainAI), prefs.Get(usage.Search), prefs.From(usage.Search))
	}
	// Output:
	// /shop: not fetched, robots.txt line 3: Content-Usage: train-ai=disallowed
	// /blog/post: train-ai allowed (line 4: Content-Usage), search allowed (line 4: Content-Usage)
	// /blog/draft: train-ai disallowed (meta name="robots"), search allowed (line 4: Content-Usage)
}

// A crawler asks Check before it queues a URL, so that it queues only what
// its Transport will send. Check decides as the Transport does: the path as
// sent, and every reading of it that a common server makes.
func ExampleTransport_Check() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: FooBot\nDisallow: /private/\n")
			return
		}
		fmt.Fprint(w, "a page")
	}))
	defer srv.Close()

	tr := &fetch.Transport{UserAgent: "FooBot/1.0 (+https://foo.example/bot)"}
	for _, path := range []string{"/public/page", "/private/page", "/private%2Fpage", "/private;v=1/page"} {
		err := tr.Check(context.Background(), srv.URL+path)
		var de *fetch.DisallowedError
		switch {
		case err == nil:
			fmt.Printf("%s: queue it\n", path)
		case errors.As(err, &de) && de.Reading != "":
			fmt.Printf("%s: drop it, read as %s by line %d\n", path, de.Reading, de.Decision.Line)
		case errors.As(err, &de):
			fmt.Printf("%s: drop it, line %d\n", path, de.Decision.Line)
		default:
			log.Fatal(err)
		}
	}
	// Output:
	// /public/page: queue it
	// /private/page: drop it, line 2
	// /private%2Fpage: drop it, read as /private/page by line 2
	// /private;v=1/page: drop it, read as /private/page by line 2
}
