package served

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/hostiletest"
	"github.com/robotsexclusion/robots/normalize"
	"github.com/robotsexclusion/robots/usage"
)

// servedRules guard paths that common servers reach by other spellings;
// package fetch's tests serve the same file from real net/http servers.
const servedRules = hostiletest.ServedRules

func servedMatcher() *robots.Matcher { return robots.Parse([]byte(servedRules)).Agent("FooBot") }

// TestDecideReadings: Decide refuses a URL when any reading a common server
// makes of its path is disallowed, and names that reading.
func TestDecideReadings(t *testing.T) {
	m := servedMatcher()
	for _, c := range []struct {
		url     string
		allowed bool
		line    int
		reading string
	}{
		{"/public/a.html", true, 0, ""},
		{"/private/a.html", false, 2, ""},
		{"/private%2Fa.html", false, 2, "/private/a.html"},
		{"http://u;p@h/private%2fa.html?q=1", false, 2, "/private/a.html?q=1"},
		{"http://h//private/a.html", false, 2, "/private/a.html"},
		{"/x/..%5Cprivate/a.html", false, 2, "/private/a.html"},
		{`/private\a.html`, false, 2, "/private/a.html"},
		{"/public/%2E%2E/private/a.html", false, 2, "/private/a.html"},
		{"/secret;jsessionid=1/file", false, 5, "/secret/file"},
		{"/secret;/file", false, 5, "/secret/file"},
		{"/doc.pdf;x", false, 6, "/doc.pdf"},
		{"/doc.pdf;x?y", true, 0, ""}, // /*.pdf$ does not match /doc.pdf?y
		{"/admin;x", false, 7, "/admin"},
		{"/admin;x/", true, 0, ""},
		{"/x;y/..%2Fsecret/file", false, 5, "/secret/file"},
		{"/public/a.html?%2F..%2Fprivate/a", true, 0, ""}, // a query is not a path
		{"/public;a%2F..%2F..%2Fprivate/a.html", false, 2, "/private/a.html"},
		{"/.well-known/x", true, 0, ""},
		{"/doc.pdf/x/..", false, 6, "/doc.pdf"},
		{"/a%5Cb%2F..%2Fprivate/a.html", false, 2, "/private/a.html"},
		{`/a\b%2F..%2Fprivate/a.html`, false, 2, "/private/a.html"},
		{"/x%2Fy%5C..%5C..%2Fprivate/a.html", false, 2, "/private/a.html"}, // as Windows reads it
		{"/admin/.", false, 7, "/admin"},
		{"/admin/x/..?q", true, 0, ""}, // /admin?q: the query is not the path's end
		{"/public/x/..", true, 0, ""},
	} {
		v := Decide(m, c.url)
		if v.Allowed != c.allowed || v.Line != c.line || v.Reading != c.reading {
			t.Errorf("Decide(%q) = allowed %v line %d reading %q, want %v %d %q", c.url, v.Allowed, v.Line, v.Reading, c.allowed, c.line, c.reading)
		}
	}
}

// TestDecideUsageReadings: the usage preferences of an allowed URL are
// those of every reading of its path, any no winning.
func TestDecideUsageReadings(t *testing.T) {
	m := robots.Parse([]byte("User-agent: *\nAllow: /\nContent-Usage: /ai-no/ train-ai=n\n")).Agent("FooBot")
	for _, u := range []string{"/ai-no/x", "/ai-no%2Fx", "/ai-no;v=1/x", "/a/../ai-no/x"} {
		v := Decide(m, u)
		if !v.Allowed || v.Usage.Get(usage.TrainAI) != usage.Disallowed || v.Usage.From(usage.TrainAI).Line != 3 {
			t.Errorf("Decide(%q) = %+v, want allowed with train-ai=n from line 3", u, v)
		}
	}
	if v := Decide(m, "/ai-yes/x"); v.Usage.Get(usage.TrainAI) != usage.Unknown {
		t.Errorf("/ai-yes/x: %v", v.Usage)
	}
}

// TestDecideAllocates: a URL whose path has no other reading is decided
// without an allocation, as Matcher.Decide decides it.
func TestDecideAllocates(t *testing.T) {
	m := servedMatcher()
	m.Decide("/warm")
	for _, u := range []string{"https://example.com/public/a.html?q=1&r=%2F", "/public/page.html", "http://u:p@h/x/y"} {
		if n := testing.AllocsPerRun(100, func() { Decide(m, u) }); n != 0 {
			t.Errorf("Decide(%q) allocates %.0f times", u, n)
		}
	}
}

func TestCleanPath(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "/"},
		{"/", "/"},
		{"/a/b", "/a/b"},
		{"/a/b/", "/a/b/"},
		{"/a/./b", "/a/b"},
		{"/a/../b", "/b"},
		{"/../../b", "/b"},
		{"/a/.", "/a/"},
		{"/a/b/..", "/a/"},
		{"/a/%2E%2E/b", "/b"},
		{"/a/%2e./b", "/b"},
		{"/a/%2E/b", "/a/b"},
		{"/a/...", "/a/..."},
		{"/a/..b/c", "/a/..b/c"},
		{"/a%2F../b", "/a%2F../b"},
		{"//a///b", "/a/b"},
		{"/a/b//", "/a/b/"},
		{"/robots.txt/../private", "/private"},
		{"/public/..;jsessionid=1/private", "/private"},
		{"/a/.;x/b", "/a/b"},
		{"/a/b;v=1/c", "/a/b;v=1/c"},
	} {
		if got := CleanPath(c.in); got != c.want {
			t.Errorf("CleanPath(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestPlainURLSound: when plainURL or plainPath says a URL has but one
// reading, readings finds no other, on random URLs rich in the octets
// that make readings.
func TestPlainURLSound(t *testing.T) {
	pieces := []string{"/", "/", ".", "..", "%2F", "%2f", "%5C", "%2E", "%2e", "%25", "%2", "%", ";", "\\", "?", "#", "\x00", "a", "b", "@", ":"}
	prefixes := []string{"http://h", "https://u;p@h:1", "/", "//h", "http://a%2Fb@h", "ftp://h", ""}
	r := rand.New(rand.NewPCG(9, 10))
	for range 100000 {
		var b strings.Builder
		b.WriteString(prefixes[r.IntN(len(prefixes))])
		for range r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		url := b.String()
		start, end, slash := normalize.PathBounds(url)
		pq := url[start:end]
		if slash {
			pq = "/" + pq
		}
		others := readings(pq)
		if plainURL(url) && len(others) > 0 {
			t.Fatalf("plainURL(%q): but %q reads as %q", url, pq, others)
		}
		if plainPath(url[start:end]) && len(others) > 0 {
			t.Fatalf("plainPath(%q): but it reads as %q", pq, others)
		}
	}
}
