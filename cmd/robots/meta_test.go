package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runMetaCmd runs robots meta in-process with the given standard input.
func runMetaCmd(stdin string, args ...string) (code int, stdout, stderr string) {
	return runCmd(stdin, append([]string{"meta"}, args...)...)
}

const metaPage = `<!DOCTYPE html>
<html>
<head>
  <meta name="robots" content="index, follow, noodp">
  <meta name="FooBot" content="NOINDEX, max-snippet: 20">
  <meta name="OtherBot" content="noarchive">
  <title>Mary's Antiques</title>
</head>
<body>
  <meta name="robots" content="nofollow">
</body>
</html>
`

func TestMetaFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(name, []byte(metaPage), 0o644); err != nil {
		t.Fatal(err)
	}
	want := `noindex, max-snippet:20
index           overridden         meta name="robots": index
follow          in force           meta name="robots": follow
noodp           unknown directive  meta name="robots": noodp
noindex         in force           meta name="FooBot": NOINDEX
max-snippet:20  in force           meta name="FooBot": max-snippet: 20
noarchive       not for foobot     meta name="OtherBot": noarchive
`
	for _, args := range [][]string{{"-agent", "foobot", name}, {"-agent", "foobot", "-"}} {
		code, out, errOut := runMetaCmd(metaPage, args...)
		if code != exitOK || out != want || errOut != "" {
			t.Errorf("robots meta %q: exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", args, code, out, want, errOut)
		}
	}
}

func TestMetaURL(t *testing.T) {
	var gotAgent string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotAgent = r.Header.Get("User-Agent")
		switch r.URL.Path {
		case "/page":
			w.Header().Add("X-Robots-Tag", "otherbot: noindex, nofollow")
			w.Header().Add("X-Robots-Tag", "unavailable_after: 25 Jun 2010 15:00:00 PST")
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(metaPage))
		case "/doc.pdf":
			w.Header().Set("X-Robots-Tag", "FooBot: noindex")
			w.Header().Set("Content-Type", "application/pdf")
			w.Write([]byte(metaPage)) // not read: not HTML
		case "/gone":
			w.Header().Set("X-Robots-Tag", "none")
			http.Error(w, "gone", http.StatusGone)
		case "/huge":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(`<head><meta name="robots" content="noimageindex"></head><body>`))
			chunk := bytes.Repeat([]byte("<p>lorem ipsum</p>\n"), 1000)
			for i := 0; i < 500; i++ { // ~10 MB, if the client read it all
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		case "/ai":
			w.Header().Add("Content-Usage", "train-ai=y, search=y")
			w.Header().Add("Content-Signal", "search=yes, ai-input=no, use=reference")
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(`<head><meta name="robots" content="noai, noimageai"></head>`))
		case "/badusage":
			w.Header().Add("Content-Usage", "Train-AI=n")
			w.Header().Add("Content-Signal", "ai-train=n")
		case "/longhead":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(`<head><meta name="robots" content="noarchive">` + strings.Repeat(" ", 5000) + `<meta name="robots" content="nofollow"></head>`))
		}
	}))
	defer srv.Close()

	tests := []struct {
		path   string
		args   []string
		stdout string
		stderr string
	}{
		{"/page", nil, `noindex, max-snippet:20, unavailable_after:2010-06-25T23:00:00Z
noindex                                 not for FooBot     X-Robots-Tag: otherbot: noindex
nofollow                                not for FooBot     X-Robots-Tag: otherbot: nofollow
unavailable_after:2010-06-25T23:00:00Z  in force           X-Robots-Tag: unavailable_after: 25 Jun 2010 15:00:00 PST
index                                   overridden         meta name="robots": index
follow                                  in force           meta name="robots": follow
noodp                                   unknown directive  meta name="robots": noodp
noindex                                 in force           meta name="FooBot": NOINDEX
max-snippet:20                          in force           meta name="FooBot": max-snippet: 20
noarchive                               not for FooBot     meta name="OtherBot": noarchive
`, ""},
		{"/doc.pdf", nil, `noindex
noindex  in force  X-Robots-Tag: FooBot: noindex
`, ""},
		{"/gone", nil, `noindex, nofollow
none  in force  X-Robots-Tag: none
`, "HTTP status 410 Gone"},
		{"/huge", nil, `noimageindex
noimageindex  in force  meta name="robots": noimageindex
`, ""},
		{"/ai", nil, `noai, noimageai
noai       in force  meta name="robots": noai
noimageai  in force  meta name="robots": noimageai
usage: Content-Usage: train-ai=n, search=y; Content-Signal: search=yes, ai-input=no, use=reference
train-ai                 disallowed  meta name="robots": noai
search                   allowed     Content-Usage: train-ai=y, search=y
Content-Signal search    allowed     Content-Signal: search=yes, ai-input=no, use=reference
Content-Signal ai-input  disallowed  Content-Signal: search=yes, ai-input=no, use=reference
Content-Signal use       reference   Content-Signal: search=yes, ai-input=no, use=reference
`, ""},
		{"/badusage", nil, `all
usage: unknown
Content-Usage: Train-AI=n   usage-uppercase-key  keys are lowercase (the format is case sensitive): not a Dictionary, every category unknown
Content-Signal: ai-train=n  signal-y-n           ai-train=n: Content-Signal takes yes or no, not y or n: unknown
`, ""},
		{"/longhead", []string{"-limit", "1000"}, `noarchive
noarchive  in force  meta name="robots": noarchive
`, "the head is longer than 1000 bytes"},
	}
	for _, tt := range tests {
		args := append(append([]string{"-agent", "FooBot", "-timeout", "10s"}, tt.args...), srv.URL+tt.path)
		code, out, errOut := runMetaCmd("", args...)
		if code != exitOK || out != tt.stdout {
			t.Errorf("robots meta %s: exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", tt.path, code, out, tt.stdout, errOut)
		}
		if (tt.stderr == "") != (errOut == "") || !strings.Contains(errOut, tt.stderr) {
			t.Errorf("robots meta %s: stderr %q, want %q", tt.path, errOut, tt.stderr)
		}
		if gotAgent != userAgent() {
			t.Errorf("robots meta %s: User-Agent %q, want the tool's own %q", tt.path, gotAgent, userAgent())
		}
	}
}

func TestMetaErrors(t *testing.T) {
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-time.After(5 * time.Second):
		}
	}))
	defer slow.Close()
	defer close(release)
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()

	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"no agent", []string{"page.html"}, "give -agent"},
		{"no page", []string{"-agent", "FooBot"}, "give -agent"},
		{"two pages", []string{"-agent", "FooBot", "a", "b"}, "give -agent"},
		{"bad flag", []string{"-agent", "FooBot", "-nope", "a"}, "flag provided but not defined"},
		{"bad limit", []string{"-agent", "FooBot", "-limit", "0", "a"}, "-limit must be positive"},
		{"no such file", []string{"-agent", "FooBot", filepath.Join(t.TempDir(), "missing.html")}, "missing.html"},
		{"a directory", []string{"-agent", "FooBot", t.TempDir()}, "robots meta: "},
		{"connection refused", []string{"-agent", "FooBot", closed.URL + "/"}, "robots meta: "},
		{"timeout", []string{"-agent", "FooBot", "-timeout", "200ms", slow.URL + "/"}, "Timeout"},
		{"bad URL", []string{"-agent", "FooBot", "http://[::1"}, "robots meta: "},
	}
	for _, tt := range tests {
		code, out, errOut := runMetaCmd("", tt.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, tt.stderr) {
			t.Errorf("%s: robots meta %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tt.name, tt.args, code, out, errOut, tt.stderr)
		}
	}
}

func TestMetaHelp(t *testing.T) {
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}
	if code := run(e, []string{"help", "meta"}); code != exitOK || !strings.Contains(out.String(), "usage: robots meta") || errOut.Len() != 0 {
		t.Errorf("help meta: exit %d, stdout %q, stderr %q; want the usage on stdout", code, out.String(), errOut.String())
	}
	out.Reset()
	if code := run(e, []string{"help"}); code != exitOK || !strings.Contains(out.String(), "  meta ") {
		t.Errorf("help: exit %d, command list %q", code, out.String())
	}
}

// TestMetaRobots checks meta -robots: the preferences robots.txt states
// for the URL combined with the page's, any no winning, each with its line.
func TestMetaRobots(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Usage", "search=n")
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte("text"))
	}))
	defer srv.Close()
	robotsTxt := writeFile(t, "robots.txt", "User-agent: *\nDisallow: /private\nContent-Usage: train-ai=n\nContent-Usage: /blog/ train-ai=y, search=y\nContent-Signal: ai-input=no\n")
	tests := []struct {
		path, stdout, stderr string
	}{
		{"/blog/post", `all
usage: Content-Usage: train-ai=y, search=n; Content-Signal: ai-input=no
train-ai                 allowed     robots.txt line 4: Content-Usage: /blog/ train-ai=y, search=y
search                   disallowed  Content-Usage: search=n
Content-Signal ai-input  disallowed  robots.txt line 5: Content-Signal: ai-input=no
`, ""},
		{"/news", `all
usage: Content-Usage: train-ai=n, search=n; Content-Signal: ai-input=no
train-ai                 disallowed  robots.txt line 3: Content-Usage: train-ai=n
search                   disallowed  Content-Usage: search=n
Content-Signal ai-input  disallowed  robots.txt line 5: Content-Signal: ai-input=no
`, ""},
		{"/private/x", `all
usage: Content-Usage: search=n
search  disallowed  Content-Usage: search=n
`, "may not fetch it (" + robotsTxt + " line 2), so robots.txt states no usage preferences for it"},
	}
	for _, tt := range tests {
		code, out, errOut := runMetaCmd("", "-agent", "FooBot", "-robots", robotsTxt, srv.URL+tt.path)
		if code != exitOK || out != tt.stdout {
			t.Errorf("robots meta -robots %s: exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", tt.path, code, out, tt.stdout, errOut)
		}
		if (tt.stderr == "") != (errOut == "") || !strings.Contains(errOut, tt.stderr) {
			t.Errorf("robots meta -robots %s: stderr %q, want %q", tt.path, errOut, tt.stderr)
		}
	}
	page := writeFile(t, "page.html", metaPage)
	if code, _, errOut := runMetaCmd("", "-agent", "FooBot", "-robots", robotsTxt, page); code != exitUsage || !strings.Contains(errOut, "-robots needs a URL") {
		t.Errorf("-robots with a file: exit %d, stderr %q", code, errOut)
	}
}
