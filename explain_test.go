package robots_test

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/conformance"
	"github.com/robotsexclusion/robots/internal/corpus"
)

func ExampleMatcher_Explain() {
	r := robots.Parse([]byte("User-agent: *\nDisallow: /cart\nAllow: /cart/help\nDisallow: /*.pdf$\n"))
	x := r.Agent("FooBot").Explain("https://shop.example/cart/help/returns")
	for i, m := range x.Matches {
		fmt.Printf("line %d allow=%v %s %d octets winner=%v\n", m.Line, m.Allow, m.Pattern, m.Strength, i == x.Winner)
	}
	fmt.Println(x.Decision.Allowed, x.Reason)
	// Output:
	// line 2 allow=false /cart 5 octets winner=false
	// line 3 allow=true /cart/help 10 octets winner=true
	// true longest-match
}

func TestExplain(t *testing.T) {
	const body = "User-agent: *\nDisallow: /cart\nAllow: /cart/help\nDisallow: /*.pdf$\n\n" +
		"User-agent: TieBot\nDisallow: /t\nAllow: /t\nDisallow: /u\nDisallow: /u\n\n" +
		"User-agent: GBot\nAllow: /d/index.html\nDisallow: /d/\nDisallow:\n"
	tests := []struct {
		dialect      robots.Dialect
		agent, url   string
		path         string
		lines        []int
		winner, tied int // lines; 0 for none
		reason       robots.Reason
	}{
		{robots.RFC9309, "FooBot", "/cart/help/x", "/cart/help/x", []int{2, 3}, 3, 0, robots.ReasonLongest},
		{robots.RFC9309, "FooBot", "/x", "/x", nil, 0, 0, robots.ReasonNoMatch},
		{robots.RFC9309, "FooBot", "/a.pdf", "/a.pdf", []int{4}, 4, 0, robots.ReasonOnly},
		{robots.RFC9309, "FooBot", "https://a.example/%63art", "/cart", []int{2}, 2, 0, robots.ReasonOnly},
		{robots.RFC9309, "FooBot", "/robots.txt?x", "/robots.txt?x", nil, 0, 0, robots.ReasonRobotsTxt},
		{robots.RFC9309, "TieBot", "/tx", "/tx", []int{7, 8}, 8, 7, robots.ReasonAllowTie},
		{robots.RFC9309, "TieBot", "/u", "/u", []int{9, 10}, 9, 10, robots.ReasonEarlier},
		{robots.Draft1996, "FooBot", "/cart/help", "/cart/help", []int{2, 3}, 2, 0, robots.ReasonFirst},
		{robots.Google, "GBot", "/d/", "/d/", []int{13, 14, 15}, 13, 0, robots.ReasonLongest},
		{robots.Google, "GBot", "/e", "/e", []int{15}, 15, 0, robots.ReasonEmpty},
	}
	for _, tt := range tests {
		r := robots.Parse([]byte(body), robots.WithDialect(tt.dialect))
		x := r.Agent(tt.agent).Explain(tt.url)
		var lines []int
		for _, m := range x.Matches {
			lines = append(lines, m.Line)
		}
		line := func(i int) int {
			if i < 0 {
				return 0
			}
			return x.Matches[i].Line
		}
		if x.Path != tt.path || fmt.Sprint(lines) != fmt.Sprint(tt.lines) || line(x.Winner) != tt.winner ||
			line(x.Tied) != tt.tied || x.Reason != tt.reason || !x.Complete {
			t.Errorf("%v %s %s: path %q, matches %v, winner line %d, tied line %d, %v, complete %v; want %q %v %d %d %v",
				tt.dialect, tt.agent, tt.url, x.Path, lines, line(x.Winner), line(x.Tied), x.Reason, x.Complete,
				tt.path, tt.lines, tt.winner, tt.tied, tt.reason)
		}
		if line(x.Winner) != x.Decision.Line && x.Reason != robots.ReasonEmpty {
			t.Errorf("%v %s %s: winner line %d, Decide line %d", tt.dialect, tt.agent, tt.url, line(x.Winner), x.Decision.Line)
		}
	}
	r := robots.Parse([]byte(body), robots.WithDialect(robots.Google))
	if x := r.Agent("GBot").Explain("/d/"); !x.Matches[0].IndexHTML || x.Matches[0].Strength != len("/d/$") {
		t.Errorf("Google's index.html rule: %+v", x.Matches[0])
	}
}

// explainAgrees checks that Explain names the rule Decide names, with the
// same verdict, and that every rule it lists matches.
func explainAgrees(t *testing.T, name string, m *robots.Matcher, url string) {
	t.Helper()
	x := m.Explain(url)
	d := m.Decide(url)
	winLine, allowed := 0, true
	if x.Winner >= 0 {
		w := x.Matches[x.Winner]
		winLine, allowed = w.Line, w.Allow || w.Strength == 0
	}
	switch {
	case !x.Complete:
		t.Errorf("%s %q: incomplete", name, url)
	case x.Decision != d:
		t.Errorf("%s %q: Explain's Decision %+v, Decide %+v", name, url, x.Decision, d)
	case winLine != d.Line || allowed != d.Allowed:
		t.Errorf("%s %q: Explain says line %d (%v), Decide line %d (%v)", name, url, winLine, allowed, d.Line, d.Allowed)
	}
}

// TestExplainAgreesWithDecide holds Explain to Decide on every case of the
// spec files and on every URL of the corpus, in every dialect, for a
// crawler often named (Googlebot), one never named (FooBot) and the first
// name of each file.
func TestExplainAgreesWithDecide(t *testing.T) {
	suite, err := conformance.Load(conformance.Files, conformance.SpecDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range robots.Dialects() {
		for _, c := range suite.Cases(d) {
			body, agent, url := c.Input()
			explainAgrees(t, c.Name(), robots.Parse(body, robots.WithDialect(d)).Agent(agent), url)
			n++
		}
	}
	if testing.Short() || raceEnabled {
		t.Logf("%d spec cases; the corpus is not run in -short or under -race", n)
		return
	}
	sites, err := corpus.Read("../shared/corpus")
	if errors.Is(err, fs.ErrNotExist) {
		t.Logf("%d spec cases; the corpus not run: needs ../shared (%v)", n, err)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sites {
		for _, d := range robots.Dialects() {
			r := robots.Parse(s.Robots, robots.WithDialect(d))
			agents := []string{"Googlebot", "FooBot"}
			if g := r.Groups(); len(g) > 0 && len(g[0].Agents) > 0 && !g[0].Agents[0].Global {
				agents = append(agents, g[0].Agents[0].Value)
			}
			for _, a := range agents {
				m := r.Agent(a)
				for _, u := range s.URLs {
					explainAgrees(t, fmt.Sprintf("%s %v %s", s.Name, d, a), m, u)
					n++
				}
			}
		}
	}
	t.Logf("%d explanations, all agree with Decide", n)
}

// wildBody is two wildcard rules of 60 KB each, which a URL of '/'s and
// 'a's makes match after long searches: the file that took the reference
// matcher 41 seconds against a 40 KB URL.
func wildBody() []byte {
	rule := "/*" + strings.Repeat("a*", 30<<10)
	return []byte("User-agent: *\nDisallow: " + rule + "b\nAllow: " + rule + "c\n")
}

// TestExplainBound checks that Explain stays within its work bound on the
// hostile files and long URLs, and explains two 60 KB wildcard rules
// against a 1 MiB URL whole.
func TestExplainBound(t *testing.T) {
	long := "/" + strings.Repeat("a/", 1<<19)
	m := robots.Parse(wildBody()).Agent("x")
	start := time.Now()
	x := m.Explain(long)
	if !x.Complete || x.Reason != robots.ReasonNoMatch {
		t.Errorf("two 60 KB rules, 1 MiB URL: complete %v, %v", x.Complete, x.Reason)
	}
	t.Logf("two 60 KB rules, 1 MiB URL: %v", time.Since(start))
	for _, h := range hostileBodies {
		m := robots.Parse(h.body()).Agent("x")
		for _, url := range []string{"/" + strings.Repeat("ab", 512), long} {
			x := m.Explain(url)
			if !x.Complete && x.Reason != robots.ReasonIncomplete {
				t.Errorf("%s: incomplete, reason %v", h.name, x.Reason)
			}
			if d := m.Decide(url); d != x.Decision {
				t.Errorf("%s: Explain's decision %+v, Decide's %+v", h.name, x.Decision, d)
			}
			// The bound, and one rule past it: twice the longest
			// pattern and twice the path.
			longest := 0
			for _, r := range m.Rules() {
				longest = max(longest, 3*len(r.Pattern)) // canonical: at most 3 octets an octet
			}
			if work, budget := robots.ExplainWork(m, url); work > budget+2*longest+2*len(url) {
				t.Errorf("%s, URL of %d octets: Explain read %d octets, over its bound %d and one rule", h.name, len(url), work, budget)
			}
		}
	}
}

// BenchmarkExplain measures what robots explain does (Parse, Agent,
// Explain) beside what robots check does (Parse, Agent, Decide), on the
// inputs that were slow before Explain was bounded: two 60 KB wildcard
// rules against a 40 KB and a 1 MiB URL (41 seconds for the 40 KB URL
// before), and the 500 KiB hostile files of wildcard rules against a
// 1 MiB URL. Each pair of rows reads as a ratio.
func BenchmarkExplain(b *testing.B) {
	type input struct {
		name string
		body []byte
		url  string
	}
	mib := "/" + strings.Repeat("a/", 1<<19)
	inputs := []input{
		{"wild/40KB", wildBody(), "/" + strings.Repeat("a/", 20<<10)},
		{"wild/1MiB", wildBody(), mib},
	}
	for _, h := range hostileBodies {
		if h.name == "manystar" || h.name == "astar" || h.name == "nested" {
			inputs = append(inputs, input{h.name + "/1MiB", h.body(), mib})
		}
	}
	for _, in := range inputs {
		b.Run(in.name+"/check", func(b *testing.B) {
			for b.Loop() {
				robots.Parse(in.body).Agent("x").Decide(in.url)
			}
		})
		b.Run(in.name+"/explain", func(b *testing.B) {
			for b.Loop() {
				robots.Parse(in.body).Agent("x").Explain(in.url)
			}
		})
	}
}
