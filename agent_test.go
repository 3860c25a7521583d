package robots_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/robotsexclusion/robots"
)

// wildcardFile returns a robots.txt whose one * group holds n wildcard
// rules, the file on which every compile is expensive.
func wildcardFile(n int) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "Disallow: /*a%d*b%d\n", i, i)
	}
	b.WriteString("User-agent: Named\nDisallow: /n\n")
	return []byte(b.String())
}

// firstAgent makes n goroutines ask r for the Matcher of each agent at
// once, released together.
func firstAgent(r *robots.Robots, n int, agents ...string) {
	var start, done sync.WaitGroup
	start.Add(1)
	for g := 0; g < n; g++ {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			for _, a := range agents {
				r.Agent(a)
			}
		}()
	}
	start.Done()
	done.Wait()
}

// BenchmarkFirstAgent64 is 64 goroutines making the first Agent call for
// one token on a freshly parsed file: one compile should serve them all.
func BenchmarkFirstAgent64(b *testing.B) {
	body := wildcardFile(200)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		r := robots.Parse(body)
		b.StartTimer()
		firstAgent(r, 64, "FooBot")
	}
}

// BenchmarkFallbackTokens is n distinct tokens that all fall back to the
// same * groups: one compile should serve them all, so that 16 cost
// little more than 1.
func BenchmarkFallbackTokens(b *testing.B) {
	body := wildcardFile(200)
	for _, n := range []int{1, 16} {
		b.Run(fmt.Sprintf("tokens=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				r := robots.Parse(body)
				b.StartTimer()
				for i := range n {
					r.Agent(fmt.Sprintf("Bot%c", 'a'+i))
				}
			}
		})
	}
}

// TestCompileBySelection checks that agents whose selection is the same set
// of groups share one compile, and that 64 goroutines making the first call
// for one token compile once. CI runs it under the race detector.
func TestCompileBySelection(t *testing.T) {
	body := wildcardFile(20)
	cases := []struct {
		name   string
		agents []string // asked in turn, by 64 goroutines at once
		want   int64    // compiles
	}{
		{"one token", []string{"FooBot"}, 1},
		{"tokens falling back to *", []string{"FooBot", "BarBot", "bazbot", "*", ""}, 1},
		{"a named token and the * tokens", []string{"FooBot", "Named", "named", "BarBot"}, 2},
	}
	for _, c := range cases {
		r := robots.Parse(body)
		firstAgent(r, 64, c.agents...)
		if got := robots.Compiles(r); got != c.want {
			t.Errorf("%s: %d compiles, want %d", c.name, got, c.want)
		}
		for _, a := range c.agents {
			if got, want := r.Agent(a).Named(), strings.EqualFold(a, "named"); got != want {
				t.Errorf("%s: Agent(%q).Named() = %v", c.name, a, got)
			}
		}
	}
	r := robots.Parse(body)
	firstAgent(r, 64, "FooBot")
	r.AgentAny("FooBot", "BarBot")  // the * groups again
	r.AgentAny("Named", "FooBot")   // the Named group
	r.AgentAny("NAMED", "otherbot") // again
	if got := robots.Compiles(r); got != 2 {
		t.Errorf("AgentAny: %d compiles, want 2", got)
	}
}

// TestCacheBounds asks for more agents and more distinct selections than a
// Robots keeps, and checks that it keeps no more while every answer stays
// right.
func TestCacheBounds(t *testing.T) {
	const groups = robots.MaxSelections + 10
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /\n")
	for i := 0; i < groups; i++ {
		fmt.Fprintf(&b, "User-agent: g%c%c\nDisallow: /%d/\n", 'a'+i/26, 'a'+i%26, i)
	}
	r := robots.Parse([]byte(b.String()))
	name := func(i int) string { return fmt.Sprintf("g%c%c", 'a'+i/26, 'a'+i%26) }

	// An agent value too long to remember is answered, not remembered.
	if r.Allowed("x"+strings.Repeat("y", robots.KeyBuffer), "/x") {
		t.Fatal("a long token: /x allowed")
	}
	if agents, _ := robots.Cached(r); agents != 0 {
		t.Fatalf("a token longer than the key buffer was remembered")
	}

	// Many tokens, all falling back to the * groups: one compile, and no
	// more than maxAgents of them remembered.
	for i := 0; i < 4*robots.MaxAgents; i++ {
		if r.Allowed(fmt.Sprintf("other-%c%c%c", 'a'+i/676, 'a'+i/26%26, 'a'+i%26), "/x") {
			t.Fatalf("token %d: /x allowed, want the * group's Disallow: /", i)
		}
	}
	if agents, sels := robots.Cached(r); agents != robots.MaxAgents || sels != 1 {
		t.Errorf("after %d fallback tokens: %d agents, %d selections kept; want %d, 1", 4*robots.MaxAgents, agents, sels, robots.MaxAgents)
	}
	if n := robots.Compiles(r); n != 1 {
		t.Errorf("%d compiles for one selection", n)
	}

	// More distinct selections than are kept: each is still right.
	for round := 0; round < 2; round++ {
		for i := 0; i < groups; i++ {
			m := r.Agent(name(i))
			if m.Allowed(fmt.Sprintf("/%d/x", i)) || !m.Allowed(fmt.Sprintf("/%d/x", (i+1)%groups)) {
				t.Fatalf("round %d: Agent(%s) decides wrong", round, name(i))
			}
			if m := r.AgentAny(name(i), name((i+1)%groups)); m.Allowed(fmt.Sprintf("/%d/x", (i+1)%groups)) {
				t.Fatalf("round %d: AgentAny(%s, ...) decides wrong", round, name(i))
			}
		}
	}
	if agents, sels := robots.Cached(r); agents > robots.MaxAgents || sels != robots.MaxSelections {
		t.Errorf("%d agents, %d selections kept; want at most %d, %d", agents, sels, robots.MaxAgents, robots.MaxSelections)
	}
	// The * set and the first 63 sets of round one are kept; the other
	// sets of round one compile again in round two.
	distinct := 2 * groups // {i} and {i, i+1} for each named group
	if got, want := robots.Compiles(r), int64(1+distinct+distinct-(robots.MaxSelections-1)); got != want {
		t.Errorf("%d compiles, want %d", got, want)
	}
}

// TestAgentSelection checks how each dialect reads a crawler's agent value,
// an unusable one included, and what the Matcher reports of it.
func TestAgentSelection(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /star\n" + // group at line 1
		"User-agent: FooBot/2.1\nUser-agent: BarBot\nDisallow: /foo\n" + // line 3
		"User-agent: 2bot\nDisallow: /empty\n") // line 6
	for _, c := range []struct {
		dialect robots.Dialect
		agent   string
		token   string
		reduced bool
		usable  bool
		named   bool
		groups  []int // first line of each selected group
		url     string
		allowed bool
	}{
		{robots.RFC9309, "FooBot", "FooBot", false, true, true, []int{3}, "/foo", false},
		{robots.RFC9309, "foobot", "foobot", false, true, true, []int{3}, "/foo", false},
		{robots.RFC9309, "FooBot/2.1", "FooBot", true, true, true, []int{3}, "/foo", false},
		{robots.RFC9309, "FooBot ", "FooBot", true, true, true, []int{3}, "/foo", false},
		{robots.RFC9309, "BarBot/1.0 (+https://bar.example/bot)", "BarBot", true, true, true, []int{3}, "/foo", false},
		{robots.RFC9309, "Mozilla/5.0 (compatible; FooBot/2.1)", "Mozilla", true, true, false, []int{1}, "/star", false},
		{robots.RFC9309, "OtherBot", "OtherBot", false, true, false, []int{1}, "/foo", true},
		{robots.RFC9309, "", "", false, false, false, []int{1}, "/empty", true},
		{robots.RFC9309, "*", "", true, false, false, []int{1}, "/star", false},
		{robots.RFC9309, "2bot", "", true, false, false, []int{1}, "/empty", true},
		// Google's library compares the value as given.
		{robots.Google, "FooBot", "FooBot", false, true, true, []int{3}, "/foo", false},
		{robots.Google, "FooBot/2.1", "FooBot/2.1", false, false, false, []int{1}, "/foo", true},
		{robots.Google, "FooBot ", "FooBot ", false, false, false, []int{1}, "/foo", true},
		{robots.Google, "", "", false, false, true, []int{6}, "/empty", false},
		{robots.Google, "*", "*", false, false, false, []int{1}, "/star", false},
		// The first-match dialects keep the value whole, names as substrings.
		{robots.Draft1996, "FooBot/2.1 (+https://foo.example)", "FooBot/2.1 (+https://foo.example)", false, true, true, []int{3}, "/foo", false},
		{robots.Draft1996, " xBarBotx ", "xBarBotx", true, true, true, []int{3}, "/foo", false},
		{robots.Draft1996, "", "", false, false, false, []int{1}, "/star", false},
		{robots.Original1994, "", "", false, false, false, []int{1}, "/star", false},
	} {
		m := robots.Parse(body, robots.WithDialect(c.dialect)).Agent(c.agent)
		s := m.Selection()
		want := robots.AgentToken{Given: c.agent, Token: c.token, Reduced: c.reduced, Usable: c.usable}
		if len(s.Agents) != 1 || s.Agents[0] != want {
			t.Errorf("%v %q: agents %+v, want %+v", c.dialect, c.agent, s.Agents, want)
		}
		var lines []int
		for _, g := range s.Groups {
			lines = append(lines, g.Agents[0].Line)
		}
		if s.Named != c.named || m.Named() != c.named || fmt.Sprint(lines) != fmt.Sprint(c.groups) {
			t.Errorf("%v %q: named %v (Named() %v), groups at %v; want %v, %v", c.dialect, c.agent, s.Named, m.Named(), lines, c.named, c.groups)
		}
		if got := m.Allowed(c.url); got != c.allowed {
			t.Errorf("%v %q: Allowed(%q) = %v", c.dialect, c.agent, c.url, got)
		}
	}
}

// TestSelectionLines checks that a selected group reports its user-agent
// lines and rules as written, and that AgentAny reports every value.
func TestSelectionLines(t *testing.T) {
	r := robots.Parse([]byte("User-agent: a\nDisallow: /a\n" +
		"User-agent: *\nUser-agent: B/1.0\nAllow: /b\nDisallow:\nCrawl-delay: 2\n"))
	s := r.AgentAny("b", "c/2").Selection()
	want := robots.Selection{
		Agents: []robots.AgentToken{{Given: "b", Token: "b", Usable: true}, {Given: "c/2", Token: "c", Reduced: true, Usable: true}},
		Named:  true,
		Groups: []robots.Group{{
			Agents: []robots.UserAgent{
				{Line: 3, Value: "*", Global: true},
				{Line: 4, Value: "B/1.0", Name: "B"},
			},
			Rules:      []robots.Rule{{Line: 5, Allow: true, Pattern: "/b", Canonical: "/b"}, {Line: 6, Pattern: ""}},
			CrawlDelay: 2 * time.Second, DelayLine: 7,
		}},
	}
	if d := cmp.Diff(want, s); d != "" {
		t.Errorf("Selection (-want +got):\n%s", d)
	}
	if d := cmp.Diff(want.Groups[0].Rules, r.AgentAny("b", "c/2").Rules()); d != "" {
		t.Errorf("Rules (-want +got):\n%s", d)
	}
	// The * fallback reports the same group, not named.
	if s := r.Agent("other").Selection(); s.Named || len(s.Groups) != 1 || s.Groups[0].Agents[0].Line != 3 {
		t.Errorf("fallback Selection = %+v", s)
	}
	// No group at all.
	if s := robots.Parse(nil).Agent("x").Selection(); s.Named || len(s.Groups) != 0 || len(robots.Parse(nil).Agent("x").Rules()) != 0 {
		t.Errorf("empty file: Selection = %+v", s)
	}
}

// TestAgentFallback checks that AgentFallback takes the first value some
// group names, never merging, and the * groups when none is named.
func TestAgentFallback(t *testing.T) {
	r := robots.Parse([]byte("User-agent: *\nDisallow: /star\n" +
		"User-agent: Googlebot\nDisallow: /web\n" +
		"User-agent: Googlebot-Image\nDisallow: /img\n"))
	for _, c := range []struct {
		agents []string
		token  string // the value whose groups apply
		named  bool
		line   int // the selected group's line
	}{
		{[]string{"Googlebot-Image", "Googlebot"}, "Googlebot-Image", true, 5},
		{[]string{"Googlebot-News", "Googlebot"}, "Googlebot", true, 3},
		{[]string{"Googlebot-News/1.0", "googlebot/2.1"}, "googlebot", true, 3},
		{[]string{"FooBot", "BarBot"}, "FooBot", false, 1},
		{[]string{"", "Googlebot"}, "Googlebot", true, 3},
		{nil, "", false, 1},
	} {
		for range 2 { // the second time from the cache
			m := r.AgentFallback(c.agents...)
			s := m.Selection()
			if s.Named != c.named || len(s.Groups) != 1 || s.Groups[0].Agents[0].Line != c.line {
				t.Errorf("AgentFallback(%q): named %v, groups %+v; want named %v, the group at line %d", c.agents, s.Named, s.Groups, c.named, c.line)
				continue
			}
			if c.agents != nil && (len(s.Agents) != 1 || s.Agents[0].Token != c.token) {
				t.Errorf("AgentFallback(%q): agents %+v, want the token %q", c.agents, s.Agents, c.token)
			}
		}
	}
	// AgentAny merges where AgentFallback chooses.
	if r.AgentAny("Googlebot-Image", "Googlebot").Allowed("/web") {
		t.Error("AgentAny did not merge")
	}
	if !r.AgentFallback("Googlebot-Image", "Googlebot").Allowed("/web") {
		t.Error("AgentFallback merged")
	}
}

// TestGroupsAndExtensions checks the file as tools see it, in the root
// package's own types.
func TestGroupsAndExtensions(t *testing.T) {
	r := robots.Parse([]byte("Host: example.com\nUser-agent: a\nUser-agent: *\nDisallow: /x\nClean-param: ref /\n" +
		"User-agent: b/2.0\nAllow: /y\nCrawl-delay: 1.5\n"))
	var groups []robots.Group = r.Groups()
	want := []robots.Group{
		{Agents: []robots.UserAgent{{Line: 2, Value: "a", Name: "a"}, {Line: 3, Value: "*", Global: true}},
			Rules: []robots.Rule{{Line: 4, Pattern: "/x", Canonical: "/x"}}},
		{Agents: []robots.UserAgent{{Line: 6, Value: "b/2.0", Name: "b"}},
			Rules: []robots.Rule{{Line: 7, Allow: true, Pattern: "/y", Canonical: "/y"}}, CrawlDelay: 1500 * time.Millisecond, DelayLine: 8},
	}
	if d := cmp.Diff(want, groups); d != "" {
		t.Errorf("Groups (-want +got):\n%s", d)
	}
	groups[0].Rules[0].Pattern = "/changed"
	if r.Groups()[0].Rules[0].Pattern != "/x" {
		t.Error("Groups returned the Robots' own slices")
	}
	var ext []robots.Extension = r.Extensions()
	wantExt := []robots.Extension{{Line: 1, Key: "host", Value: "example.com"}, {Line: 5, Key: "clean-param", Value: "ref /"}}
	if d := cmp.Diff(wantExt, ext); d != "" {
		t.Errorf("Extensions (-want +got):\n%s", d)
	}
}

// TestKnownAgentDoesNotAllocate checks that asking again for an agent's
// Matcher, and so Robots.Allowed, neither allocates nor compiles.
func TestKnownAgentDoesNotAllocate(t *testing.T) {
	r := robots.Parse([]byte("User-agent: *\nDisallow: /a\nUser-agent: FooBot\nDisallow: /b\n"))
	agent := "FooBot/2.1 (+https://foo.example/bot)"
	r.Agent(agent)
	r.AgentAny("FooBot", "BarBot")
	r.AgentFallback("FooBot-Image", "FooBot")
	for name, f := range map[string]func(){
		"Agent":         func() { r.Agent(agent) },
		"Allowed":       func() { r.Allowed(agent, "/b/c") },
		"AgentAny":      func() { r.AgentAny("FooBot", "BarBot") },
		"AgentFallback": func() { r.AgentFallback("FooBot-Image", "FooBot") },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %.1f times", name, n)
		}
	}
	if n := robots.Compiles(r); n != 1 {
		t.Errorf("%d compiles, want 1", n)
	}
}

// TestConcurrentAgents asks for agents, lists and chains from many
// goroutines at once, past the cache bounds, and checks each answer. CI
// runs it under the race detector.
func TestConcurrentAgents(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /star\n")
	const named = 80 // more selections than are kept
	for i := 0; i < named; i++ {
		fmt.Fprintf(&b, "User-agent: bot-%c%c\nDisallow: /%d\n", 'a'+i/26, 'a'+i%26, i)
	}
	r := robots.Parse([]byte(b.String()))
	name := func(i int) string { return fmt.Sprintf("bot-%c%c", 'a'+i/26, 'a'+i%26) }
	var wg sync.WaitGroup
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 3*named; i++ {
				j := (i + g*7) % named
				var m *robots.Matcher
				switch i % 4 {
				case 0:
					m = r.Agent(name(j) + "/1.0")
				case 1:
					m = r.AgentFallback("other", name(j))
				case 2:
					m = r.AgentAny(name(j), fmt.Sprintf("other-%d", i))
				default:
					if r.Agent(fmt.Sprintf("other-%d-%d", g, i)).Allowed("/star") {
						t.Error("a fallback token was allowed /star")
						return
					}
					continue
				}
				if m.Allowed(fmt.Sprintf("/%d", j)) || !m.Allowed("/star") || !m.Named() {
					t.Errorf("%s (%d): wrong Matcher %+v", name(j), i%4, m.Selection())
					return
				}
			}
		}()
	}
	wg.Wait()
	if agents, sels := robots.Cached(r); agents > robots.MaxAgents || sels > robots.MaxSelections {
		t.Errorf("%d agents, %d selections kept", agents, sels)
	}
}

// TestCompilePanic checks that a compile that panics does not leave the
// callers waiting for it stuck, nor a broken Matcher in the cache: the
// panic reaches the caller that compiled, and the others compile again.
func TestCompilePanic(t *testing.T) {
	var once sync.Once
	robots.SetCompileHook(func() { once.Do(func() { panic("compile failed") }) })
	defer robots.SetCompileHook(nil)
	r := robots.Parse(wildcardFile(20))
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		panicked int
	)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if recover() != nil {
					mu.Lock()
					panicked++
					mu.Unlock()
				}
			}()
			if r.Allowed("FooBot", "/xa1yb1") {
				t.Error("a Matcher compiled after the panic decides wrong")
			}
		}()
	}
	wg.Wait()
	if panicked != 1 {
		t.Errorf("%d callers panicked, want 1", panicked)
	}
	if r.Allowed("FooBot", "/xa1yb1") {
		t.Error("the cached Matcher decides wrong")
	}
}

// TestAgentValueByDialect is the README's dialect table row for the
// crawler's agent value.
func TestAgentValueByDialect(t *testing.T) {
	body := []byte("User-agent: FooBot\nDisallow: /\n")
	for d, want := range map[robots.Dialect]bool{robots.RFC9309: false, robots.Google: true, robots.Draft1996: false, robots.Original1994: false} {
		if got := robots.Parse(body, robots.WithDialect(d)).Allowed("FooBot/2.1", "/x"); got != want {
			t.Errorf("%v: Allowed = %v, want %v", d, got, want)
		}
	}
}

// TestLentSelection checks that AppendGroupLines, EachRule and Given say
// what Selection and Rules say, on every corpus file, for the * groups and
// a named crawler, and on the tables' cases: the lines of the groups,
// every rule in order, and the value chosen; and that EachRule and Given
// allocate nothing.
func TestLentSelection(t *testing.T) {
	check := func(t *testing.T, name string, m *robots.Matcher) {
		t.Helper()
		s := m.Selection()
		var lines []int
		for _, g := range s.Groups {
			line := 0
			if len(g.Agents) > 0 {
				line = g.Agents[0].Line
			}
			lines = append(lines, line)
		}
		if d := cmp.Diff(lines, m.AppendGroupLines(nil)); d != "" {
			t.Errorf("%s: AppendGroupLines (-Selection +got):\n%s", name, d)
		}
		type rule struct {
			Line    int
			Allow   bool
			Pattern string
		}
		var want, got []rule
		for _, r := range m.Rules() {
			want = append(want, rule{r.Line, r.Allow, r.Pattern})
		}
		m.EachRule(func(line int, allow bool, pattern string) bool {
			got = append(got, rule{line, allow, pattern})
			return true
		})
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: EachRule (-Rules +got):\n%s", name, d)
		}
		if len(want) > 1 { // stopping at the first
			n := 0
			m.EachRule(func(int, bool, string) bool { n++; return false })
			if n != 1 {
				t.Errorf("%s: EachRule went on after false: %d calls", name, n)
			}
		}
		given := ""
		if len(s.Agents) > 0 {
			given = s.Agents[0].Given
		}
		if m.Given() != given {
			t.Errorf("%s: Given = %q, Selection's %q", name, m.Given(), given)
		}
	}
	r := robots.Parse([]byte("User-agent: *\nDisallow: /star\n" +
		"User-agent: Googlebot\nUser-agent: Other\nDisallow: /web\nAllow: /web/ok\n" +
		"User-agent: Googlebot-Image\nDisallow: /img\n\nUser-agent: googlebot\nDisallow:\n"))
	for _, m := range []*robots.Matcher{
		r.AgentFallback("Googlebot-News", "Googlebot"), r.AgentFallback("FooBot", "BarBot"), r.AgentFallback(),
		r.AgentAny("Googlebot-Image", "Googlebot"), r.AgentAny(), r.Agent("Googlebot/2.1"),
		robots.Parse(nil).Agent("x"),
	} {
		check(t, "table", m)
	}
	if got := r.AgentFallback("Googlebot-News", "Googlebot").AppendGroupLines(nil); !slices.Equal(got, []int{3, 10}) {
		t.Errorf("AppendGroupLines = %v, want the groups at lines 3 and 10", got)
	}
	m := r.Agent("Googlebot")
	if n := testing.AllocsPerRun(100, func() {
		m.EachRule(func(int, bool, string) bool { return true })
		_ = m.Given()
	}); n != 0 {
		t.Errorf("EachRule and Given allocate %v times", n)
	}
	for name, body := range corpusFiles(t) {
		r := robots.Parse(body)
		check(t, name, r.Agent("*"))
		if names := r.Names(); len(names) > 0 {
			check(t, name, r.AgentFallback("NoSuchBot", names[0].Name))
		}
	}
}
