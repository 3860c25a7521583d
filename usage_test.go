package robots_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/engines"
	"github.com/robotsexclusion/robots/internal/reference"
	"github.com/robotsexclusion/robots/usage"
)

// referenceUsage decides url for agent by reference.Usage, over
// the selection the parser makes for agent in RFC 9309.
func referenceUsage(body, agent, url string) (bool, usage.Set) {
	sel := compile.RFC9309.Parse([]byte(body)).Select(agent)
	allowed, prefs, _ := reference.Usage(compile.RFC9309, sel.Rules, sel.Usage, sel.Signals, url)
	return allowed, prefs
}

// draftExample is the worked example of draft-ietf-aipref-attach section
// 3.4 (Figure 2).
const draftExample = "User-Agent: *\n" + // 1
	"Allow: /\n" + // 2
	"Disallow: /never/\n" + // 3
	"Content-Usage: train-ai=n\n" + // 4
	"Content-Usage: /ai-ok/ train-ai=y\n" + // 5
	"\n" +
	"User-Agent: ExampleBot\n" + // 7
	"Allow: /\n" + // 8
	"Content-Usage: train-ai=y\n" // 9

func TestDecideUsage(t *testing.T) {
	const mixed = "Content-Signal: search=yes, ai-train=no\n" + // 1: file-wide
		"User-agent: *\n" + // 2
		"Disallow: /private\n" + // 3
		"Content-Usage: /a train-ai=y, search=y\n" + // 4
		"Content-Usage: /b train-ai=n\n" + // 5: same length as 4
		"Content-Usage: /a train-ai=n\n" + // 6: same path as 4, n wins
		"Content-Usage: /*.pdf search=n\n" + // 7: wildcard, length 6
		"Content-Usage: /a/b search=n\n" + // 8
		"Content-Usage: /c train-ai=y\n" + // 9
		"Content-Usage: /c search=y\n" + // 10: same length, another category
		"Content-Usage: /c/d$ train-ai=n\n" + // 11: anchored
		"Content-Usage: /e train-ai=yes\n" + // 12: malformed: states nothing, but is the longest
		"Content-Usage: train-ai=y\n" + // 13: every URL, length 0
		"Content-Signal: ai-input=no, use=reference\n" // 14
	const named = "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n\nUser-agent: FooBot\nDisallow: /x\n"
	y, n, u := usage.Allowed, usage.Disallowed, usage.Unknown
	tests := []struct {
		body, agent, url string
		allowed          bool
		train, search    usage.Pref
		trainLine        int // 0: not checked
	}{
		{draftExample, "OtherBot", "/test", true, n, u, 4},
		{draftExample, "OtherBot", "/never/test", false, u, u, 0},
		{draftExample, "OtherBot", "/ai-ok/test", true, y, u, 5},
		{draftExample, "ExampleBot", "/test", true, y, u, 9},
		{draftExample, "ExampleBot", "https://example.com/never/test", true, y, u, 9},
		{mixed, "x", "/a", true, n, y, 6},
		{mixed, "x", "/a/x", true, n, y, 6},
		{mixed, "x", "/a/b", true, u, n, 0},
		{mixed, "x", "/a/b.pdf", true, u, n, 0},
		{mixed, "x", "/q.pdf", true, u, n, 0},
		{mixed, "x", "/b", true, n, u, 5},
		{mixed, "x", "/c", true, y, y, 9},
		{mixed, "x", "/c/d", true, n, u, 11},
		{mixed, "x", "/c/d/", true, y, y, 9},
		{mixed, "x", "/e", true, u, u, 0},
		{mixed, "x", "/z", true, y, u, 13},
		{mixed, "x", "/private/a", false, u, u, 0},
		{named, "FooBot", "/y", true, u, u, 0},
		{named, "BarBot", "/y", true, n, u, 3},
		{"User-agent: *\nDisallow: /\n", "x", "/a", false, u, u, 0},
		// No group applies to Other, but the line outside any group does.
		{"Content-Usage: train-ai=n\nUser-agent: FooBot\nDisallow: /\n", "Other", "/a", true, n, u, 1},
		{"Content-Usage: train-ai=n\nUser-agent: FooBot\nDisallow: /\n", "FooBot", "/a", false, u, u, 0},
		{"User-agent: *\nDisallow: /x\n", "x", "/a", true, u, u, 0},
	}
	for _, tt := range tests {
		r := robots.Parse([]byte(tt.body))
		d := r.Agent(tt.agent).Decide(tt.url)
		allowed, want := referenceUsage(tt.body, tt.agent, tt.url)
		if d.Allowed != tt.allowed || d.Usage.Get(usage.TrainAI) != tt.train || d.Usage.Get(usage.Search) != tt.search {
			t.Errorf("%q for %s: allowed %v train-ai %v search %v; want %v %v %v", tt.url, tt.agent, d.Allowed,
				d.Usage.Get(usage.TrainAI), d.Usage.Get(usage.Search), tt.allowed, tt.train, tt.search)
		}
		if tt.trainLine != 0 {
			if from := d.Usage.From(usage.TrainAI); from != (usage.Source{Line: tt.trainLine, Field: "Content-Usage"}) {
				t.Errorf("%q for %s: train-ai from %v, want line %d", tt.url, tt.agent, from, tt.trainLine)
			}
		}
		if d.Allowed != allowed || d.Usage != want {
			t.Errorf("%q for %s: Decide %v %v, reference %v %v", tt.url, tt.agent, d.Allowed, d.Usage, allowed, want)
		}
	}
	// The signals apply to every allowed URL, with their lines.
	d := robots.Parse([]byte(mixed)).Agent("x").Decide("/z")
	if d.Usage.Get(usage.SignalAITrain) != n || d.Usage.From(usage.SignalAITrain).Line != 1 ||
		d.Usage.Get(usage.SignalAIInput) != n || d.Usage.From(usage.SignalAIInput).Line != 14 {
		t.Errorf("signals: %v", d.Usage)
	}
	if use, from := d.Usage.Use(); use != usage.UseReference || from.Line != 14 {
		t.Errorf("use %v from %v", use, from)
	}
}

// TestDecideUsageEveryTier decides random files against the reference on
// every tier.
func TestDecideUsageEveryTier(t *testing.T) {
	paths := []string{"", "/", "/a", "/a/", "/ab", "/a*", "/*b", "/a$", "/*.pdf", "/a/b", "/a%2F", "/b*c$"}
	prefs := []string{"train-ai=n", "train-ai=y", "search=n", "search=y", "train-ai=y, search=n", "train-ai=n, search=y", "train-ai=yes", "search"}
	urls := []string{"/", "/a", "/a/", "/ab", "/a/b", "/a/b.pdf", "/b", "/bxc", "/a%2f", "/a/x?q=1", "/c.pdf", "/private/a"}
	seed := uint64(1)
	next := func(n int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int(seed>>33) % n
	}
	for iter := 0; iter < 300; iter++ {
		var b strings.Builder
		b.WriteString("User-agent: *\nDisallow: /private\nAllow: /a\n")
		// One file in three says the same on every line, as a file
		// generated for many paths does: the categories share a class.
		same := ""
		if next(3) == 0 {
			same = prefs[next(len(prefs))]
		}
		for range 1 + next(6) {
			p := paths[next(len(paths))]
			if p != "" {
				p += " "
			}
			pr := same
			if pr == "" {
				pr = prefs[next(len(prefs))]
			}
			fmt.Fprintf(&b, "Content-Usage: %s%s\n", p, pr)
		}
		if next(3) == 0 {
			b.WriteString("Content-Signal: ai-train=no\n")
		}
		body := b.String()
		for _, tier := range engines.All() {
			m := robots.Parse([]byte(body), config.WithLimits(tier)).Agent("x")
			for _, url := range urls {
				d := m.Decide(url)
				allowed, want := referenceUsage(body, "x", url)
				if d.Allowed != allowed || d.Usage != want {
					t.Fatalf("tier %v, %q in\n%s: Decide %v %v, reference %v %v", tier, url, body, d.Allowed, d.Usage, allowed, want)
				}
			}
		}
	}
}

// TestDecideUsageDialects checks that usage lines are read and decided in
// every dialect, and that they leave the crawl verdict as it was but for
// grouping: a Content-Usage line ends a group's user-agent lines in the
// RFC 9309 dialect, as a rule line does (Read.UsageNotRule in the dialect table),
// and in the others it does not, as an unknown line does not.
func TestDecideUsageDialects(t *testing.T) {
	body := "User-agent: a\nContent-Usage: /x train-ai=n\nUser-agent: b\nDisallow: /y\n"
	for _, d := range []robots.Dialect{robots.RFC9309, robots.Google, robots.Draft1996, robots.Original1994} {
		plain, agent := "User-agent: a\n# a comment\nUser-agent: b\nDisallow: /y\n", "b"
		if d == robots.RFC9309 {
			plain, agent = "User-agent: a\nAllow:\nUser-agent: b\nDisallow: /y\n", "a"
		}
		r, p := robots.Parse([]byte(body), robots.WithDialect(d)), robots.Parse([]byte(plain), robots.WithDialect(d))
		for _, name := range []string{"a", "b"} {
			for _, url := range []string{"/x", "/y", "/z"} {
				got, was := r.Agent(name).Decide(url), p.Agent(name).Decide(url)
				if got.Allowed != was.Allowed || got.Line != was.Line {
					t.Errorf("%v: %s %s: %v, without the usage line %v", d, name, url, got, was)
				}
			}
		}
		if got := r.Agent(agent).Decide("/x").Usage.Get(usage.TrainAI); got != usage.Disallowed {
			t.Errorf("%v: %s /x train-ai %v", d, agent, got)
		}
		if other := "b"; d == robots.RFC9309 && r.Agent(other).Decide("/x").Usage.Known() {
			t.Errorf("%v: %s /x has preferences %v", d, other, r.Agent(other).Decide("/x").Usage)
		}
	}
}

func TestUsageLines(t *testing.T) {
	body := "Content-Usage: search=y\n" + // 1
		"Content-Signal: ai-train=no\n" + // 2
		"User-agent: *\n" + // 3
		"Content-Usage: /a train-ai=n # why\n" + // 4
		"Content-Signal: search=yes\n" + // 5
		"Disallow: /x\n" + // 6
		"User-agent: FooBot\n" + // 7
		"Disallow: /y\n" // 8
	r := robots.Parse([]byte(body))
	if u := r.Usage(); len(u) != 1 || u[0].Line != 1 || u[0].Path != "" || u[0].Value != "search=y" || u[0].Prefs.Get(usage.Search) != usage.Allowed {
		t.Errorf("Usage: %+v", u)
	}
	if s := r.Signals(); len(s) != 1 || s[0].Line != 2 || s[0].Prefs.Get(usage.SignalAITrain) != usage.Disallowed {
		t.Errorf("Signals: %+v", s)
	}
	g := r.Groups()[0]
	if len(g.Usage) != 1 || g.Usage[0] != (robots.UsageRule{Line: 4, Path: "/a", Canonical: "/a", Value: "/a train-ai=n", Prefs: g.Usage[0].Prefs}) ||
		g.Usage[0].Prefs.Get(usage.TrainAI) != usage.Disallowed {
		t.Errorf("group usage: %+v", g.Usage)
	}
	if len(g.Signals) != 1 || g.Signals[0].Line != 5 || g.Signals[0].Value != "search=yes" {
		t.Errorf("group signals: %+v", g.Signals)
	}
	for _, tt := range []struct {
		agent  string
		hidden []int
	}{{"FooBot", []int{4, 5}}, {"BarBot", nil}} {
		sel := r.Agent(tt.agent).Selection()
		if !slices.Equal(sel.HiddenUsage, tt.hidden) {
			t.Errorf("%s: HiddenUsage %v, want %v", tt.agent, sel.HiddenUsage, tt.hidden)
		}
	}
	if sel := r.Agent("BarBot").Selection(); len(sel.Groups) != 1 || len(sel.Groups[0].Usage) != 1 || sel.Groups[0].Usage[0].Value != "/a train-ai=n" {
		t.Errorf("BarBot's selection: %+v", sel.Groups)
	}
	// The file-wide lines apply to FooBot, the * group's do not.
	d := r.Agent("FooBot").Decide("/a")
	if d.Usage.Get(usage.Search) != usage.Allowed || d.Usage.Get(usage.TrainAI) != usage.Unknown || d.Usage.Get(usage.SignalSearch) != usage.Unknown {
		t.Errorf("FooBot /a: %v", d.Usage)
	}
}

// TestUsageLinesKeepVerdict checks that reading usage lines changes no
// crawl verdict but by grouping: random files decide every URL as they do
// with each usage line's key replaced by an unknown one, which the parser
// read them as before it knew them, except a Content-Usage line in the
// RFC 9309 dialect, which is a rule line (Read.UsageNotRule in the dialect table):
// there the file decides as it does with the line replaced by an empty
// Allow line, a rule line that matches nothing.
func TestUsageLinesKeepVerdict(t *testing.T) {
	lines := []string{"User-agent: *", "User-agent: FooBot", "User-agent: bar", "Disallow: /a", "Allow: /a/b", "Disallow: /*.pdf$",
		"Allow:", "Disallow:", "", "# c", "Crawl-delay: 1", "Content-Usage: train-ai=n", "Content-Usage: /a train-ai=y",
		"content-signal: search=yes", "CONTENT-USAGE: /*.pdf search=n", "Content-Usage:", "Content-Signal: x y z"}
	urls := []string{"/", "/a", "/a/b", "/x.pdf", "/robots.txt", "/b"}
	seed := uint64(7)
	next := func(n int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int(seed>>33) % n
	}
	unknown := strings.NewReplacer("Content-Usage", "Xontent-Usage", "content-signal", "xontent-signal",
		"CONTENT-USAGE", "XONTENT-USAGE", "Content-Signal", "Xontent-Signal")
	for iter := 0; iter < 400; iter++ {
		var b strings.Builder
		for range 2 + next(10) {
			b.WriteString(lines[next(len(lines))] + "\n")
		}
		body := b.String()
		for _, d := range []robots.Dialect{robots.RFC9309, robots.Google, robots.Draft1996, robots.Original1994} {
			other := unknown.Replace(body)
			if d == robots.RFC9309 {
				other = asEmptyAllow(other)
			}
			r, was := robots.Parse([]byte(body), robots.WithDialect(d)), robots.Parse([]byte(other), robots.WithDialect(d))
			for _, agent := range []string{"FooBot", "other"} {
				m, w := r.Agent(agent), was.Agent(agent)
				for _, url := range urls {
					got, want := m.Decide(url), w.Decide(url)
					if got.Allowed != want.Allowed || got.Line != want.Line || got.Pattern != want.Pattern {
						t.Fatalf("%v, %s, %q in\n%s: %+v, with unknown keys %+v", d, agent, url, body, got, want)
					}
				}
				if g, w := m.Selection().Groups, w.Selection().Groups; len(g) != len(w) {
					t.Fatalf("%v, %s in\n%s: %d groups, with unknown keys %d", d, agent, body, len(g), len(w))
				}
			}
		}
	}
}

// asEmptyAllow replaces each line whose key is a Content-Usage key renamed
// to "xontent-usage" (any case) with an empty Allow line.
func asEmptyAllow(body string) string {
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.ToLower(l), "xontent-usage") {
			lines[i] = "Allow:"
		}
	}
	return strings.Join(lines, "\n")
}

// TestConcurrentDecideUsage decides usage from more goroutines than the
// engines have scratch slots, on every tier, in one class and in one class
// per category; CI runs it under the race detector.
func TestConcurrentDecideUsage(t *testing.T) {
	for _, body := range []string{
		"User-agent: *\nDisallow: /a\nContent-Usage: /*b*c$ train-ai=n\nContent-Usage: /x search=n\nContent-Usage: /*.pdf train-ai=y\n",
		"User-agent: *\nDisallow: /a\nContent-Usage: /*b*c$ train-ai=n\nContent-Usage: /x/yz search=n\nContent-Usage: /*.pdf train-ai=y\n",
	} {
		urls := []string{"/xbc", "/x/yz.pdf", "/q.pdf", "/a/b", "/z"}
		for _, tier := range engines.All() {
			r := robots.Parse([]byte(body), config.WithLimits(tier))
			want := make([]robots.Decision, len(urls))
			for i, u := range urls {
				want[i] = r.Agent("bot").Decide(u)
				if allowed, prefs := referenceUsage(body, "bot", u); allowed != want[i].Allowed || prefs != want[i].Usage {
					t.Fatalf("%v: %q: %v, reference %v %v", tier, u, want[i], allowed, prefs)
				}
			}
			var wg sync.WaitGroup
			for range 32 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					m := r.Agent("bot")
					for range 100 {
						for i, u := range urls {
							if got := m.Decide(u); got != want[i] {
								t.Errorf("%v: %q: %v, want %v", tier, u, got, want[i])
								return
							}
						}
					}
				}()
			}
			wg.Wait()
		}
	}
}
