package automaton

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// TestScanAgainstReference builds the scan plan on random patterns (the
// build budget lowered to nothing) and checks every decision against the
// reference, by Match with the default budget (a decision may fail
// closed, never decide otherwise) and by Cost's unbounded meter, which
// walks the scan to its end: there the scan must be exact.
func TestScanAgainstReference(t *testing.T) {
	defer func(b int) { segmentBuild = b }(segmentBuild)
	segmentBuild = 0
	r := rand.New(rand.NewPCG(24, 25))
	word := func(alpha string, n int) string { return randWord(r, alpha, n) }
	for iter := range 300 {
		alpha := "ab/"[:2+iter%2]
		var rules []Rule
		for range 1 + r.IntN(20) {
			p := "/" + word(alpha, r.IntN(3))
			for range 1 + r.IntN(4) {
				p += "*" + word(alpha, 1+r.IntN(4))
			}
			if r.IntN(3) == 0 {
				p += "$"
			}
			rules = append(rules, Rule{Pattern: p, Rank: len(p) + r.IntN(3), Class: 0})
		}
		if r.IntN(2) == 0 {
			rules = append(rules, Rule{Pattern: "/" + word(alpha, 2), Rank: 3})
		}
		for _, lim := range []Limits{{tier: TierSegments}, {tier: TierSegments, lazy: lazyAlways}} {
			m := Compile(rules, lim)
			if m.seg == nil || m.seg.scan == nil {
				t.Fatalf("iteration %d, %v: tier %v without the scan plan", iter, lim, m.Stats().Tier)
			}
			if st := m.Stats(); st.Bounded {
				t.Fatalf("iteration %d: the scan plan reported bounded", iter)
			}
			for range 20 {
				in := "/a" + word(alpha, r.IntN(3000)) // not "//", which starts an authority
				if r.IntN(2) == 0 {
					in = in[:min(len(in), 1+r.IntN(40))]
				}
				want := greedyBest(rules, in)
				got := m.Match(testForms[1](in))
				if got != want && got != OverBudget {
					t.Fatalf("iteration %d, %q: rule %d, want %d (rules %v)", iter, in, got, want, rules)
				}
				mt := meter{base: 1 << 60, static: -1}
				if got := m.engines.matchBelow(testForms[1](in), &mt); got != want {
					t.Fatalf("iteration %d, %q unbounded: rule %d, want %d", iter, in, got, want)
				}
			}
		}
	}
}

// TestScanOverBudget checks that the scan plan counts what it reads: a
// decision that must read every pattern's octets to the input's end, past
// the budget, fails closed, and one within it does not.
func TestScanOverBudget(t *testing.T) {
	defer func(b int) { segmentBuild = b }(segmentBuild)
	segmentBuild = 0
	var rules []Rule
	for i := range 200 {
		p := "/*" + strings.Repeat("a", 1+i%5) + "*b" + strings.Repeat("c", 1+i/5)
		rules = append(rules, Rule{Pattern: p, Rank: len(p)})
	}
	m := Compile(rules, Limits{})
	long := "/" + strings.Repeat("a", 1024)
	if got := m.Match(testForms[1](long)); got != OverBudget {
		t.Errorf("1 KiB of 'a' past every pattern: rule %d, want OverBudget", got)
	}
	if c := m.Cost(testForms[1](long), 1); c <= DecideBudget(len(long)) {
		t.Errorf("1 KiB of 'a': cost %d within the budget %d", c, DecideBudget(len(long)))
	}
	if got, want := m.Match(testForms[1]("/abcc")), greedyBest(rules, "/abcc"); got != want {
		t.Errorf("/abcc: rule %d, want %d", got, want)
	}
}

// TestSegmentBuildBudget checks the compile budget of the segment tier:
// patterns whose segment matcher buildBudget does not hold get the scan
// plan, built without the tries (its compile allocates a small part of
// what a segment matcher of as many segments holds), and those within it
// the segment matcher; the budget is the Compile's, all classes
// together; and the prediction is at least what a build allocates.
func TestSegmentBuildBudget(t *testing.T) {
	// Patterns of distinct segments of four octets, in lines of 16, up to
	// n distinct segments, in class c: each segment predicted at about
	// 200 bytes (segmentBuildBytes, a star, its share of a pattern, its
	// trie nodes).
	pats := func(n, c int) []Rule {
		var rules []Rule
		var b strings.Builder
		for i := 0; i < n; i += 16 {
			b.Reset()
			b.WriteString("/")
			for j := i; j < i+16; j++ {
				b.WriteByte('*')
				for k := 0; k < 4; k++ {
					b.WriteByte("abcdefghijklmnopqrstuvwxyz0123456789"[(j>>(5*k))%36])
				}
			}
			rules = append(rules, Rule{Pattern: b.String(), Rank: b.Len(), Class: c})
		}
		return rules
	}
	alloc := func(rules []Rule) (*Machine, uint64) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		m := Compile(rules, Limits{})
		runtime.ReadMemStats(&after)
		return m, after.TotalAlloc - before.TotalAlloc
	}
	small, large := buildBudget/512, buildBudget/64
	within, withinBytes := alloc(pats(small, 0))
	if within.seg == nil || within.seg.scan != nil {
		t.Fatalf("%d segments: no segment matcher", small)
	}
	if withinBytes > uint64(buildBudget) {
		t.Errorf("%d segments: the build allocated %d bytes, past the budget of %d it was predicted within", small, withinBytes, buildBudget)
	}
	over, overBytes := alloc(pats(large, 0))
	if over.seg == nil || over.seg.scan == nil {
		t.Fatalf("%d segments: no scan plan", large)
	}
	if st := over.Stats(); st.Bounded || st.Tier != TierSegments {
		t.Errorf("the scan plan: tier %v, bounded %v; want segments, unbounded", st.Tier, st.Bounded)
	}
	// The scan plan's compile stops interning once the segments found
	// pass the budget: it allocates less than twice what the matcher of
	// an eighth of them does.
	if overBytes > 2*withinBytes {
		t.Errorf("the scan plan of %d segments allocated %d bytes, more than twice the %d of a matcher of %d", large, overBytes, withinBytes, small)
	}
	// The budget is the Compile's: two classes within it each, not
	// together, get a matcher and a scan plan.
	n := buildBudget / 300
	two, twoBytes := alloc(append(pats(n, 0), pats(n, 1)...))
	if st := two.Stats(); st.Classes[0] != TierSegments || st.Classes[1] != TierSegments {
		t.Fatalf("two classes of %d segments: tiers %v", n, st.Classes)
	}
	if two.engines.seg.scan != nil || two.more.classes[0].seg.scan == nil {
		t.Errorf("two classes of %d segments each: want a matcher for the first, a scan plan for the second", n)
	}
	if twoBytes > uint64(buildBudget) {
		t.Errorf("two classes of %d segments: Compile allocated %d bytes, past the budget of %d", n, twoBytes, buildBudget)
	}
	t.Logf("matcher of %d segments: %d bytes allocated; scan plan of %d: %d; matcher and scan plan of %d each: %d", small, withinBytes, large, overBytes, n, twoBytes)
}

// TestBuildPrediction checks that the prediction of a segment matcher's
// build (segmentBytes) is at least what the build allocates, with one
// walk's scratch, on patterns of each shape the weights were set on:
// many short distinct segments, few segments and many stars, long
// segments of many trie nodes, and many short patterns of few segments.
func TestBuildPrediction(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 5))
	word := func(n, alphabet int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('a' + r.IntN(alphabet))
		}
		return string(b)
	}
	shapes := map[string]func(i int) string{
		"short segments": func(int) string { return "/*" + word(3, 26) + "*" + word(4, 26) + "*" + word(5, 26) },
		"many stars": func(int) string {
			var b strings.Builder
			b.WriteString("/")
			for range 100 {
				b.WriteString("*" + word(1, 5))
			}
			return b.String()
		},
		"long segments": func(int) string { return "/" + word(4, 26) + "*" + word(40, 26) + "*" + word(20, 26) },
		// Segments over many octets: the Aho-Corasick trie's root has
		// many children, each with a table of its own (see link).
		"long segments, wide alphabet": func(int) string { return "/*" + word(150, 90) + "*" + word(150, 90) },
		"abcd": func(int) string {
			return "/*" + word(1, 26) + "*" + word(1, 26) + "*" + word(1, 26) + "*" + word(1, 26) + "$"
		},
	}
	for name, line := range shapes {
		var rules []Rule
		octets := 0
		seen := map[string]bool{}
		for octets < 100<<10 {
			p := line(len(rules))
			if seen[p] {
				continue
			}
			seen[p] = true
			rules = append(rules, Rule{Pattern: p, Rank: len(p)})
			octets += len(p)
		}
		pl := newPlan(rules, nil, "", new(spares))
		stars := 0
		for _, p := range pl.pats {
			stars += strings.Count(p.lit(pl.text), "*")
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		sp := new(spares)
		s := buildSegments(pl.text, pl.pats, sp)
		pool := s.scratchPool(sp)
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(pool)
		if s.scan != nil {
			t.Logf("%s: %d patterns: the scan plan", name, len(rules))
			continue
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > uint64(sp.segBytes) {
			t.Errorf("%s: %d patterns, %d stars: the build allocated %d bytes, predicted %d", name, len(rules), stars, got, sp.segBytes)
		} else {
			t.Logf("%s: %d patterns, %d stars: the build allocated %d bytes, predicted %d", name, len(rules), stars, got, sp.segBytes)
		}
	}
}

// TestScanAfterSortThenBuild compiles two classes: the first's segments
// pass the compile budget only once their trie nodes are counted (a few
// long segments), so its build stops after sorting them and gives its
// buffers back; the second's matcher is built from the same spares. Both
// must decide as the reference (a buffer given back twice once handed
// the second build one buffer for two tables).
func TestScanAfterSortThenBuild(t *testing.T) {
	defer func(b int) { segmentBuild = b }(segmentBuild)
	r := rand.New(rand.NewPCG(7, 8))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abc"[r.IntN(3)]
		}
		return string(b)
	}
	for iter := range 200 {
		var rules, second []Rule
		for range 3 {
			p := "/*" + word(400) + "*" + word(2)
			rules = append(rules, Rule{Pattern: p, Rank: len(p)})
		}
		for range 2 + r.IntN(6) {
			p := "/" + word(r.IntN(2)) + "*" + word(1+r.IntN(2)) + "*" + word(1+r.IntN(2))
			if r.IntN(2) == 0 {
				p += "$"
			}
			rule := Rule{Pattern: p, Rank: len(p) + r.IntN(2)}
			second = append(second, rule)
			rule.Class = 1
			rules = append(rules, rule)
		}
		// The plans, charged first (each rule at most literal), and
		// the first class's patterns, stars and segments fit the
		// budget; its 1,200 trie nodes do not, and the second class's
		// few do.
		segmentBuild = plannedBytes(len(rules), len(rules), 0) + segmentBytes(3, 6, 7, 0) + 4000
		m := Compile(rules, Limits{tier: TierSegments})
		if m.engines.seg.scan == nil || m.more.classes[0].seg.scan != nil {
			t.Fatalf("iteration %d: want the scan plan for class 0, a matcher for class 1", iter)
		}
		for range 20 {
			in := "/a" + word(r.IntN(60))
			var got [MaxClasses]int32
			m.MatchClasses(testForms[1](in), 3, &got)
			if want := greedyBest(rules[:3], in); got[0] != want {
				t.Fatalf("iteration %d, %q: class 0 rule %d, want %d", iter, in, got[0], want)
			}
			want := greedyBest(second, in)
			if want >= 0 {
				want += 3
			}
			if got[1] != want {
				t.Fatalf("iteration %d, %q: class 1 rule %d, want %d", iter, in, got[1], want)
			}
		}
	}
}

// TestScanCounted checks the scan plan in a decision whose every walk
// counts (CompileBudget's): it charges its own octets as the segment
// walk does, so a budget that the unbounded cost fits decides, and one
// a unit short fails closed.
func TestScanCounted(t *testing.T) {
	defer func(b int) { segmentBuild = b }(segmentBuild)
	segmentBuild = 0
	rules := []Rule{{Pattern: "/*ab*c", Rank: 6}, {Pattern: "/*b$", Rank: 3}}
	in := "/xxabxxcxb"
	m := Compile(rules, Limits{tier: TierSegments})
	mt := meter{base: 1 << 40, per: 0, static: -1, counted: true}
	want := m.engines.matchBelow(testForms[1](in), &mt)
	if want < 0 {
		t.Fatalf("no match")
	}
	cost := mt.spent
	for _, c := range []struct {
		base int
		over bool
	}{{cost, false}, {cost - 1, true}} {
		mt := meter{base: c.base, per: 0, static: -1, counted: true}
		got := m.engines.matchBelow(testForms[1](in), &mt)
		if (got == OverBudget) != c.over || !c.over && got != want {
			t.Errorf("budget %d of cost %d: rule %d, want %d (over %v)", c.base, cost, got, want, c.over)
		}
	}
}

// BenchmarkScanPlanWorst decides, by the scan plan, 1 KiB of 'a' against
// 400 patterns each of whose one segment starts with a run of 'a' that
// the input holds at every octet: every decision compares there until it
// runs out of budget and fails closed, so an op costs what the budget
// allows. Under callgrind, its instructions an op over DecideBudget(1025)
// are what a unit costs at worst.
func BenchmarkScanPlanWorst(b *testing.B) {
	defer func(v int) { segmentBuild = v }(segmentBuild)
	segmentBuild = 0
	for _, seg := range []string{"ab", "aaaaaaab", strings.Repeat("a", 63) + "b"} {
		var rules []Rule
		for i := range 400 {
			p := "/*" + seg + strings.Repeat("c", 1+i)
			rules = append(rules, Rule{Pattern: p, Rank: len(p)})
		}
		m := Compile(rules, Limits{})
		in := "/" + strings.Repeat("a", 1024)
		b.Run(fmt.Sprintf("seg=%d", len(seg)), func(b *testing.B) {
			for range b.N {
				if m.Match(String(in)) != OverBudget {
					b.Fatal("decided within the budget")
				}
			}
		})
	}
}
