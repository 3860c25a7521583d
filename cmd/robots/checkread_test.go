package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/robotsexclusion/robots/fetch"
)

// readingRules guard paths that common servers reach by other spellings.
const readingRules = "User-agent: FooBot\nDisallow: /private/\nDisallow: /secret/\nDisallow: /*.pdf$\nDisallow: /admin$\n"

// TestCheckReadings: check decides a URL as fetch.Transport does, offline
// and live: its path as sent and each reading a common server makes of it,
// naming the reading a rule disallows (issue 23; issue 26, item 5). A
// Transport's Check gives the same verdict for each.
func TestCheckReadings(t *testing.T) {
	site := newLiveSite(t, 200, readingRules)
	path := writeFile(t, "robots.txt", readingRules)
	tr := &fetch.Transport{Agent: "FooBot"}
	for _, c := range []struct {
		path    string
		allowed bool
		read    string
	}{
		{"/public/a.html", true, ""},
		{"/private/a.html", false, ""},
		{"/private%2Fa.html", false, "/private/a.html"},
		{"/x/..%2Fprivate/a.html", false, "/private/a.html"},
		{"/public/../private/x", false, "/private/x"},
		{"/public/%2e%2e/private/x", false, "/private/x"},
		{"/secret;jsessionid=1/file", false, "/secret/file"},
		{"/doc.pdf;x", false, "/doc.pdf"},
		{"/admin;x", false, "/admin"},
		{"/public;v=1/a.html", true, ""},
	} {
		for _, live := range []bool{false, true} {
			args := []string{"check", "-agent", "FooBot", "-robots", path, c.path}
			if live {
				args = []string{"check", "-agent", "FooBot", site.URL + c.path}
			}
			code, out, errOut := runLive("", args...)
			wantCode := exitOK
			if !c.allowed {
				wantCode = exitFinding
			}
			if code != wantCode || errOut != "" {
				t.Errorf("live %v, %s: exit %d, stderr %q, out %q", live, c.path, code, errOut, out)
				continue
			}
			if got := strings.HasPrefix(out, "allowed "); got != c.allowed {
				t.Errorf("live %v, %s: %q", live, c.path, out)
			}
			if read := "\tread as " + c.read; c.read != "" && !strings.Contains(out, read) || c.read == "" && strings.Contains(out, "read as") {
				t.Errorf("live %v, %s: %q, want the reading %q", live, c.path, out, c.read)
			}
		}
		code, out, _ := runLive("", "check", "-agent", "FooBot", "-robots", path, "-json", c.path)
		if want := `"read":"` + c.read + `"`; code == exitUsage || c.read != "" && !strings.Contains(out, want) {
			t.Errorf("%s -json: %q, want %s", c.path, out, want)
		}
		if err := tr.Check(context.Background(), site.URL+c.path); (err == nil) != c.allowed {
			t.Errorf("%s: Transport.Check says %v, check says allowed %v", c.path, err, c.allowed)
		}
	}
	t.Cleanup(http.DefaultTransport.(*http.Transport).CloseIdleConnections)
}

// TestCheckExplainQuoteControls: check and explain show a URL or pattern
// holding a control sequence quoted, as lint does, never raw (issue 23,
// item 6).
func TestCheckExplainQuoteControls(t *testing.T) {
	path := writeFile(t, "robots.txt", "User-agent: *\nDisallow: /a\x1b[2J\n")
	for _, args := range [][]string{
		{"check", "-agent", "FooBot", "-robots", path, "/a\x1b[2J\x1b]0;owned\x07", "/b\u009b31m", "/c\xff", "/d\ttab"},
		{"explain", "-agent", "FooBot", "-robots", path, "/a\x1b[2J\x1b]0;owned\x07", "/b\u009b31m"},
		{"explain", "-agent", "FooBot", "-robots", path, "-dialect", "all", "/a\x1b[2J"},
	} {
		_, out, errOut := runLive("", args...)
		if rawControl(out) {
			t.Errorf("%s: a control sequence reached the output: %q", args[0], out)
		}
		if !strings.Contains(out, `"/a\x1b[2J`) {
			t.Errorf("%s: the URL is not quoted: %q (stderr %q)", args[0], out, errOut)
		}
	}
	_, out, _ := runLive("", "check", "-agent", "FooBot", "-robots", path, "/a\x1b[2J", "/plain")
	if !strings.Contains(out, "line 2: \"/a\\x1b[2J\"") || !strings.Contains(out, "allowed    /plain\t(no rule matched)") {
		t.Errorf("check: %q", out)
	}
}

// rawControl reports whether out holds an octet that drives a terminal:
// a control other than the line feed and the tab that separates check's
// columns, DEL, a C1 control, or an octet that is not UTF-8.
func rawControl(out string) bool {
	for i := 0; i < len(out); {
		r, n := utf8.DecodeRuneInString(out[i:])
		switch {
		case r == utf8.RuneError && n == 1, r < 0x20 && r != '\n' && r != '\t', 0x7F <= r && r <= 0x9F:
			return true
		}
		i += n
	}
	return false
}
