package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestTargetURL(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"example.com", "https://example.com", ""},
		{"example.com:8443", "https://example.com:8443", ""},
		{"localhost:8080/a?b", "https://localhost:8080/a?b", ""},
		{"[::1]:80", "https://[::1]:80", ""},
		{"http://example.com/x", "http://example.com/x", ""},
		{"HTTPS://Example.com", "https://Example.com", ""},
		{"ftp://example.com/", "", "scheme ftp is not http or https"},
		{"mailto:x@example.com", "", "not a URL with a host"},
		{"http://", "", "no host"},
		{"example.com:99999", "", "port 99999 out of range"},
		{"a b", "", "not a URL"},
	}
	for _, tt := range tests {
		got, err := targetURL(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), "want a host, host:port or http(s) URL") {
				t.Errorf("targetURL(%q) = %q, %v; want error %q", tt.in, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("targetURL(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if code, _, errOut := runCmd("", "fetch", "ftp://example.com/"); code != exitUsage || !strings.Contains(errOut, "scheme ftp is not http or https") || strings.Contains(errOut, "parse") {
		t.Errorf("fetch ftp://: exit %d, %q", code, errOut)
	}
}

func TestMetaTarget(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "example.com")
	if err := os.WriteFile(file, []byte("<html></html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in, url string
		isURL   bool
	}{
		{"https://example.com/a", "https://example.com/a", true},
		{"example.com/a", "https://example.com/a", true},
		{"localhost:8080", "https://localhost:8080", true},
		{file, "", false},
		{"-", "", false},
		{filepath.Join(dir, "page.html"), "", false}, // missing: a file all the same
		{"page", "", false},
	}
	for _, tt := range tests {
		u, isURL, err := metaTarget(tt.in)
		if err != nil || u != tt.url || isURL != tt.isURL {
			t.Errorf("metaTarget(%q) = %q, %v, %v; want %q, %v", tt.in, u, isURL, err, tt.url, tt.isURL)
		}
	}
	if _, _, err := metaTarget("gopher://example.com/"); err == nil {
		t.Error("metaTarget(gopher://...): no error")
	}
}

func TestMetaUserAgentFlag(t *testing.T) {
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Get("User-Agent")
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<html></html>")
	}))
	defer srv.Close()
	if code, _, errOut := runCmd("", "meta", srv.URL+"/", "-agent", "FooBot", "-user-agent", "MyAudit/1.0"); code != exitOK || got != "MyAudit/1.0" {
		t.Errorf("exit %d, stderr %q, User-Agent %q", code, errOut, got)
	}
}

// TestCheckLiveConcurrent serves two origins whose robots.txt answers only
// once both have been asked for: a check that fetches origins one at a
// time waits out the guard and fails.
func TestCheckLiveConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(2)
	both := make(chan struct{})
	go func() { wg.Wait(); close(both) }()
	newSite := func() *httptest.Server {
		var once sync.Once
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			once.Do(wg.Done)
			select {
			case <-both:
			case <-time.After(20 * time.Second):
				http.Error(w, "not concurrent", http.StatusInternalServerError)
				return
			}
			io.WriteString(w, "User-agent: *\nDisallow: /private\n")
		}))
		t.Cleanup(s.Close)
		return s
	}
	a, b := newSite(), newSite()
	t.Cleanup(http.DefaultTransport.(*http.Transport).CloseIdleConnections)
	code, out, errOut := runCmd(a.URL+"/x\n"+b.URL+"/private\n"+a.URL+"/private\n", "check", "-agent", "Bot", "-timeout", "60s")
	want := []string{
		"allowed    " + a.URL + "/x\t(no rule matched)\t" + a.URL + "/robots.txt: ok (200 OK)",
		"disallowed " + b.URL + "/private\tline 2: /private\t" + b.URL + "/robots.txt: ok (200 OK)",
		"disallowed " + a.URL + "/private\tline 2: /private\t" + a.URL + "/robots.txt: ok (200 OK)",
	}
	if code != exitFinding || out != strings.Join(want, "\n")+"\n" {
		t.Errorf("exit %d, stderr %q, got\n%s\nwant (in input order)\n%s", code, errOut, out, strings.Join(want, "\n"))
	}
}
