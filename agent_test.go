package robots_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

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

// BenchmarkFallbackTokens is 16 distinct tokens that all fall back to the
// same * groups: one compile should serve them all.
func BenchmarkFallbackTokens(b *testing.B) {
	body := wildcardFile(200)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		r := robots.Parse(body)
		b.StartTimer()
		for i := 0; i < 16; i++ {
			r.Agent(fmt.Sprintf("Bot%c", 'a'+i))
		}
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
