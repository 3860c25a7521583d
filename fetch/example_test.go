package fetch_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"sync/atomic"

	"github.com/robotsexclusion/robots/fetch"
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
	fmt.Printf("%+v\n", res.Decide("FooBot", srv.URL+"/private/page"))
	fmt.Println(res.Robots.Sitemaps())
	// Output:
	// ok 200 fresh for 1h0m0s
	// {Allowed:false Line:2 Pattern:/private}
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
		fmt.Println(path, res.Outcome, res.Status, res.Allowed("FooBot", srv.URL+path))
	}
	fmt.Println("fetches:", fetches.Load())
	// Output:
	// /a unreachable 503 false
	// /b unreachable 503 false
	// /robots.txt unreachable 503 true
	// fetches: 1
}
