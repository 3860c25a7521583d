package robots_test

import (
	"bytes"
	"math"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/engines"
	"github.com/robotsexclusion/robots/usage"
)

// semantics is the default dialect (RFC 9309, Google where the RFC is
// silent) case by case, one behaviour of DESIGN.md per group of rows.
var semantics = []struct {
	name    string
	body    string
	agent   string
	url     string
	allowed bool
	line    int
}{
	// Line endings and line numbers.
	{"lf", "User-agent: *\nDisallow: /a", "x", "/a", false, 2},
	{"crlf", "User-agent: *\r\nDisallow: /a\r\n", "x", "/a", false, 2},
	{"lone cr", "User-agent: *\rDisallow: /a", "x", "/a", false, 2},
	{"lf cr is two breaks", "User-agent: *\n\rDisallow: /a", "x", "/a", false, 3},
	{"no final newline", "User-agent: *\nDisallow: /a", "x", "/a/b", false, 2},
	// Comments and whitespace.
	{"comment cuts value", "User-agent: *\nDisallow: /a#b", "x", "/a/c", false, 2},
	{"comment line", "# Disallow: /\nUser-agent: *\nDisallow: /a", "x", "/b", true, 0},
	{"whitespace around key and value", "User-agent: *\n  Disallow  :   /a   ", "x", "/a", false, 2},
	{"tab", "User-agent:\t*\nDisallow:\t/a", "x", "/a", false, 2},
	// Keys.
	{"key case", "USER-AGENT: *\nDISALLOW: /a", "x", "/a", false, 2},
	{"missing colon", "User-agent *\nDisallow /private", "x", "/private/x", false, 2},
	{"three words without colon ignored", "User-agent: *\nDisallow /a /b", "x", "/a", true, 0},
	{"typo disalow", "User-agent: *\nDisalow: /drafts", "x", "/drafts/a", false, 2},
	{"typo dissallow", "User-agent: *\nDissallow: /d", "x", "/d", false, 2},
	{"typo useragent", "Useragent: *\nDisallow: /d", "x", "/d", false, 2},
	{"typo user agent", "User agent: *\nDisallow: /d", "x", "/d", false, 2},
	{"no typo for allow", "User-agent: *\nAlow: /drafts\nDisallow: /", "x", "/drafts/a", false, 3},
	{"key prefix", "User-agent: *\nDisallowed: /d", "x", "/d", false, 2},
	// Agents.
	{"agent case", "User-agent: EXAMPLEBOT\nDisallow: /", "examplebot", "/x", false, 2},
	{"agent version", "User-agent: FooBot/2.1\nDisallow: /", "FooBot", "/x", false, 2},
	{"agent two words", "User-agent: Foo Bar\nDisallow: /", "Foo", "/x", false, 2},
	{"caller value read as its product token", "User-agent: FooBot\nDisallow: /", "FooBot/1.0", "/x", false, 2},
	{"caller value trimmed", "User-agent: FooBot\nDisallow: /", "FooBot ", "/x", false, 2},
	{"caller header", "User-agent: FooBot\nDisallow: /", "FooBot/1.0 (+https://foo.example/bot)", "/x", false, 2},
	{"caller value with digits", "User-agent: FooBot\nDisallow: /", "FooBot2", "/x", false, 2},
	{"empty caller names no group", "User-agent: 2bot\nDisallow: /\nUser-agent: *\nDisallow: /x", "", "/y", true, 0},
	{"star caller takes the * groups", "User-agent: FooBot\nDisallow: /\nUser-agent: *\nDisallow: /x", "*", "/y", true, 0},
	{"star junk is global", "User-agent: * junk\nDisallow: /", "x", "/x", false, 2},
	{"named group beats global", "User-agent: *\nDisallow: /\nUser-agent: Bot\nDisallow: /private", "bot", "/public", true, 0},
	{"empty named group beats global", "User-agent: *\nDisallow: /\nUser-agent: Bot", "bot", "/x", true, 0},
	{"no group at all", "Sitemap: http://h/s.xml", "x", "/x", true, 0},
	// Groups.
	{"agents share a group across blank lines", "User-agent: a\n\nUser-agent: b\nDisallow: /", "a", "/x", false, 4},
	{"blank line does not end a group", "User-agent: a\nDisallow: /x\n\n\nDisallow: /y", "a", "/y", false, 5},
	{"sitemap does not end a group", "User-agent: a\nSitemap: http://h/s.xml\nUser-agent: b\nDisallow: /", "a", "/x", false, 4},
	{"empty rule closes agent list", "User-agent: a\nDisallow:\nUser-agent: b\nDisallow: /", "a", "/x", true, 0},
	{"rules before user-agent ignored", "Disallow: /\nUser-agent: *\nAllow: /x", "x", "/y", true, 0},
	{"named groups merge", "User-agent: a\nDisallow: /p\nUser-agent: b\nDisallow: /\nUser-agent: A\nAllow: /p/q", "a", "/p/q", true, 6},
	{"global groups merge", "User-agent: *\nDisallow: /a\nUser-agent: x\nDisallow: /\nUser-agent: *\nDisallow: /c", "bot", "/c", false, 6},
	{"global and named in one group", "User-agent: *\nUser-agent: Bot\nDisallow: /x", "other", "/x", false, 3},
	// Matching.
	{"prefix", "User-agent: *\nDisallow: /fish", "x", "/fish.html", false, 2},
	{"case sensitive", "User-agent: *\nDisallow: /Admin", "x", "/admin", true, 0},
	{"wildcard", "User-agent: *\nDisallow: /*/edit", "x", "/a/b/edit?x", false, 2},
	{"anchor", "User-agent: *\nDisallow: /*.pdf$", "x", "/a.pdf", false, 2},
	{"anchor defeated by query", "User-agent: *\nDisallow: /*.pdf$", "x", "/a.pdf?dl=1", true, 0},
	{"dollar inside is literal", "User-agent: *\nDisallow: /a$b", "x", "/a$b", false, 2},
	{"empty disallow", "User-agent: *\nDisallow:", "x", "/x", true, 0},
	{"longest wins", "User-agent: *\nAllow: /page\nDisallow: /*.htm", "x", "/page.htm", false, 3},
	{"allow wins tie", "User-agent: *\nDisallow: /a\nAllow: /a", "x", "/a", true, 3},
	{"order irrelevant", "User-agent: *\nAllow: /a/b\nDisallow: /a", "x", "/a/b", true, 2},
	{"robots.txt always allowed", "User-agent: *\nDisallow: /", "x", "http://h/robots.txt", true, 0},
	{"robots.txt escaped", "User-agent: *\nDisallow: /", "x", "/robots%2Etxt?x", true, 0},
	{"robots.txt with more path", "User-agent: *\nDisallow: /", "x", "/robots.txt/x", false, 2},
	// Percent-encoding, both ways.
	{"unreserved escape in url", "User-agent: *\nDisallow: /~joe", "x", "/%7Ejoe", false, 2},
	{"unreserved escape in pattern", "User-agent: *\nDisallow: /%62ar", "x", "/bar", false, 2},
	{"hex case", "User-agent: *\nDisallow: /a%2fb", "x", "/a%2Fb", false, 2},
	{"encoded slash is not slash", "User-agent: *\nDisallow: /a/b", "x", "/a%2Fb", true, 0},
	{"utf-8 pattern, escaped url", "User-agent: *\nDisallow: /café", "x", "/caf%C3%A9", false, 2},
	{"utf-8 pattern, raw url", "User-agent: *\nDisallow: /café", "x", "/café", false, 2},
	{"lower hex url", "User-agent: *\nDisallow: /café", "x", "/caf%c3%a9", false, 2},
	{"literal star", "User-agent: *\nDisallow: /f-%2A.html", "x", "/f-*.html", false, 2},
	{"literal dollar", "User-agent: *\nDisallow: /a%24", "x", "/a$", false, 2},
	{"star pattern is a wildcard", "User-agent: *\nDisallow: /a*b", "x", "/a%2Axb", false, 2},
	{"bare percent", "User-agent: *\nDisallow: /100%", "x", "/100%25", false, 2},
	{"priority counts escaped octets", "User-agent: *\nDisallow: /%C3\nAllow: /é", "x", "/%C3%A9", true, 3},
	// URL forms.
	{"absolute", "User-agent: *\nDisallow: /a", "x", "https://u:p@h.example:8080/a?q#f", false, 2},
	{"scheme relative", "User-agent: *\nDisallow: /x", "x", "//h/x", false, 2},
	{"no path", "User-agent: *\nDisallow: /$", "x", "http://example.com", false, 2},
	{"query only", "User-agent: *\nDisallow: /?q", "x", "http://h?q", false, 2},
	{"fragment dropped", "User-agent: *\nDisallow: /a$", "x", "/a#frag", false, 2},
	{"query kept", "User-agent: *\nDisallow: /*?id=", "x", "/p?id=3", false, 2},
	// Bodies.
	{"bom", "\uFEFFUser-agent: *\nDisallow: /", "x", "/a", false, 2},
	{"bom on later line spoils it", "User-agent: *\n\uFEFFDisallow: /", "x", "/a", true, 0},
	{"empty file", "", "x", "/a", true, 0},
	{"html file", "<html><body>oops</body></html>", "x", "/a", true, 0},
	{"nul ends line", "User-agent: *\nDisallow: /a\x00b", "x", "/ax", false, 2},
	{"nul ends url", "User-agent: *\nDisallow: /a$", "x", "/a\x00b", false, 2},
}

func TestSemantics(t *testing.T) {
	for _, tier := range config.Engines() {
		for _, c := range semantics {
			r := robots.Parse([]byte(c.body), config.WithEngine(tier))
			d := r.Agent(c.agent).Decide(c.url)
			if d.Allowed != c.allowed || d.Line != c.line {
				t.Errorf("%s (%v): Decide(%q) = %+v, want allowed %v line %d", c.name, tier, c.url, d, c.allowed, c.line)
			}
			if got := r.Allowed(c.agent, c.url); got != c.allowed {
				t.Errorf("%s: Allowed = %v", c.name, got)
			}
		}
	}
}

// TestFailOpenUserinfo: user information never reaches the path reader.
// A ";" in it ended the authority, as in Google's library, so that
// "http://a;b@example.com/private" was decided on the path
// "/;b@example.com/private" while a client sends "/private" (issue 23,
// item 1). Every dialect reads the path so, on every tier.
func TestFailOpenUserinfo(t *testing.T) {
	// The reproduction.
	if robots.Parse([]byte("User-agent: *\nDisallow: /private\n")).Agent("FooBot").Decide("http://a;b@example.com/private").Allowed {
		t.Errorf("http://a;b@example.com/private is allowed under Disallow: /private")
	}
	body := []byte("User-agent: *\nDisallow: /private\nDisallow: /;\n")
	for _, c := range []struct {
		url     string
		allowed bool
		line    int
	}{
		{"http://a;b@example.com/private", false, 2},
		{"https://a;b:c;d@example.com:8080/private?q", false, 2},
		{"http://a;b@c;d@example.com/private", false, 2},
		{"http://x;y@example.com?q", true, 0}, // path "/?q"
		{"http://x;y@example.com", true, 0},
		{"http://x;y@example.com#/private", true, 0},
		{"//a;b@example.com/private", false, 2},
		{"ftp://a;b@example.com/private", false, 2},
		{"a;b@example.com/private", false, 2},
		{"http://a%3Bb@example.com/private", false, 2},
		{"http://a:b@example.com/private", false, 2},
		// No user information: a ";" in the authority still starts the
		// path, as in Google's library.
		{"http://example.com;x/private", false, 3},
		// An "@" after the authority's end is the path's.
		{"http://example.com/x;y@example.com/private", true, 0},
		{"http://a;b/x@example.com/private", false, 3},
	} {
		for _, d := range []robots.Dialect{robots.RFC9309, robots.Google, robots.Draft1996, robots.Original1994} {
			for _, tier := range config.Engines() {
				m := robots.Parse(body, robots.WithDialect(d), config.WithEngine(tier)).Agent("FooBot")
				if got := m.Decide(c.url); got.Allowed != c.allowed || got.Line != c.line {
					t.Errorf("%v, %v: Decide(%q) = allowed %v line %d, want %v line %d",
						d, tier, c.url, got.Allowed, got.Line, c.allowed, c.line)
				}
			}
		}
	}
}

func TestUTF16(t *testing.T) {
	for _, bom := range []string{"\xFE\xFF", "\xFF\xFE"} {
		var b bytes.Buffer
		b.WriteString(bom)
		for _, r := range "User-agent: *\nDisallow: /é\n" {
			if bom == "\xFE\xFF" {
				b.Write([]byte{byte(r >> 8), byte(r)})
			} else {
				b.Write([]byte{byte(r), byte(r >> 8)})
			}
		}
		if robots.Parse(b.Bytes()).Allowed("x", "/%C3%A9") {
			t.Errorf("UTF-16 body with BOM % x: rule not read", bom)
		}
	}
}

func TestCharset(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /caf\xE9\n") // Latin-1
	if !robots.Parse(body).Allowed("x", "/caf%C3%A9") {
		t.Error("without a charset the Latin-1 octet should stay an escaped E9")
	}
	if robots.Parse(body, robots.WithCharset("ISO-8859-1")).Allowed("x", "/caf%C3%A9") {
		t.Error("with charset iso-8859-1 the rule should read /café")
	}
	r := robots.Parse(body, robots.WithCharset("no-such-charset"))
	if !hasCode(r, "charset") {
		t.Errorf("unknown charset not diagnosed: %v", r.Diagnostics())
	}
}

func TestParseLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for b.Len() < robots.DefaultParseLimit+10 {
		b.WriteString("# padding padding padding padding\n")
	}
	b.WriteString("Disallow: /late\n")
	r := robots.Parse([]byte(b.String()))
	if !r.Allowed("x", "/late") {
		t.Error("a rule past the parse limit was read")
	}
	if !hasCode(r, "truncated") || !r.Truncated() {
		t.Error("truncation not diagnosed")
	}
	if whole := robots.Parse([]byte(b.String()), robots.WithParseLimit(2*robots.DefaultParseLimit)); whole.Allowed("x", "/late") || whole.Truncated() {
		t.Error("WithParseLimit did not raise the limit")
	}
	if !robots.Parse([]byte(b.String()), robots.WithParseLimit(10)).Allowed("x", "/late") {
		t.Error("a limit below the default must be raised to the default, not lowered")
	}
}

func hasCode(r *robots.Robots, code robots.Code) bool {
	for _, d := range r.Diagnostics() {
		if d.Code == code {
			return true
		}
	}
	return false
}

func TestSitemapsAndCrawlDelay(t *testing.T) {
	r := robots.Parse([]byte("Sitemap: https://h/a.xml\nUser-agent: a\nCrawl-delay: 2.5\nDisallow: /x\n" +
		"Sitemap: https://h/b.xml\nSitemap: https://h/a.xml\nUser-agent: a\nCrawl-delay: 10\nUser-agent: b\nCrawl-delay: soon\n"))
	if got, want := strings.Join(r.Sitemaps(), " "), "https://h/a.xml https://h/b.xml"; got != want {
		t.Errorf("Sitemaps = %s, want %s", got, want)
	}
	if d, ok := r.Agent("a").CrawlDelay(); !ok || d != 10*time.Second {
		t.Errorf("CrawlDelay(a) = %v, %v; want the largest of the merged groups, 10s", d, ok)
	}
	if _, ok := r.Agent("c").CrawlDelay(); ok {
		t.Error("CrawlDelay(c) reported a delay")
	}
	if !hasCode(r, "invalid-crawl-delay") {
		t.Error("invalid crawl-delay not diagnosed")
	}
}

// TestCrawlDelaySaturates: a Crawl-delay longer than a time.Duration holds
// is the longest Duration, not dropped, so that a crawler honouring it
// waits the most it allows rather than not at all (issue 23, item 6).
func TestCrawlDelaySaturates(t *testing.T) {
	for _, c := range []struct {
		value string
		want  time.Duration
	}{
		{"9223372036", 9223372036 * time.Second},
		{"9223372037", math.MaxInt64},
		{"9223372036.9", math.MaxInt64},
		{"99999999999999999999", math.MaxInt64},
		{strings.Repeat("9", 400), math.MaxInt64},
		{"0.5", 500 * time.Millisecond},
	} {
		r := robots.Parse([]byte("User-agent: *\nCrawl-delay: " + c.value + "\n"))
		if d, ok := r.Agent("x").CrawlDelay(); !ok || d != c.want {
			t.Errorf("Crawl-delay: %s = %v, %v; want %v", c.value, d, ok, c.want)
		}
		if hasCode(r, "invalid-crawl-delay") {
			t.Errorf("Crawl-delay: %s diagnosed as invalid", c.value)
		}
	}
}

func TestDiagnostics(t *testing.T) {
	body := "Disallow: /early\nUser-agent: FooBot/2.1\nDisalow: /a\nDisallow /b\nFoo: bar\nDisallow: x\nhello\n"
	var got []string
	for _, d := range robots.Parse([]byte(body)).Diagnostics() {
		got = append(got, d.String())
	}
	want := []string{
		`1: error: rule-outside-group: disallow before any user-agent line; ignored`,
		`2: warning: agent-not-token: user-agent value "FooBot/2.1" is read as the product token "FooBot"`,
		`3: warning: misspelt-key: "Disalow" is a misspelling; read as disallow`,
		`4: warning: missing-colon: no colon after "Disallow"; read as "Disallow": "/b"`,
		`5: warning: unknown-key: unknown key "Foo"; kept as an extension`,
		`6: error: unmatchable-pattern: pattern "x" starts with neither / nor *, so it matches no URL`,
		`7: error: malformed-line: "hello" is not a key: value line; ignored`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// utf16LE encodes s as UTF-16LE with its byte order mark.
func utf16LE(s string) []byte {
	out := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

// TestDiagnosticsAsLint holds Diagnostics to the codes and positions lint
// reports for the same lines (issue 26): a rule collapsed onto its
// user-agent line is an error at the column of its key, in UTF-8 and in
// UTF-16 alike; a name outside the token grammar is agent-token, as lint
// says; an HTML page is html-body, and its lines are no noise; noindex is
// a retired key.
func TestDiagnosticsAsLint(t *testing.T) {
	tests := []struct {
		name string
		body []byte
		want []string
	}{
		{"collapsed", []byte("User-agent: GPTBot Disallow: /\n"),
			[]string{`1:20: error: collapsed-rule: "Disallow: /" is on the user-agent line, so it is part of the agent's value and no rule: put it on a line of its own`}},
		{"collapsed in UTF-16LE", utf16LE("User-agent: GPTBot Disallow: /\n"),
			[]string{"1: info: byte-order-mark: a UTF-16LE byte order mark starts the file",
				`1:20: error: collapsed-rule: "Disallow: /" is on the user-agent line, so it is part of the agent's value and no rule: put it on a line of its own`}},
		{"collapsed star", []byte("user-agent:\t*\tallow :/x\n"), []string{`1:15: error: collapsed-rule: "allow :/x" is on the user-agent line, so it is part of the agent's value and no rule: put it on a line of its own`}},
		{"agent-token", []byte("User-agent: AI2Bot\nDisallow: /\n"), []string{`1: warning: agent-token: "AI2Bot" is outside RFC 9309's product-token grammar (letters, "-" and "_"): read as "AI", which AI2Bot, read alike, matches; Google's library, comparing the name whole, does not; the first-match dialects read it whole`}},
		{"agent-not-token", []byte("User-agent: FooBot/1.2\nDisallow: /\n"), []string{`1: warning: agent-not-token: user-agent value "FooBot/1.2" is read as the product token "FooBot"`}},
		{"html", []byte("\n <!DOCTYPE html>\n<html><body>Not found</body></html>\n"), []string{"1: error: html-body: the file is an HTML page, not robots.txt; crawlers find no rules in it"}},
		{"noindex", []byte("User-agent: *\nNoindex: /x\n"), []string{"2: warning: retired-key: noindex in robots.txt is not read by Google since 2019 nor by other major crawlers; use a robots META tag or X-Robots-Tag header"}},
	}
	for _, tt := range tests {
		var got []string
		for _, d := range robots.Parse(tt.body).Diagnostics() {
			got = append(got, d.String())
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s: diagnostics:\n%s\nwant:\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

// TestDecideDoesNotAllocate holds the hot path to its promise, for every
// engine.
func TestDecideDoesNotAllocate(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /a\nAllow: /a/b*c$\nDisallow: /*.pdf$\nDisallow: /*?s=*&\n")
	for _, tier := range config.Engines() {
		m := robots.Parse(body, config.WithEngine(tier)).Agent("x")
		m.Decide("/warm") // fill the NFA scratch pool
		allocs := testing.AllocsPerRun(100, func() {
			m.Decide("https://example.com/a/b/x%7e/caf\xC3\xA9?s=1&t=2")
		})
		if allocs != 0 {
			t.Errorf("%v: Decide allocates %.1f times", tier, allocs)
		}
	}
	// With usage lines, the usage classes are walked too: one class of
	// rules grouped by pattern, or (/*.html as long as /b/x/yz) one per
	// category, or one that both categories share when they rank the
	// rules alike.
	for i, lines := range []string{
		"Content-Usage: train-ai=n\nContent-Usage: /a/b search=y\nContent-Usage: /*.html train-ai=y, search=n\nContent-Signal: ai-train=no\n",
		"Content-Usage: train-ai=n\nContent-Usage: /b/x/yz search=y\nContent-Usage: /*.html train-ai=y, search=n\nContent-Signal: ai-train=no\n",
		"Content-Usage: /b/x/yz train-ai=y, search=y\nContent-Usage: /*.html train-ai=y, search=y\nContent-Signal: ai-train=no\n",
	} {
		oneClass := i != 1
		body := append(body[:len(body):len(body)], lines...)
		for _, tier := range []automaton.Tier{automaton.TierDFA, automaton.TierSplit, automaton.TierSegments, automaton.TierNFA} {
			m := robots.Parse(body, config.WithLimits(engines.Tier(tier, automaton.Limits{}))).Agent("x")
			m.Decide("/warm")
			if st := robots.MachineStats(m); st.Classes[1] != tier || (st.Classes[2] == 0) != oneClass {
				t.Errorf("%v: classes %v, one class %v", tier, st.Classes, oneClass)
			}
			url := "https://example.com/b/x%7e/caf\xC3\xA9.html?t=2"
			if d := m.Decide(url); !d.Allowed || d.Usage.Get(usage.TrainAI) != usage.Allowed {
				t.Errorf("%v: %v", tier, d)
			}
			allocs := testing.AllocsPerRun(100, func() { m.Decide(url) })
			if allocs != 0 {
				t.Errorf("%v, usage: Decide allocates %.1f times", tier, allocs)
			}
		}
	}
}

func TestDialectNames(t *testing.T) {
	d, err := robots.ParseDialect("RFC9309")
	if err != nil || d != robots.RFC9309 || d.String() != "rfc9309" {
		t.Errorf("ParseDialect(RFC9309) = %v, %v", d, err)
	}
	if _, err := robots.ParseDialect("klingon"); err == nil {
		t.Error("ParseDialect accepted an unknown name")
	}
}

// TestConcurrentDecide decides from many goroutines at once on every
// engine, more goroutines than scratch slots and lazy DFA arenas, and
// checks each answer: a Matcher is shared by a crawler's workers. CI runs
// it under the race detector.
func TestConcurrentDecide(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /a\nAllow: /a/b*c$\nDisallow: /*.pdf$\nDisallow: /*?s=*&\n")
	urls := map[string]bool{"/a/x": false, "/a/bxc": true, "/x.pdf": false, "/x?s=1&t": false, "/y": true}
	for _, tier := range config.Engines() {
		r := robots.Parse(body, config.WithEngine(tier))
		var wg sync.WaitGroup
		for g := 0; g < 32; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				m := r.Agent("bot") // compiled once, shared
				for i := 0; i < 200; i++ {
					for u, want := range urls {
						if got := m.Allowed(u); got != want {
							t.Errorf("%v: Allowed(%q) = %v", tier, u, got)
							return
						}
					}
				}
			}()
		}
		wg.Wait()
	}
}

// TestEagerDFA checks that WithEagerDFA builds the DFA of wildcard rules
// that a default Matcher leaves to a cheaper engine, reports it in Stats,
// and decides as the default Matcher does.
func TestEagerDFA(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /a\nAllow: /a/b*c$\nDisallow: /*.pdf$\nDisallow: /*?s=*&\n")
	def, eager := robots.Parse(body).Agent("x"), robots.Parse(body, robots.WithEagerDFA()).Agent("x")
	if d, e := def.Stats(), eager.Stats(); d.Engine != "nfa" || e.Engine != "dfa" || e.States == 0 || e.Bytes == 0 {
		t.Errorf("Stats: default %+v, eager %+v; want nfa and dfa", d, e)
	}
	for _, u := range []string{"/a", "/a/bxc", "/a/bxc?", "/x.pdf", "/x.pdf?", "/?s=1&", "/b"} {
		if d, e := def.Decide(u), eager.Decide(u); d != e {
			t.Errorf("Decide(%q): default %+v, eager %+v", u, d, e)
		}
	}
}
