package automaton_test

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/internal/reference"
	"github.com/robotsexclusion/robots/normalize"
)

// naive returns the best rule by matching every pattern with the reference.
func naive(rules []automaton.Rule, input string) int32 {
	best := int32(-1)
	for i, r := range rules {
		if reference.Match(r.Pattern, input) && automaton.Better(rules, int32(i), best) {
			best = int32(i)
		}
	}
	return best
}

// run decides input with m's one entry point. The input goes behind an
// authority, so that one starting "//" stays a path.
func run(m *automaton.Machine, input string) int32 {
	return m.Match(automaton.String(input))
}

func randPattern(r *rand.Rand, alpha string) string {
	n := r.IntN(7)
	var b strings.Builder
	b.WriteByte('/')
	for i := 0; i < n; i++ {
		if r.IntN(4) == 0 {
			b.WriteByte('*')
		} else {
			b.WriteByte(alpha[r.IntN(len(alpha))])
		}
	}
	if r.IntN(4) == 0 {
		b.WriteByte('$')
	}
	return b.String()
}

func TestRandomAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tier := range []automaton.Tier{automaton.TierDFA, automaton.TierSplit, automaton.TierSegments, automaton.TierNFA} {
		for iter := 0; iter < 2000; iter++ {
			n := 1 + r.IntN(8)
			rules := make([]automaton.Rule, n)
			for i := range rules {
				p := randPattern(r, "ab/")
				rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2)}
			}
			m := automaton.Compile(rules, automaton.WithTier(tier, automaton.Limits{}))
			if got := m.Stats().Tier; got != tier {
				t.Fatalf("forced tier %v, built %v", tier, got)
			}
			for k := 0; k < 30; k++ {
				in := "/" + randPattern(r, "ab/")[1:]
				in = strings.NewReplacer("*", "a", "$", "b").Replace(in)
				got, want := run(m, in), naive(rules, in)
				if got != want {
					t.Fatalf("tier %v (built %v): rules %v input %q: got %d want %d", tier, m.Stats().Tier, rules, in, got, want)
				}
			}
		}
	}
}

// TestWideNodes checks nodes with many edges (a bitmap and a rank find the
// edge) against the reference, on an alphabet wide enough to build them.
func TestWideNodes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const alpha = "abcdefghijklmnopqrstuvwxyz0123456789-._~/"
	for _, tier := range []automaton.Tier{automaton.TierDFA, automaton.TierSegments} {
		for iter := 0; iter < 200; iter++ {
			rules := make([]automaton.Rule, 20+r.IntN(60))
			for i := range rules {
				p := randPattern(r, alpha)
				rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2)}
			}
			m := automaton.Compile(rules, automaton.WithTier(tier, automaton.Limits{}))
			for k := 0; k < 50; k++ {
				in := "/" + strings.NewReplacer("*", "x", "$", "y").Replace(randPattern(r, alpha)[1:])
				if got, want := run(m, in), naive(rules, in); got != want {
					t.Fatalf("%v: input %q: got %d want %d (rules %v)", tier, in, got, want, rules)
				}
			}
		}
	}
}

// TestHubs checks star nodes with many edges (some watched, some queued; see
// hubEdges) against the reference: a few leading segments, each followed by
// many wildcard patterns over a small alphabet, so that many edges share a
// segment.
func TestHubs(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 300; iter++ {
		var rules []automaton.Rule
		for _, lead := range []string{"/", "/a", "/b"} {
			for i := 0; i < 10+r.IntN(30); i++ {
				p := lead + "*" + randPattern(r, "ab")[1:]
				rules = append(rules, automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2)})
			}
		}
		m := automaton.Compile(rules, automaton.WithTier(automaton.TierSegments, automaton.Limits{}))
		for k := 0; k < 50; k++ {
			in := "/" + strings.NewReplacer("*", "a", "$", "b").Replace(randPattern(r, "ab")[1:]+randPattern(r, "ab")[1:])
			if got, want := run(m, in), naive(rules, in); got != want {
				t.Fatalf("input %q: got %d want %d (rules %v)", in, got, want, rules)
			}
		}
	}
}

// TestLongPatterns checks long patterns over a two-letter alphabet, dense in
// '*' (many star nodes, segments that overlap and are suffixes of one
// another), against the reference on the segment tier and the default.
func TestLongPatterns(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	gen := func(n int, star bool) string {
		var b strings.Builder
		b.WriteByte('/')
		for i := 0; i < n; i++ {
			switch {
			case star && r.IntN(3) == 0:
				b.WriteByte('*')
			case r.IntN(2) == 0:
				b.WriteByte('a')
			default:
				b.WriteByte('b')
			}
		}
		return b.String()
	}
	for iter := 0; iter < 400; iter++ {
		rules := make([]automaton.Rule, 1+r.IntN(30))
		for i := range rules {
			p := gen(r.IntN(30), true)
			if r.IntN(3) == 0 {
				p += "$"
			}
			rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2)}
		}
		for _, lim := range []automaton.Limits{{}, automaton.WithTier(automaton.TierSegments, automaton.Limits{})} {
			m := automaton.Compile(rules, lim)
			for k := 0; k < 20; k++ {
				in := gen(r.IntN(60), false)
				if got, want := run(m, in), naive(rules, in); got != want {
					t.Fatalf("%v: input %q: got %d want %d (rules %v)", m.Stats().Tier, in, got, want, rules)
				}
			}
		}
	}
}

// TestAnchorNotLiteralDollar checks that "/$" (anchored) and "/$*" (a
// literal '$', as prefix) stay two patterns on every tier: deduplicating
// them as one dropped the anchored rule (issue 9, item 4).
func TestAnchorNotLiteralDollar(t *testing.T) {
	rules := []automaton.Rule{{Pattern: "/", Rank: 2}, {Pattern: "/$", Rank: 5}, {Pattern: "/$*", Rank: 7}}
	for _, tier := range []automaton.Tier{automaton.TierDFA, automaton.TierSplit, automaton.TierSegments, automaton.TierNFA} {
		m := automaton.Compile(rules, automaton.WithTier(tier, automaton.Limits{}))
		for in, want := range map[string]int32{"/": 1, "/$": 2, "/x": 0} {
			if got := run(m, in); got != want || got != naive(rules, in) {
				t.Errorf("%v: %q: got %d, want %d", tier, in, got, want)
			}
		}
	}
}

// TestLongInputsAgainstReference checks every tier against the reference
// on inputs long enough to span several of the runs an engine reads at
// once (Input.plain), holding octets no pattern has (which
// idle walks pass over) and, in canonical form, escapes read between runs.
func TestLongInputsAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const inAlpha = "ab/ab/cxxxxé"
	for _, tier := range []automaton.Tier{automaton.TierDFA, automaton.TierSplit, automaton.TierSegments, automaton.TierNFA} {
		for iter := 0; iter < 500; iter++ {
			rules := make([]automaton.Rule, 1+r.IntN(8))
			for i := range rules {
				p := randPattern(r, "ab/c")
				rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2)}
			}
			m := automaton.Compile(rules, automaton.WithTier(tier, automaton.Limits{}))
			for k := 0; k < 20; k++ {
				var b strings.Builder
				b.WriteString("http://h/")
				for range r.IntN(80) {
					b.WriteByte(inAlpha[r.IntN(len(inAlpha))])
				}
				url := b.String()
				for _, f := range []normalize.Form{normalize.Raw, normalize.Canonical} {
					got, want := m.Match(f.Input(url)), naive(rules, f.URL(url))
					if got != want {
						t.Fatalf("tier %v, %v form: rules %v URL %q: got %d want %d", tier, f, rules, url, got, want)
					}
				}
			}
		}
	}
}

// TestLongRuns checks literal stretches longer than a DFA run node holds
// (255 octets: its count is one octet), which are cut into several runs,
// on the literal DFA (default) and the DFA of all patterns, against the
// reference, with inputs that stop or differ at and around each cut.
func TestLongRuns(t *testing.T) {
	long := "/" + strings.Repeat("a", 700)
	rules := []automaton.Rule{
		{Pattern: long[:300], Rank: 300},
		{Pattern: long[:600] + "b", Rank: 601},
		{Pattern: long + "$", Rank: 702},
		{Pattern: "/*x", Rank: 3},
	}
	for _, lim := range []automaton.Limits{{}, automaton.WithTier(automaton.TierDFA, automaton.Limits{})} {
		m := automaton.Compile(rules, lim)
		for _, n := range []int{1, 254, 255, 256, 257, 299, 300, 301, 509, 510, 511, 600, 601, 700, 701} {
			for _, tail := range []string{"", "b", "x", "a", "ab"} {
				in := long[:min(n, len(long))] + tail
				if got, want := run(m, in), naive(rules, in); got != want {
					t.Errorf("%v: input of %d octets + %q: got %d want %d", m.Stats().Tier, n, tail, got, want)
				}
			}
		}
	}
}

// TestCompileIn checks that a Machine built reading the patterns in the
// caller's text decides as one built on a copy, on every tier, for random
// rules whose patterns hold runs of '*', trailing stars and anchors, and
// for texts that are not the patterns, as long as them or not (which
// CompileIn must copy); and
// that, laid out, the patterns are not copied: compiling many of them
// allocates their octets less.
func TestCompileIn(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, tier := range []automaton.Tier{0, automaton.TierDFA, automaton.TierSplit, automaton.TierSegments, automaton.TierNFA} {
		for iter := range 1000 {
			// Class 0 first, then (in half the sets) rules of the
			// classes above it, as a Program lays out Content-Usage.
			rules := make([]automaton.Rule, 1+r.IntN(10))
			var text strings.Builder
			crawl := len(rules)
			if iter%2 == 1 {
				crawl = r.IntN(len(rules) + 1)
			}
			var first string // the patterns of class 0
			for i := range rules {
				p := randPattern(r, "ab*/")
				rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2)}
				if i >= crawl {
					rules[i].Class = 1 + r.IntN(automaton.MaxClasses-1)
				}
				text.WriteString(p)
				if i+1 == crawl {
					first = text.String()
				}
			}
			laid := text.String()
			for _, in := range []string{laid, first, strings.ToUpper(laid), laid + "x", "x" + laid, laid[:len(laid)/2]} {
				lim := automaton.Limits{}
				if tier != 0 {
					lim = automaton.WithTier(tier, lim)
				}
				want, got := automaton.Compile(rules, lim), automaton.CompileIn(in, rules, lim)
				for range 20 {
					input := "/" + randInput(r, "ab/*", 12)
					var g, w [automaton.MaxClasses]int32
					got.MatchClasses(automaton.String(input), automaton.AllClasses, &g)
					want.MatchClasses(automaton.String(input), automaton.AllClasses, &w)
					if g != w {
						t.Fatalf("tier %v, iteration %d, text %q: %q decided by rules %v, want %v (rules %v)", tier, iter, in, input, g, w, rules)
					}
				}
			}
		}
	}
	// 20,000 literal patterns of 40 octets: laid out, 800,000 octets
	// that Compile copies and CompileIn reads in place.
	rules := make([]automaton.Rule, 20000)
	var text strings.Builder
	for i := range rules {
		p := "/" + randInput(r, "abcdefgh/", 39)
		rules[i] = automaton.Rule{Pattern: p, Rank: 2 * len(p)}
		text.WriteString(p)
	}
	laid := text.String()
	copied := allocated(func() { automaton.Compile(rules, automaton.Limits{}) })
	read := allocated(func() { automaton.CompileIn(laid, rules, automaton.Limits{}) })
	if copied-read < uint64(len(laid)) {
		t.Errorf("Compile allocated %d bytes and CompileIn %d: %d less, want at least the %d octets of the patterns", copied, read, copied-read, len(laid))
	}
}

// randInput returns n octets drawn from alpha.
func randInput(r *rand.Rand, alpha string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alpha[r.IntN(len(alpha))]
	}
	return string(b)
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
