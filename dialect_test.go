package robots_test

import (
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/normalize"
)

// dialectCase is one decision in one dialect. agents, when set, are asked
// together through AgentAny.
type dialectCase struct {
	name    string
	body    string
	agent   string
	agents  []string
	url     string
	allowed bool
	line    int
}

// googleSemantics are the examples of spec/google-dialect.md, point by
// point, with the line Google's library reports; the oracle test checks the
// dialect on Google's own answers.
var googleSemantics = []dialectCase{
	// A. Reading the file.
	{name: "A1 html", body: "<html><body>oops</body></html>", agent: "Bot", url: "/x", allowed: true},
	{name: "A2 bom", body: "\uFEFFUser-agent: *\nDisallow: /", agent: "Bot", url: "/a", line: 2},
	{name: "A2 partial bom", body: "\xEF\xBBUser-agent: *\nDisallow: /", agent: "Bot", url: "/a", line: 2},
	{name: "A2 later bom", body: "User-agent: *\n\uFEFFDisallow: /", agent: "Bot", url: "/a", allowed: true},
	{name: "A2 utf-16 not transcoded", body: "\xFF\xFEU\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00\n\x00D\x00i\x00s\x00a\x00l\x00l\x00o\x00w\x00:\x00 \x00/\x00\n\x00", agent: "Bot", url: "/a", allowed: true},
	{name: "A3 lone cr", body: "User-agent: *\rDisallow: /a", agent: "Bot", url: "/a", line: 2},
	{name: "A3 lf cr", body: "User-agent: *\n\rDisallow: /a", agent: "Bot", url: "/a", line: 3},
	{name: "A4 line cut", body: "User-agent: *\nDisallow: /" + strings.Repeat("a", 16652) + "X", agent: "Bot", url: "/" + strings.Repeat("a", 16652) + "Y", line: 2},
	{name: "A5 comment", body: "User-agent: *\nDisallow: /a#b", agent: "Bot", url: "/a/c", line: 2},
	{name: "A6 whitespace", body: "User-agent: *\n  Disallow  :   /a   ", agent: "Bot", url: "/a", line: 2},
	{name: "A7 missing colon", body: "User-agent *\nDisallow /private", agent: "Bot", url: "/private/x", line: 2},
	{name: "A7 three words", body: "User-agent: *\nDisallow /a /b", agent: "Bot", url: "/a", allowed: true},
	{name: "A7 colon in value", body: "User-agent: *\nDisallow /a:/b", agent: "Bot", url: "/b", line: 2}, // key "Disallow /a"
	{name: "A7 colon in value, not /a", body: "User-agent: *\nDisallow /a:/b", agent: "Bot", url: "/a", allowed: true},
	{name: "A8 typo", body: "User-agent: *\nDisalow: /drafts", agent: "Bot", url: "/drafts/a", line: 2},
	{name: "A8 no typo for allow", body: "User-agent: *\nAlow: /drafts\nDisallow: /", agent: "Bot", url: "/drafts/a", line: 3},
	// Keys fold ASCII case only (a differential run against Google's
	// library found U+0130 folded to i): the line is an unknown key, which
	// neither decides nor ends a group.
	{name: "A8 non-ascii fold", body: "User-agent: *\nd\u0130sallow: /\n", agent: "x", url: "/x", allowed: true},
	{name: "A8 non-ascii fold keeps group", body: "User-agent: a\nd\u0130sallow: /q\nUser-agent: b\nDisallow: /\n", agent: "a", url: "/x", line: 4},
	{name: "A9 sitemap keeps group", body: "User-agent: a\nSitemap: http://h/s.xml\nUser-agent: b\nDisallow: /", agent: "a", url: "/x", line: 4},
	// B. User-agent lines and groups.
	{name: "B1 version", body: "User-agent: FooBot/2.1\nDisallow: /", agent: "FooBot", url: "/x", line: 2},
	{name: "B1 digit", body: "User-agent: Bot2\nDisallow: /", agent: "Bot", url: "/x", line: 2},
	{name: "B1 star junk", body: "User-agent: * junk\nDisallow: /", agent: "Bot", url: "/x", line: 2},
	{name: "B2 case", body: "User-agent: EXAMPLEBOT\nDisallow: /", agent: "examplebot", url: "/x", line: 2},
	{name: "B3 caller verbatim", body: "User-agent: FooBot\nDisallow: /", agent: "FooBot/1.0", url: "/x", allowed: true},
	{name: "B3 empty caller", body: "User-agent: 2bot\nDisallow: /", agent: "", url: "/x", line: 2},
	{name: "B4 blank lines", body: "User-agent: a\n\nUser-agent: b\nDisallow: /", agent: "a", url: "/x", line: 4},
	{name: "B4 rules after blank", body: "User-agent: a\nDisallow: /x\n\n\nDisallow: /y", agent: "a", url: "/y", line: 5},
	{name: "B5 empty rule closes", body: "User-agent: a\nDisallow:\nUser-agent: b\nDisallow: /", agent: "a", url: "/x", allowed: true, line: 2},
	{name: "B6 before user-agent", body: "Disallow: /\nUser-agent: *\nAllow: /x", agent: "Bot", url: "/y", allowed: true},
	{name: "B7 merge", body: "User-agent: a\nDisallow: /p\nUser-agent: b\nDisallow: /\nUser-agent: A\nAllow: /p/q", agent: "a", url: "/p/q", allowed: true, line: 6},
	{name: "B8 merge *", body: "User-agent: *\nDisallow: /a\nUser-agent: x\nDisallow: /\nUser-agent: *\nDisallow: /c", agent: "Bot", url: "/c", line: 6},
	{name: "B9 named beats *", body: "User-agent: *\nDisallow: /\nUser-agent: Bot\nDisallow: /private", agent: "Bot", url: "/public", allowed: true},
	{name: "B9 empty named group", body: "User-agent: *\nDisallow: /\nUser-agent: Bot", agent: "Bot", url: "/x", allowed: true},
	{name: "B10 both", body: "User-agent: *\nUser-agent: Bot\nDisallow: /x", agent: "Other", url: "/x", line: 3},
	// C. Rules and matching.
	{name: "C1 empty disallow is named", body: "User-agent: *\nDisallow:", agent: "Bot", url: "/x", allowed: true, line: 2},
	{name: "C1 empty allow is named", body: "User-agent: *\nAllow:", agent: "Bot", url: "/x", allowed: true, line: 2},
	{name: "C1 empty rule loses", body: "User-agent: *\nAllow:\nDisallow: /x", agent: "Bot", url: "/x", line: 3},
	{name: "C2 case", body: "User-agent: *\nDisallow: /Admin", agent: "Bot", url: "/admin", allowed: true},
	{name: "C3 wildcard", body: "User-agent: *\nDisallow: /*/edit", agent: "Bot", url: "/a/b/edit?x", line: 2},
	{name: "C4 anchor and query", body: "User-agent: *\nDisallow: /*.pdf$", agent: "Bot", url: "/a.pdf?dl=1", allowed: true},
	{name: "C4 dollar inside", body: "User-agent: *\nDisallow: /a$b", agent: "Bot", url: "/a$b", line: 2},
	// P$* is a literal '$' and a wildcard, not P$ (a differential run
	// against Google's library found the two merged, the anchored rule
	// lost).
	{name: "C4 P$* beside P$, allow", body: "User-agent: *\nDisallow: /\nAllow: /$\nAllow: /$*\n", agent: "FooBot", url: "/", allowed: true, line: 3},
	{name: "C4 P$* beside P$, disallow", body: "User-agent: *\nAllow: /$*\nDisallow: /$\n", agent: "FooBot", url: "/", line: 3},
	{name: "C5 longest", body: "User-agent: *\nAllow: /page\nDisallow: /*.htm", agent: "Bot", url: "/page.htm", line: 3},
	{name: "C5 escaped length", body: "User-agent: *\nDisallow: /%C3\nAllow: /é", agent: "Bot", url: "/%C3%A9", allowed: true, line: 3},
	{name: "C6 tie", body: "User-agent: *\nDisallow: /a\nAllow: /a", agent: "Bot", url: "/a", allowed: true, line: 3},
	{name: "C6 tie, allow first", body: "User-agent: *\nAllow: /a\nDisallow: /a", agent: "Bot", url: "/a", allowed: true, line: 2},
	{name: "C7 index.html", body: "User-agent: *\nDisallow: /\nAllow: /d/index.html", agent: "Bot", url: "/d/", allowed: true, line: 3},
	{name: "C7 only exactly", body: "User-agent: *\nDisallow: /\nAllow: /d/index.html", agent: "Bot", url: "/d/x", line: 2},
	{name: "C7 not for disallow", body: "User-agent: *\nDisallow: /d/index.html", agent: "Bot", url: "/d/", allowed: true},
	{name: "C7 case-sensitive", body: "User-agent: *\nDisallow: /\nAllow: /d/Index.html", agent: "Bot", url: "/d/", line: 2},
	{name: "C7 strength len+1", body: "User-agent: *\nDisallow: /d/\nAllow: /d/index.htm", agent: "Bot", url: "/d/", allowed: true, line: 3},
	{name: "C7 loses to longer", body: "User-agent: *\nAllow: /d/index.htm\nDisallow: /d/**", agent: "Bot", url: "/d/", line: 3},
	{name: "C7 ties go to allow", body: "User-agent: *\nAllow: /d/index.htm\nDisallow: /d/*", agent: "Bot", url: "/d/", allowed: true, line: 2},
	{name: "C8 sitemap", body: "User-agent: *\nSitemap: /\nHost: /", agent: "Bot", url: "/x", allowed: true},
	// D. Encodings.
	{name: "D1 raw pattern", body: "User-agent: *\nDisallow: /café", agent: "Bot", url: "/caf%C3%A9", line: 2},
	{name: "D1 hex case", body: "User-agent: *\nDisallow: /a%2fb", agent: "Bot", url: "/a%2Fb", line: 2},
	{name: "D2 raw url", body: "User-agent: *\nDisallow: /café", agent: "Bot", url: "/café", allowed: true},
	{name: "D2 lower hex url", body: "User-agent: *\nDisallow: /café", agent: "Bot", url: "/caf%c3%a9", allowed: true},
	{name: "D3 unreserved", body: "User-agent: *\nDisallow: /~joe", agent: "Bot", url: "/%7Ejoe", allowed: true},
	{name: "D3 unreserved pattern", body: "User-agent: *\nDisallow: /%62ar", agent: "Bot", url: "/bar", allowed: true},
	{name: "D4 slash", body: "User-agent: *\nDisallow: /a/b", agent: "Bot", url: "/a%2Fb", allowed: true},
	{name: "D5 literal %2A", body: "User-agent: *\nDisallow: /f-%2A.html", agent: "Bot", url: "/f-*.html", allowed: true},
	{name: "D5 %2A text", body: "User-agent: *\nDisallow: /f-%2A.html", agent: "Bot", url: "/f-%2A.html", line: 2},
	// E. URLs.
	{name: "E1 no path", body: "User-agent: *\nDisallow: /$", agent: "Bot", url: "http://example.com", line: 2},
	{name: "E1 lenient", body: "User-agent: *\nDisallow: /a", agent: "Bot", url: "example.com/a", line: 2},
	{name: "E2 robots.txt", body: "User-agent: *\nDisallow: /", agent: "Bot", url: "http://h/robots.txt", line: 2},
	// F. Other API facts.
	{name: "F1 tie line", body: "User-agent: *\nDisallow: /a\nAllow: /a", agent: "Bot", url: "/a", allowed: true, line: 3},
	{name: "F2 agents merged", body: "User-agent: a\nDisallow: /x\nUser-agent: b\nAllow: /", agents: []string{"a", "b"}, url: "/x/y", line: 2},
	{name: "F2 no agents", body: "User-agent: a\nDisallow: /x\nUser-agent: *\nDisallow: /", agents: []string{}, url: "/x/y", line: 4},
	{name: "F3 nul in rule", body: "User-agent: *\nDisallow: /a\x00b", agent: "Bot", url: "/ax", line: 2},
	{name: "F3 nul in url", body: "User-agent: *\nDisallow: /a$", agent: "Bot", url: "/a\x00b", line: 2},
}

// firstMatchSemantics hold in both first-match dialects.
var firstMatchSemantics = []dialectCase{
	{name: "first match", body: "User-agent: *\nDisallow: /tmp\nAllow: /tmp/ok.html", agent: "Bot", url: "/tmp/ok.html", line: 2},
	{name: "star is an octet", body: "User-agent: *\nDisallow: /a*b", agent: "Bot", url: "/axb", allowed: true},
	{name: "star matches itself", body: "User-agent: *\nDisallow: /a*b", agent: "Bot", url: "/a*b", line: 2},
	{name: "star matches escaped star", body: "User-agent: *\nDisallow: /a*b", agent: "Bot", url: "/a%2ab", line: 2},
	{name: "dollar is an octet", body: "User-agent: *\nDisallow: /a$", agent: "Bot", url: "/a", allowed: true},
	{name: "dollar matches itself", body: "User-agent: *\nDisallow: /a$", agent: "Bot", url: "/a$b", line: 2},
	{name: "escapes decoded", body: "User-agent: *\nDisallow: /%7ejoe", agent: "Bot", url: "/~joe/x", line: 2},
	{name: "hex case", body: "User-agent: *\nDisallow: /a%3cd", agent: "Bot", url: "/a%3Cd", line: 2},
	{name: "escaped slash kept", body: "User-agent: *\nDisallow: /a%2fb", agent: "Bot", url: "/a/b", allowed: true},
	{name: "escaped slash, hex case", body: "User-agent: *\nDisallow: /a%2fb", agent: "Bot", url: "/a%2Fb", line: 2},
	{name: "non-ascii decoded", body: "User-agent: *\nDisallow: /café", agent: "Bot", url: "/caf%C3%A9", line: 2},
	{name: "escaped percent", body: "User-agent: *\nDisallow: /100%25", agent: "Bot", url: "/100%", line: 2},
	{name: "escaped percent is no escape", body: "User-agent: *\nDisallow: /%2541", agent: "Bot", url: "/A", allowed: true},
	{name: "empty disallow", body: "User-agent: *\nDisallow:\nDisallow: /a", agent: "Bot", url: "/a", line: 3},
	{name: "substring", body: "User-agent: bot\nDisallow: /", agent: "Robot", url: "/x", line: 2},
	{name: "substring case", body: "User-agent: BOT\nDisallow: /", agent: "spambot", url: "/x", line: 2},
	{name: "name not contained", body: "User-agent: robots\nDisallow: /", agent: "Robot", url: "/x", allowed: true},
	{name: "empty name names nobody", body: "User-agent:\nDisallow: /", agent: "Robot", url: "/x", allowed: true},
	{name: "first record only", body: "User-agent: bot\nDisallow: /a\n\nUser-agent: robot\nDisallow: /b", agent: "Robot", url: "/b", allowed: true},
	{name: "first * record only", body: "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b", agent: "Bot", url: "/b", allowed: true},
	{name: "named record beats earlier *", body: "User-agent: *\nDisallow: /\n\nUser-agent: bot\nDisallow: /private", agent: "Bot", url: "/x", allowed: true},
	{name: "no record", body: "User-agent: other\nDisallow: /", agent: "Bot", url: "/x", allowed: true},
	{name: "blank line ends record", body: "User-agent: *\nDisallow: /a\n\nDisallow: /b", agent: "Bot", url: "/b", allowed: true},
	{name: "comment line does not", body: "User-agent: *\n# note\nDisallow: /b", agent: "Bot", url: "/b", line: 3},
	{name: "blank line before rules", body: "User-agent: bot\n\nDisallow: /", agent: "Bot", url: "/x", allowed: true},
	{name: "user-agent after rules", body: "User-agent: *\nDisallow: /a\nUser-agent: bot\nDisallow: /b", agent: "Bot", url: "/a", allowed: true},
	{name: "exact keys", body: "User-agent: *\nDisalow: /a\nDisallowed: /a", agent: "Bot", url: "/a", allowed: true},
	{name: "colon required", body: "User-agent: *\nDisallow /a", agent: "Bot", url: "/a", allowed: true},
	{name: "robots.txt not special", body: "User-agent: *\nDisallow: /", agent: "Bot", url: "/robots.txt", line: 2},
	{name: "agents, first record of any", body: "User-agent: foo\nDisallow: /a\n\nUser-agent: bar\nDisallow: /b", agents: []string{"bar", "foo"}, url: "/b", allowed: true},
}

func TestGoogleSemantics(t *testing.T) {
	runDialect(t, robots.Google, googleSemantics)
}

func TestFirstMatchSemantics(t *testing.T) {
	runDialect(t, robots.Draft1996, firstMatchSemantics)
	runDialect(t, robots.Original1994, firstMatchSemantics)
	allow := []dialectCase{
		{name: "allow", body: "User-agent: *\nAllow: /a\nDisallow: /", agent: "Bot", url: "/a", allowed: true, line: 2},
	}
	runDialect(t, robots.Draft1996, allow)
	allow[0].allowed, allow[0].line = false, 3
	runDialect(t, robots.Original1994, allow) // Allow is an unknown line
}

// runDialect checks cases in dialect d on every engine.
func runDialect(t *testing.T, d robots.Dialect, cases []dialectCase) {
	t.Helper()
	for _, tier := range config.Engines() {
		for _, c := range cases {
			r := robots.Parse([]byte(c.body), robots.WithDialect(d), config.WithEngine(tier))
			m, allowed := r.Agent(c.agent), r.Allowed(c.agent, c.url)
			if c.agents != nil {
				m, allowed = r.AgentAny(c.agents...), r.AgentAny(c.agents...).Allowed(c.url)
			}
			if got := m.Decide(c.url); got.Allowed != c.allowed || got.Line != c.line {
				t.Errorf("%v %s (%v): Decide(%q) = %+v, want allowed %v line %d", d, c.name, tier, c.url, got, c.allowed, c.line)
			}
			if allowed != c.allowed {
				t.Errorf("%v %s: Allowed = %v", d, c.name, allowed)
			}
		}
	}
}

func TestAgentAny(t *testing.T) {
	r := robots.Parse([]byte("User-agent: a\nDisallow: /x\nUser-agent: b\nAllow: /x/y\nUser-agent: *\nDisallow: /"))
	for _, c := range []struct {
		agents  []string
		url     string
		allowed bool
	}{
		{[]string{"a", "b"}, "/x/y", true}, // merged: the longer allow wins
		{[]string{"a", "b"}, "/x/z", false},
		{[]string{"a"}, "/x/y", false},
		{[]string{"c"}, "/q", false}, // no group named: the * group
		{nil, "/q", false},
		{[]string{"c", "b"}, "/q", true},
	} {
		if got := r.AgentAny(c.agents...).Allowed(c.url); got != c.allowed {
			t.Errorf("AgentAny(%q).Allowed(%q) = %v, want %v", c.agents, c.url, got, c.allowed)
		}
	}
	if r.AgentAny("a") != r.Agent("a") {
		t.Error("AgentAny with one agent is not Agent")
	}
	if first, again := r.AgentAny("a", "b"), r.AgentAny("a", "b"); first != again {
		t.Error("AgentAny does not keep its matchers")
	}
	if r.AgentAny("a:", "b") == r.AgentAny("a", ":b") {
		t.Error("AgentAny confuses two lists")
	}
}

func TestDialectRoundTrip(t *testing.T) {
	for _, d := range []robots.Dialect{robots.RFC9309, robots.Google, robots.Draft1996, robots.Original1994} {
		got, err := robots.ParseDialect(strings.ToUpper(d.String()))
		if err != nil || got != d {
			t.Errorf("ParseDialect(%q) = %v, %v", d, got, err)
		}
		if r := robots.Parse(nil, robots.WithDialect(d)); r.Dialect() != d {
			t.Errorf("Parse in %v: Dialect() = %v", d, r.Dialect())
		}
	}
	r := robots.Parse(nil, robots.WithDialect(robots.Dialect(42)))
	if r.Dialect() != robots.RFC9309 || !hasCode(r, "dialect") {
		t.Errorf("an unknown dialect should be read as rfc9309 and diagnosed: %v, %v", r.Dialect(), r.Diagnostics())
	}
}

// TestGoogleParseLimit: Google's library parses the whole body, but its
// crawler has a limit, and so does the Google dialect (issue 10, item 1).
func TestGoogleParseLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for b.Len() < robots.DefaultParseLimit+normalize.Slack+10 {
		b.WriteString("# padding padding padding padding\n")
	}
	b.WriteString("Disallow: /late\n")
	body := []byte(b.String())
	if !robots.Parse(body, robots.WithDialect(robots.Google)).Allowed("x", "/late") {
		t.Error("Google: a rule past the default parse limit and its slack was read")
	}
	if robots.Parse(body, robots.WithDialect(robots.Google), robots.WithParseLimit(len(body))).Allowed("x", "/late") {
		t.Error("Google: WithParseLimit did not raise the limit")
	}
}

func TestDialectsDoNotAllocate(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /a\nAllow: /a/b*c$\nDisallow: /*.pdf$\nAllow: /d/index.html\nDisallow:\n")
	for _, d := range []robots.Dialect{robots.Google, robots.Draft1996, robots.Original1994} {
		m := robots.Parse(body, robots.WithDialect(d)).Agent("x")
		m.Decide("/warm")
		allocs := testing.AllocsPerRun(100, func() {
			m.Decide("https://example.com/a/b/x%7e/caf\xC3\xA9?s=1&t=2")
		})
		if allocs != 0 {
			t.Errorf("%v: Decide allocates %.1f times", d, allocs)
		}
	}
}
