package robots_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/normalize"
)

// hostileBodies are files built to cost the most to read and compile, each
// filling the default parse limit unless it is one line: the families of
// the automaton's budget tests and of the benchmarks, as whole files, and
// Content-Usage lines, which the parser, the lowering to usage classes and
// the automaton all read.
var hostileBodies = []struct {
	name string
	body func() []byte
}{
	{"manystar", func() []byte { // every line distinct: five letters drawn anew for each
		return fillBody(func(i int) string {
			r := rand.New(rand.NewPCG(uint64(i), 100))
			var b strings.Builder
			b.WriteString("Disallow: /")
			for range 100 {
				b.WriteByte('*')
				b.WriteByte(byte('a' + r.IntN(5)))
			}
			b.WriteString("$\n")
			return b.String()
		})
	}},
	{"astar", func() []byte {
		return fillBody(func(i int) string { return fmt.Sprintf("Disallow: /*a%d*b%d\n", i, i) })
	}},
	{"literal", func() []byte {
		return []byte("User-agent: *\nDisallow: /" + strings.Repeat("abcdefgh", robots.DefaultParseLimit/8-8) + "\n")
	}},
	{"longstar", func() []byte { return []byte("User-agent: *\nDisallow: /" + strings.Repeat("*q", 88000) + "$\n") }},
	{"straddle", func() []byte {
		head := "User-agent: *\n" + strings.Repeat("# "+strings.Repeat("c", 61)+"\n", robots.DefaultParseLimit/64-1)
		return []byte(head + "Disallow: /" + strings.Repeat("*q", 5<<20/2) + "\n")
	}},
	{"nested", func() []byte {
		return fillBody(func(i int) string { return "Disallow: /*" + strings.Repeat("a", i+1) + "*b$\n" })
	}},
	{"distinct", func() []byte {
		return fillBody(func(i int) string {
			return fmt.Sprintf("Disallow: /*%c%c%c*%c%c%c$\n", 'a'+i%26, 'a'+i/26%26, 'a'+i/676%26, 'a'+i%7, 'a'+i%11, 'a'+i%13)
		})
	}},
	{"usage-astar", func() []byte {
		return fillBody(func(i int) string { return fmt.Sprintf("Content-Usage: /*a%d*b%d train-ai=n, search=y\n", i, i) })
	}},
	{"usage-same", func() []byte {
		return fillBody(func(int) string { return "Content-Usage: /*a train-ai=n, search=y\n" })
	}},
	{"usage-alt", func() []byte {
		return fillBody(func(i int) string {
			return fmt.Sprintf("Content-Usage: /*a%d*b%d train-ai=%c, search=y\n", i, i, "ny"[i%2])
		})
	}},
	{"usage-cats", func() []byte {
		cats := []string{"train-ai", "search", "ai-use", "train-genai", "bots"}
		return fillBody(func(i int) string {
			return fmt.Sprintf("Content-Usage: /*a%d*b%d %s=%c\n", i, i, cats[i%len(cats)], "ny"[i%2])
		})
	}},
	// Short lines, each a fixed-size entry of the parser: keys that start
	// as a rule's, an agent's or a sitemap's do and are none, extensions,
	// and Content-Usage and Content-Signal lines, repeated or distinct.
	{"short-keys", func() []byte { return repeatBody("a:\nu:\ns:\ndi:\nal:\nuser:\nsi:\n") }},
	{"short-extensions", func() []byte { return repeatBody("x:\n") }},
	{"short-usage", func() []byte { return repeatBody("Content-Usage: x\n") }},
	{"short-usage-params", func() []byte { return repeatBody("Content-Usage: x;a\n") }},
	{"short-usage-bad", func() []byte { return repeatBody("Content-Usage: train-ai=x\n") }},
	{"short-signal", func() []byte { return repeatBody("Content-Signal:\n") }},
	{"short-groups", func() []byte { return repeatBody("useragent\nallow:\n") }},
	{"distinct-usage", func() []byte { return fillBody(func(i int) string { return fmt.Sprintf("Content-Usage: x%d\n", i) }) }},
	{"agents-only", func() []byte { return repeatBody("useragent\n") }},
	{"usage-mixed", func() []byte {
		return fillBody(func(i int) string {
			return fmt.Sprintf("Content-Usage: /*a%d*b%d train-ai=%c\nDisallow: /*a%d*b%d\nContent-Signal: search=yes\n", i, i, "ny"[i%2], i, i)
		})
	}},
}

// repeatBody returns a file of unit repeated up to the default parse
// limit, with no user-agent line of its own.
func repeatBody(unit string) []byte {
	return []byte(strings.Repeat(unit, robots.DefaultParseLimit/len(unit)))
}

// fillBody returns a file of one * group holding the lines line(0),
// line(1), ... up to the default parse limit.
func fillBody(line func(i int) string) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; ; i++ {
		l := line(i)
		if b.Len()+len(l) > robots.DefaultParseLimit {
			return []byte(b.String())
		}
		b.WriteString(l)
	}
}

// TestAgentBudgetLimit checks the budget at a parse limit four times the
// default, on the families whose cost grows with the file.
func TestAgentBudgetLimit(t *testing.T) {
	const limit = 4 * robots.DefaultParseLimit
	for _, line := range []func(i int) string{
		func(i int) string { return fmt.Sprintf("Disallow: /*a%d*b%d\n", i, i) },
		func(i int) string {
			return fmt.Sprintf("Content-Usage: /*a%d*b%d train-ai=%c, search=y\n", i, i, "ny"[i%2])
		},
	} {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := 0; b.Len() < limit; i++ {
			b.WriteString(line(i))
		}
		body := []byte(b.String())
		budget := robots.AgentBytes(min(len(body), limit+normalize.Slack))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		robots.Parse(body, robots.WithParseLimit(limit)).Agent("FooBot")
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(budget) {
			t.Errorf("%.30s...: Parse and Agent allocated %d bytes at limit %d, budget %d", body[14:], alloc, limit, budget)
		}
	}
}

// TestAgentBudget checks the memory budget of reading a file and
// compiling a crawler's rules on every hostile body: Parse and the first
// Agent call allocate within robots.AgentBytes of the octets read, under
// the default Limits and under those of every other engine
// (automaton.Engines: each tier forced, the lazy DFA from the first URL),
// and 64 goroutines asking for the first Agent at once within it too (one
// compile, and a little for each caller). The automaton's share is bounded
// by automaton.DefaultCompileBytes (with a forced tier, CompileBytes); the
// parser's by its entries per line, sized at once (see package compile),
// MaxDiagnostics and MaxExtensions. The most per octet is a Content-Usage
// line of a short value that package usage reads with its general parser,
// "Content-Usage: x;a", repeated (49 bytes an octet, most of it garbage at
// once; a value of an unknown category's, "train-ai=x", 38), then one line
// of 88,000 stars (31).
func TestAgentBudget(t *testing.T) {
	for _, h := range hostileBodies {
		t.Run(h.name, func(t *testing.T) {
			body := h.body()
			read := min(len(body), robots.DefaultParseLimit+normalize.Slack)
			budget := robots.AgentBytes(read)
			var before, after runtime.MemStats
			for _, l := range config.Engines() {
				runtime.GC()
				runtime.ReadMemStats(&before)
				m := robots.Parse(body, config.WithEngine(l)).Agent("FooBot")
				runtime.ReadMemStats(&after)
				if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(budget) {
					t.Errorf("%v: Parse and Agent allocated %d bytes for %d octets read, budget %d", l, alloc, read, budget)
				} else {
					t.Logf("%v: %.1f MiB, %.1f bytes an octet read (tier %v)", l, float64(alloc)/(1<<20), float64(alloc)/float64(read), m.Stats().Engine)
				}
			}

			const goroutines, each = 64, 4 << 10
			r := robots.Parse(body)
			var wg sync.WaitGroup
			runtime.GC()
			runtime.ReadMemStats(&before)
			for range goroutines {
				wg.Go(func() { r.Agent("FooBot") })
			}
			wg.Wait()
			runtime.ReadMemStats(&after)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(budget+goroutines*each) {
				t.Errorf("%d goroutines on the first Agent allocated %d bytes, budget %d", goroutines, alloc, budget+goroutines*each)
			}
		})
	}
}
