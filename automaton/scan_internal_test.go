package automaton

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestScanPlanInputs checks how the scan plan reads an input: in place
// when every octet reads as itself, whatever its length; copied onto the
// stack when some octet is rewritten, up to scanPlanInput octets, past
// which the decision fails closed; exact in every case within the
// budget, and without allocating. The patterns hold a '$' that does not
// anchor ("/*x$*"), which the plan keeps an octet.
func TestScanPlanInputs(t *testing.T) {
	rules := []Rule{
		{Pattern: "/*ab*c", Rank: 6},
		{Pattern: "/*x$*", Rank: 5},
		{Pattern: "/*q$", Rank: 4},
		{Pattern: "/long*%20*z", Rank: 3},
	}
	m := Compile(rules, Limits{tier: TierSegments, scanPlan: true})
	if m.seg == nil || m.seg.scan == nil {
		t.Fatal("no scan plan")
	}
	pad := func(n int) string { return strings.Repeat("y", n) }
	for _, c := range []struct {
		name string
		in   Input
		over bool
	}{
		{"plain, short", String("/yabyyc"), false},
		{"plain, x$", String("/yyx$yy"), false},
		{"plain, 100 KiB", String("/" + pad(100<<10) + "q"), false},
		{"rewritten, short", testForms[0]("/long yz"), false},
		{"rewritten, 2 KiB", testForms[0]("/long " + pad(2<<10) + "z"), false},
		{"rewritten, within scanPlanInput", testForms[0]("/long " + pad(scanPlanInput-16) + "z"), false},
		{"rewritten, past scanPlanInput", testForms[0]("/long " + pad(scanPlanInput) + "z"), true},
	} {
		want := greedyBest(rules, string(c.in.AppendTo(nil)))
		got := m.Match(c.in)
		if c.over {
			want = OverBudget
		}
		if got != want {
			t.Errorf("%s: rule %d, want %d", c.name, got, want)
		}
		if n := testing.AllocsPerRun(5, func() { m.Match(c.in) }); n != 0 {
			t.Errorf("%s: Match allocates %v times", c.name, n)
		}
	}
}

// TestScanBlock checks that a decision (of a scan plan: a Scan holds
// fewer rules) whose rules all fail on their
// first octets, each a unit, stops within scanBlock units past its
// budget: it checks the budget at least every scanBlock rules.
func TestScanBlock(t *testing.T) {
	var pats []litPattern
	for i := range 20 * scanBlock {
		pats = append(pats, litPattern{lit: "/b" + strings.Repeat("a", i%7) + "*c", rule: int32(i)})
	}
	s := newScan(layOut(pats)).scan
	const budget = 100
	d := s.decide("/x", scanMeter{base: budget})
	if d.status != scanOver || d.work > budget+scanBlock {
		t.Errorf("status %d, work %d; want over, at most %d", d.status, d.work, budget+scanBlock)
	}
	if d := s.decide("/x", scanMeter{base: DecideBase}); d.status != scanDecided || d.best != -1 || d.work != len(pats) {
		t.Errorf("within the budget: status %d, rule %d, work %d; want decided, -1, %d", d.status, d.best, d.work, len(pats))
	}
}

// TestHeadOf checks the heads the scan's first test compares: at most
// headOctets octets of the pattern before its first '*' or final '$',
// their count in the top octet, and that a rule whose head is the
// input's but not the rest of it does not match.
func TestHeadOf(t *testing.T) {
	for _, c := range []struct {
		p    string
		head string
	}{
		{"/", "/"}, {"/a*b", "/a"}, {"/ab$", "/ab"}, {"*a", ""}, {"/abcdefghij", "/abcdef"}, {"/abcdef$", "/abcdef"},
	} {
		h := headOf(c.p)
		var want uint64
		for i := len(c.head) - 1; i >= 0; i-- {
			want = want<<8 | uint64(c.head[i])
		}
		if want |= uint64(len(c.head)) << 56; h != want {
			t.Errorf("headOf(%q) = %#x, want %#x", c.p, h, want)
		}
	}
	s := NewScan([]Rule{{Pattern: "/abcdefgh", Rank: 9}, {Pattern: "/abcdefgX", Rank: 9}})
	if got, _, _ := s.Match(String("/abcdefgXY")); got != 1 {
		t.Errorf("heads alike, the second rule matching: rule %d, want 1", got)
	}
}

// TestScanCountsWhatItReads checks that a decision counts the octets it
// reads, not those it skips: a few patterns of 100 KiB, each a hundred
// times the budget of a short input in octets, are decided exactly when
// they fail on their first segments; and that a search counts the input
// once, not a compare a place: a segment that fails on its last octet at
// every place of a run counts the run's octets, and one found counts the
// octets up to its end.
func TestScanCountsWhatItReads(t *testing.T) {
	long := func(first string) string {
		var b strings.Builder
		b.WriteString("/*" + first)
		for i := 0; b.Len() < 100<<10; i++ {
			b.WriteString("*s" + strings.Repeat("t", i%50))
		}
		return b.String()
	}
	rules := []Rule{{Pattern: long("q"), Rank: 3}, {Pattern: long("r"), Rank: 2}, {Pattern: "/*ab", Rank: 1}}
	m := Compile(rules, Limits{tier: TierSegments, scanPlan: true})
	in := "/" + strings.Repeat("x", 200) + "ab"
	if got := m.Match(String(in)); got != 2 {
		t.Errorf("long patterns failing on their first segments: rule %d, want 2", got)
	}
	run := strings.Repeat("a", 1000)
	for _, c := range []struct {
		u, seg    string
		at, units int
	}{
		{run, strings.Repeat("a", 500) + "b", -1, 1000},
		{run + "b", strings.Repeat("a", 500) + "b", 500, 1001},
		{run, "a", 0, 1},
		{"", "a", -1, 0},
	} {
		var work int
		if at := index(c.u, c.seg, &work); at != c.at || work != c.units {
			t.Errorf("index of a segment of %d octets in %d: at %d, %d units; want %d, %d", len(c.seg), len(c.u), at, work, c.at, c.units)
		}
	}
}

// TestHeadOfRandom holds headOf to its definition, octet by octet, on
// patterns of every length around the head's, with and without stars and
// anchors.
func TestHeadOfRandom(t *testing.T) {
	want := func(p string) uint64 {
		if i := strings.IndexByte(p, '*'); i >= 0 {
			p = p[:i]
		} else {
			p = strings.TrimSuffix(p, "$")
		}
		p = p[:min(len(p), headOctets)]
		var w uint64
		for i := len(p) - 1; i >= 0; i-- {
			w = w<<8 | uint64(p[i])
		}
		return w | uint64(len(p))<<56
	}
	r := rand.New(rand.NewPCG(7, 9))
	const alphabet = "/ab*$\xff"
	for range 20000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		if got, w := headOf(string(b)), want(string(b)); got != w {
			t.Fatalf("headOf(%q) = %#x, want %#x", b, got, w)
		}
	}
}

// TestScanRefusesAsTheChainSays checks that NewScan's early refusal, on
// the rules rooted at "/" (whose prefix is "" or "/"), refuses only what
// the chain of prefixes refuses: on rules of a few prefixes that contain
// one another, in runs and shuffled, of sizes about where the build
// stops fitting the budget.
func TestScanRefusesAsTheChainSays(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	prefixes := []string{"", "/", "/a", "/a/", "/a/b", "/b", "/b/c", "x"}
	refused := 0
	for iter := 0; iter < 2000; iter++ {
		rules := make([]Rule, 32+r.IntN(300))
		pad := strings.Repeat("q", r.IntN(60))
		run := prefixes[r.IntN(len(prefixes))]
		for i := range rules {
			if r.IntN(4) == 0 {
				run = prefixes[r.IntN(len(prefixes))]
			}
			p := fmt.Sprintf("%s*%s%d", run, pad, i)
			rules[i] = Rule{Pattern: p, Rank: 2 * len(p)}
		}
		if iter%2 == 1 {
			r.Shuffle(len(rules), func(i, j int) { rules[i], rules[j] = rules[j], rules[i] })
		}
		size := len(rules)
		for _, rule := range rules {
			size += len(rule.Pattern)
		}
		if size > scanMaxOctets {
			continue
		}
		_, want := scanMost(size, searchChain(rules))
		if got := NewScan(rules) != nil; got != want {
			t.Fatalf("%d rules of %d octets, chain %d: NewScan took them %v, want %v", len(rules), size, searchChain(rules), got, want)
		}
		if !want {
			refused++
		}
	}
	if refused < 100 || refused > 1900 {
		t.Errorf("%d of 2000 sets refused: the sizes miss where the build stops fitting", refused)
	}
}
