package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// Every server in these tests is an httptest server on the loopback
// interface.

// liveSite serves robotsTxt with the given status at /robots.txt and
// counts how often it is asked for it.
type liveSite struct {
	*httptest.Server
	fetches atomic.Int32
}

func newLiveSite(t *testing.T, status int, robotsTxt string) *liveSite {
	s := &liveSite{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		s.fetches.Add(1)
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(status)
		io.WriteString(w, robotsTxt)
	}))
	t.Cleanup(s.Close)
	t.Cleanup(http.DefaultTransport.(*http.Transport).CloseIdleConnections)
	return s
}

// runLive runs the tool in-process and returns its exit status and output.
func runLive(stdin string, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(&env{stdin: strings.NewReader(stdin), stdout: &stdout, stderr: &stderr}, args)
	return code, stdout.String(), stderr.String()
}

func TestCheckLive(t *testing.T) {
	a := newLiveSite(t, 200, "User-agent: FooBot\nDisallow: /private\n")
	b := newLiveSite(t, 503, "")
	c := newLiveSite(t, 404, "")
	code, out, errOut := runLive("", "check", "-agent", "FooBot",
		a.URL+"/public", a.URL+"/private/x", b.URL+"/page", b.URL+"/robots.txt", c.URL+"/page", a.URL+"/other")
	if code != exitFinding || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want := []string{
		"allowed    " + a.URL + "/public\t(no rule matched)\t" + a.URL + "/robots.txt: ok (200 OK)",
		"disallowed " + a.URL + "/private/x\tline 2: /private\t" + a.URL + "/robots.txt: ok (200 OK)",
		"disallowed " + b.URL + "/page\t(everything disallowed)\t" + b.URL + "/robots.txt: unreachable (503 Service Unavailable)",
		"allowed    " + b.URL + "/robots.txt\t(robots.txt is always allowed)\t" + b.URL + "/robots.txt: unreachable (503 Service Unavailable)",
		"allowed    " + c.URL + "/page\t(everything allowed)\t" + c.URL + "/robots.txt: unavailable (404 Not Found)",
		"allowed    " + a.URL + "/other\t(no rule matched)\t" + a.URL + "/robots.txt: ok (200 OK)",
	}
	if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for name, s := range map[string]*liveSite{"a": a, "b": b, "c": c} {
		if n := s.fetches.Load(); n != 1 {
			t.Errorf("site %s: %d robots.txt fetches, want 1", name, n)
		}
	}
}

func TestCheckLiveAllAllowed(t *testing.T) {
	a := newLiveSite(t, 200, "User-agent: *\nDisallow: /private\n")
	code, _, _ := runLive("", "check", "-agent", "FooBot", a.URL+"/public")
	if code != exitOK {
		t.Errorf("exit %d, want 0", code)
	}
}

func TestCheckLiveStdinJSON(t *testing.T) {
	a := newLiveSite(t, 200, "User-agent: *\nDisallow: /private\n")
	b := newLiveSite(t, 500, "")
	code, out, errOut := runLive(a.URL+"/private\n\n"+b.URL+"/x\n", "check", "-agent", "FooBot", "-json")
	if code != exitFinding || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var got []liveResult
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var r liveResult
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	if len(got) != 2 {
		t.Fatalf("got %d results: %s", len(got), out)
	}
	if r := got[0]; r.Allowed || r.Line != 2 || r.Pattern != "/private" || r.Outcome != "ok" || r.Status != 200 || r.Origin != a.URL || r.Robots != a.URL+"/robots.txt" {
		t.Errorf("first: %+v", r)
	}
	if r := got[1]; r.Allowed || r.Line != 0 || r.Outcome != "unreachable" || r.Status != 500 {
		t.Errorf("second: %+v", r)
	}
	if !strings.Contains(out, `"outcome":"unreachable"`) || !strings.Contains(out, `"allowed":false`) {
		t.Errorf("JSON field names: %s", out)
	}
}

func TestCheckLiveBadURL(t *testing.T) {
	a := newLiveSite(t, 200, "User-agent: *\nDisallow:\n")
	code, out, errOut := runLive("", "check", "-agent", "FooBot", "/relative/path", a.URL+"/ok")
	if code != exitBadInput || errOut != "" || !strings.HasPrefix(out, "error      /relative/path\t") || !strings.Contains(out, "\nallowed    "+a.URL+"/ok") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestCheckLiveAuthDisallows(t *testing.T) {
	a := newLiveSite(t, 403, "")
	for _, tt := range []struct {
		flag string
		code int
		want string
	}{
		{"-auth-disallows=false", exitOK, "unavailable (403 Forbidden)"},
		{"-auth-disallows", exitFinding, "restricted (403 Forbidden)"},
	} {
		code, out, _ := runLive("", "check", "-agent", "FooBot", tt.flag, a.URL+"/x")
		if code != tt.code || !strings.Contains(out, tt.want) {
			t.Errorf("%s: exit %d, output %q", tt.flag, code, out)
		}
	}
}

func TestCheckUsage(t *testing.T) {
	code, _, errOut := runLive("", "check", "http://127.0.0.1:1/x")
	if code != exitUsage || !strings.Contains(errOut, "-agent is required") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// The file mode is as it was.
func TestCheckFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(path, []byte("User-agent: *\nDisallow: /private\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runLive("", "check", "-robots", path, "-agent", "FooBot", "/public", "/private")
	want := "allowed    /public\t(no rule matched)\ndisallowed /private\tline 2: /private\n"
	if code != exitFinding || out != want {
		t.Errorf("exit %d, got\n%s\nwant\n%s", code, out, want)
	}
}

func TestFetch(t *testing.T) {
	file := "User-agent: FooBot\nUser-agent: BarBot\nAllow: /a\nDisallow: /b\nCrawl-delay: 10\n\n" +
		"User-agent: *\nDisallow: /\n\nSitemap: https://example.com/sitemap.xml\n"
	a := newLiveSite(t, 200, file)
	code, out, errOut := runLive("", "fetch", a.URL+"/some/page")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{
		"url:         " + a.URL + "/robots.txt\n",
		"final url:   " + a.URL + "/robots.txt (no redirects)\n",
		"status:      200 OK\n",
		"outcome:     ok (the file's rules apply)\n",
		"content:     text/plain; charset=utf-8, " + strconv.Itoa(len(file)) + " octets read\n",
		"fresh until: ",
		"(24h0m0s)\n",
		"groups:      2\n",
		"  line 1: FooBot, BarBot: 2 rules (1 allow, 1 disallow), crawl-delay 10s\n",
		"  line 7: *: 1 rule (0 allow, 1 disallow)\n",
		"sitemaps:    1\n  https://example.com/sitemap.xml\n",
		"diagnostics: 0\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestFetchOutcomes(t *testing.T) {
	lint := newLiveSite(t, 200, "User-agent: *\nDisalow: /x\n")
	down := newLiveSite(t, 503, "")
	gone := newLiveSite(t, 410, "")
	redirect := httptest.NewServer(http.RedirectHandler(lint.URL+"/robots.txt", http.StatusMovedPermanently))
	t.Cleanup(redirect.Close)
	for _, tt := range []struct {
		url  string
		code int
		want []string
	}{
		{lint.URL, exitFinding, []string{"diagnostics: 1\n  2: warning: misspelt-key: "}},
		{down.URL, exitFinding, []string{"status:      503 Service Unavailable\n", "outcome:     unreachable (no answer: everything is disallowed)\n", "(1m0s)\n"}},
		{gone.URL, exitOK, []string{"status:      410 Gone\n", "outcome:     unavailable (no file: everything is allowed)\n"}},
		{redirect.URL, exitFinding, []string{"url:         " + redirect.URL + "/robots.txt\n", "final url:   " + lint.URL + "/robots.txt (after 1 redirect)\n"}},
	} {
		code, out, _ := runLive("", "fetch", tt.url)
		if code != tt.code {
			t.Errorf("%s: exit %d, want %d", tt.url, code, tt.code)
		}
		for _, want := range tt.want {
			if !strings.Contains(out, want) {
				t.Errorf("%s: output lacks %q:\n%s", tt.url, want, out)
			}
		}
		if strings.Contains(out, "groups:") != strings.Contains(out, "outcome:     ok") {
			t.Errorf("%s: groups shown without a file, or not with one:\n%s", tt.url, out)
		}
	}
}

// TestFetchAsLint checks that fetch reports what lint reports of the same
// file, under the same codes (issue 26: an HTML page was "ok (the file's
// rules apply)" to fetch and html-body to lint, and AI2Bot was
// agent-not-token in one and agent-token in the other).
func TestFetchAsLint(t *testing.T) {
	for _, tt := range []struct{ body, outcome, diag string }{
		{"<!DOCTYPE html>\n<html><body>Not found</body></html>\n", "ok (the file's rules apply, but it is an HTML page: it has none)", "1: error: html-body: "},
		{"User-agent: AI2Bot\nDisallow: /\n", "ok (the file's rules apply)", "1: warning: agent-token: "},
	} {
		site := newLiveSite(t, 200, tt.body)
		_, out, _ := runLive("", "fetch", site.URL)
		if !strings.Contains(out, "outcome:     "+tt.outcome+"\n") || !strings.Contains(out, "diagnostics: 1\n  "+tt.diag) {
			t.Errorf("fetch: want outcome %q and %q:\n%s", tt.outcome, tt.diag, out)
		}
		if _, lintOut, _ := runCmd(tt.body, "lint", "-"); !strings.HasPrefix(lintOut, "-:"+tt.diag) {
			t.Errorf("lint: want %q:\n%s", tt.diag, lintOut)
		}
	}
}

func TestFetchUsage(t *testing.T) {
	if code, _, _ := runLive("", "fetch"); code != exitUsage {
		t.Errorf("no URL: exit %d", code)
	}
	if code, _, errOut := runLive("", "fetch", "not a url"); code != exitUsage || errOut == "" {
		t.Errorf("bad URL: exit %d, stderr %q", code, errOut)
	}
	code, out, _ := runLive("", "help")
	if code != exitOK || !strings.Contains(out, "fetch ") {
		t.Errorf("help: exit %d, %q", code, out)
	}
}

func TestFetchConnectionRefused(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	code, out, _ := runLive("", "fetch", "-timeout", "2s", url)
	if code != exitFinding || !strings.Contains(out, "status:      no response\n") || !strings.Contains(out, "error:       ") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestFetchUsageLines checks that fetch counts each group's usage lines and
// lists those outside any group, which apply to every crawler.
func TestFetchUsageLines(t *testing.T) {
	a := newLiveSite(t, 200, "Content-Signal: search=yes\nUser-agent: *\nDisallow: /x\nContent-Usage: train-ai=n\nContent-Usage: /a/ train-ai=y\n\nUser-agent: FooBot\nDisallow: /\n")
	code, out, errOut := runLive("", "fetch", a.URL)
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{
		"  line 2: *: 1 rule (0 allow, 1 disallow), 2 usage lines\n",
		"  line 7: FooBot: 1 rule (0 allow, 1 disallow)\n",
		"file-wide:   1 usage line outside any group, for every crawler\n  line 1: Content-Signal: search=yes\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
