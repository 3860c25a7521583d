package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// TestNotGenerated checks that a build without the generated page says
// what to run.
func TestNotGenerated(t *testing.T) {
	_, err := generated(fstest.MapFS{"README.md": {Data: []byte("x")}})
	if !errors.Is(err, ErrNotGenerated) || !strings.Contains(err.Error(), "go generate ./web") {
		t.Errorf("got %v", err)
	}
}

func TestLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "127.1.2.3:0": true, "[::1]:8080": true, "localhost:8080": true, "LOCALHOST.:1": true,
		":8080": false, "0.0.0.0:8080": false, "192.168.1.2:80": false, "example.com:80": false, "127.0.0.1": false,
	} {
		if got := Loopback(addr); got != want {
			t.Errorf("Loopback(%q) = %v", addr, got)
		}
	}
}

// page is a stand-in for the generated files.
var page = fstest.MapFS{"index.html": {Data: []byte("<!doctype html>page")}}

// origin serves robots.txt files for the endpoint to fetch, on loopback.
func origin(t *testing.T) (*httptest.Server, int) {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("User-agent: *\nDisallow: /private\n"))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	n, _ := strconv.Atoi(port)
	return srv, n
}

// ask calls the endpoint of h as the page does.
func ask(h http.Handler, target string, mod func(*http.Request)) *httptest.ResponseRecorder {
	req := httptest.NewRequest("GET", "http://127.0.0.1:8080/api/fetch?url="+url.QueryEscape(target), nil)
	req.Header.Set(fetchHeader, "fetch")
	if mod != nil {
		mod(req)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestFetchEndpoint(t *testing.T) {
	srv, port := origin(t)
	s := &Server{Ports: []int{port}}
	h := s.handler(page)

	rec := ask(h, srv.URL+"/some/page", nil)
	var f fetched
	if err := json.Unmarshal(rec.Body.Bytes(), &f); err != nil || rec.Code != 200 {
		t.Fatalf("%d %s: %v", rec.Code, rec.Body, err)
	}
	if f.Outcome != "ok" || f.Status != 200 || f.Text != "User-agent: *\nDisallow: /private\n" || f.URL != srv.URL+"/robots.txt" {
		t.Errorf("got %+v", f)
	}

	for _, c := range []struct {
		name string
		url  string
		mod  func(*http.Request)
		code int
	}{
		{"another host name", srv.URL, func(r *http.Request) { r.Host = "attacker.example:8080" }, 403},
		{"no header", srv.URL, func(r *http.Request) { r.Header.Del(fetchHeader) }, 403},
		{"another port", "http://127.0.0.1:1/", nil, 400},
		{"another scheme", "ftp://127.0.0.1/", nil, 400},
		{"no URL", "", nil, 400},
	} {
		if rec := ask(h, c.url, c.mod); rec.Code != c.code {
			t.Errorf("%s: %d %s, want %d", c.name, rec.Code, rec.Body, c.code)
		}
	}

	// The default ports are 80 and 443: the origin's is refused.
	if rec := ask((&Server{}).handler(page), srv.URL, nil); rec.Code != 400 || !strings.Contains(rec.Body.String(), "80, 443") {
		t.Errorf("default ports: %d %s", rec.Code, rec.Body)
	}
}

// TestFetchRedirects checks that a redirect to a port the Server does not
// fetch from is refused, which RFC 9309's policy reads as unreachable.
func TestFetchRedirects(t *testing.T) {
	_, port := origin(t)
	redirect := httptest.NewServer(http.RedirectHandler("http://127.0.0.1:1/robots.txt", http.StatusFound))
	defer redirect.Close()
	_, p2, _ := net.SplitHostPort(redirect.Listener.Addr().String())
	n2, _ := strconv.Atoi(p2)
	h := (&Server{Ports: []int{port, n2}}).handler(page)
	var f fetched
	rec := ask(h, redirect.URL, nil)
	json.Unmarshal(rec.Body.Bytes(), &f)
	if f.Outcome != "unreachable" || !strings.Contains(f.Error, "port 1 is not one") || !strings.Contains(f.Text, "Disallow: /") {
		t.Errorf("got %d %+v", rec.Code, f)
	}
}

// TestFetchOutcomes checks the text the page loads for each outcome, and
// a gzipped body the server sent unasked.
func TestFetchOutcomes(t *testing.T) {
	var status int
	var gz bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if gz {
			var b bytes.Buffer
			zw := gzip.NewWriter(&b)
			io.WriteString(zw, "User-agent: *\nDisallow: /gz\n")
			zw.Close()
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(b.Bytes())
			return
		}
		w.WriteHeader(status)
	}))
	defer srv.Close()
	_, p, _ := net.SplitHostPort(srv.Listener.Addr().String())
	n, _ := strconv.Atoi(p)
	// A transport that asks for no compression, so that gzip comes unasked.
	h := (&Server{Ports: []int{n}, transport: &http.Transport{DisableCompression: true}}).handler(page)
	for _, c := range []struct {
		status  int
		gz      bool
		outcome string
		text    string
	}{
		{404, false, "unavailable", "everything is allowed"},
		{503, false, "unreachable", "User-agent: *\nDisallow: /\n"},
		{200, true, "ok", "User-agent: *\nDisallow: /gz\n"},
	} {
		status, gz = c.status, c.gz
		var f fetched
		rec := ask(h, srv.URL, nil)
		json.Unmarshal(rec.Body.Bytes(), &f)
		if f.Outcome != c.outcome || !strings.Contains(f.Text, c.text) {
			t.Errorf("%d gzip %v: %+v", c.status, c.gz, f)
		}
	}
}

func TestServesPage(t *testing.T) {
	h := (&Server{}).handler(page)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 200 || rec.Body.String() != "<!doctype html>page" {
		t.Errorf("/: %d %s", rec.Code, rec.Body)
	}
	rec = httptest.NewRecorder()
	req := httptest.NewRequest("GET", "http://127.0.0.1/api/info", nil)
	req.Header.Set(fetchHeader, "fetch")
	h.ServeHTTP(rec, req)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"ports":[80,443]`) {
		t.Errorf("/api/info: %d %s", rec.Code, rec.Body)
	}
}

// TestModuleOffline checks that the page's module, built as go generate
// builds it, links neither net/http nor package fetch, nor any of
// golang.org/x/text: the page fetches nothing, and carries no charset
// tables.
func TestModuleOffline(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-tags", "robots_nocharset", "./wasm")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps: %q", out)
	}
	for _, dep := range deps {
		if dep == "net/http" || dep == "net" || strings.HasSuffix(dep, "/robots/fetch") || strings.HasPrefix(dep, "golang.org/x/text") || dep == "regexp" {
			t.Errorf("the module links %s", dep)
		}
	}
}
