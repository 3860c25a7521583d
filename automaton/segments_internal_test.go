package automaton

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// runWorkPerOctet is the most work the segment walk may count per input
// octet on the families of runs of 'a' (segment visits, live-set lookups,
// wake-ups, star nodes reached and their edges: the decision budget's
// units, see budget.go), beyond what its plan takes per octet uncounted.
const runWorkPerOctet = 32

// runs are the families of TestSegmentWalkWork: lines over runs of 'a'
// filling the parse limit, and inputs of runs of 'a'. Each has the segments
// a^i for hundreds of i, so that every octet of a run ends hundreds of
// them, and each keeps them from being taken in a different way.
var runs = []struct {
	name string
	line func(i int) string
	in   []string
}{
	// Taken at their first occurrence, then dead.
	{"nested", func(i int) string { return "/*" + a(i+1) + "*b$" }, []string{
		"/" + a(1023), "/" + a(1022) + "b", "/" + a(500) + "b", "/b" + a(1022),
	}},
	// Waiting on a star node that a run of 'a' does not reach; then
	// reached.
	{"asleep", func(i int) string { return "/*z*" + a(i+1) + "*b$" }, []string{
		"/" + a(1023), "/z" + a(1021) + "b", "/" + a(500) + "z" + a(500) + "b",
	}},
	// The same, waiting on a leading segment's node.
	{"asleep-lead", func(i int) string { return "/z*" + a(i+1) + "*b$" }, []string{
		"/" + a(1023), "/z" + a(1021) + "b", "/zb" + a(1020) + "b",
	}},
	// Waiting on a node reached in the middle of a run, after which they
	// end at every octet, for hundreds of octets, before they may start.
	{"late", func(i int) string { return "/*" + a(400) + "*" + a(i+1) + "*b$" }, []string{
		"/" + a(1023), "/" + a(1022) + "b", "/" + a(700) + "b" + a(321),
	}},
	// The same with segments longer than the ring (maxRing), which wait
	// for their octet in several steps.
	{"late-long", func(i int) string { return "/*" + a(1500) + "*" + a(maxRing+i) + "*b$" }, []string{
		"/" + a(4095), "/" + a(4094) + "b", "/" + a(3000) + "b",
	}},
}

func a(n int) string { return strings.Repeat("a", n) }

// others are the other hostile families of the segment tier (see
// budget_test.go), decided on a URL of letters and numbers that feeds
// them: many-star lines, "/*a_i*b_i" (a hub of tens of thousands of
// edges), and one line of many stars.
var others = []struct {
	name string
	line func(i int) string
}{
	{"manystar=100", func(i int) string { return ManyStarLine(i, 100) }},
	{"manystar=1000", func(i int) string { return ManyStarLine(i, 1000) }},
	{"astar", func(i int) string { return fmt.Sprintf("/*a%d*b%d", i, i) }},
	{"longstar", func(i int) string { return "/" + strings.Repeat("*q", 250<<10) + "$" }},
}

// ManyStarLine is pattern i of the many-star family: k stars, each
// followed by a letter drawn from five, anew for each pattern (so that
// the patterns are distinct: five to the k of them), and a final '$'. It
// is exported for the package's external tests.
func ManyStarLine(i, k int) string {
	r := rand.New(rand.NewPCG(uint64(i), uint64(k)))
	var b strings.Builder
	b.WriteByte('/')
	for range k {
		b.WriteByte('*')
		b.WriteByte(byte('a' + r.IntN(5)))
	}
	b.WriteByte('$')
	return b.String()
}

// fillRules returns the rules line(0), line(1), ... up to 500 KiB of
// patterns, ranked by length.
func fillRules(line func(i int) string) []Rule {
	var rules []Rule
	for i, n := 0, 0; ; i++ {
		p := line(i)
		if n += len(p); n > 500<<10 && i > 0 {
			return rules
		}
		rules = append(rules, Rule{Pattern: p, Rank: len(p)})
	}
}

// TestSegmentWalkWork counts the segment walk's work on the families of
// runs of 'a' (issue 9, item 1) and the other hostile families, and checks
// what it finds against greedy matching of each pattern alone, and its
// work against the worst case its plan states (Stats.WorstBase and
// WorstPerOctet): on the families of runs, where every octet ends
// hundreds of segments, at most runWorkPerOctet units an octet besides.
func TestSegmentWalkWork(t *testing.T) {
	var url strings.Builder
	url.WriteByte('/')
	for i := 0; url.Len() < 1<<10; i++ {
		url.WriteByte(byte('a' + i%26))
		if i%5 == 0 {
			fmt.Fprintf(&url, "%d", i%97)
		}
	}
	type family struct {
		name string
		line func(i int) string
		in   []string
		run  bool
	}
	var all []family
	for _, f := range runs {
		all = append(all, family{f.name, f.line, f.in, true})
	}
	for _, f := range others {
		all = append(all, family{f.name, f.line, []string{url.String()[:1<<10], url.String()[:100] + "$", "/xa12yb12" + url.String()[:1000]}, false})
	}
	for _, f := range all {
		rules := fillRules(f.line)
		m := Compile(rules, Limits{})
		if Tier(m.tier) != TierSegments {
			t.Fatalf("%s: tier %v, want %v", f.name, m.tier, TierSegments)
		}
		st := m.details()
		for _, in := range f.in {
			sc := m.seg.newScratch()
			got := m.seg.walk(sc, String(in), noBudget)
			if got >= 0 {
				got = m.origOf(got)
			}
			if want := greedyBest(rules, in); got != want {
				t.Errorf("%s, %d octets: rule %d, want %d", f.name, len(in), got, want)
			}
			work := m.Cost(String(in), 1)
			if limit := st.WorstBase + st.WorstPerOctet*len(in); work > limit {
				t.Errorf("%s, %d octets: work %d, more than the plan's worst, %d + %d an octet", f.name, len(in), work, st.WorstBase, st.WorstPerOctet)
			}
			dynamic := work - (dfaOctetCost+m.seg.cost.static)*len(in)
			if limit := runWorkPerOctet * (len(in) + 1); f.run && dynamic > limit {
				t.Errorf("%s, %d octets: counted work %d, more than %d an octet", f.name, len(in), dynamic, runWorkPerOctet)
			}
			t.Logf("%s, %d rules, %d octets: rule %d, work %d (counted %d), worst %d + %d an octet", f.name, len(rules), len(in), got, work, dynamic, st.WorstBase, st.WorstPerOctet)
		}
	}
}

// TestSegmentWaits checks, against greedy matching, walks in which edges
// wait on nodes reached after their segment started: segments on both
// sides of the ring's length (maxRing), overlapping runs, and hubs.
func TestSegmentWaits(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	run := func(n int) string { // runs of 'a', some broken by a 'b'
		var b strings.Builder
		for b.Len() < n {
			if r.IntN(3) == 0 {
				b.WriteByte('b')
			}
			b.WriteString(a(1 + r.IntN(n)))
		}
		return b.String()[:n]
	}
	lengths := []int{1, 3, 40, maxRing - 1, maxRing, maxRing + 1, 2*maxRing + 5}
	for iter := 0; iter < 100; iter++ {
		var rules []Rule
		for i := 0; i < 2+r.IntN(30); i++ {
			p := "/*"
			if r.IntN(4) == 0 {
				p = "/" + run(1+r.IntN(3)) + "*"
			}
			for k := 0; k < 1+r.IntN(3); k++ {
				p += run(lengths[r.IntN(len(lengths))]) + "*"
			}
			p += run(1 + r.IntN(3))
			if r.IntN(2) == 0 {
				p += "$"
			}
			rules = append(rules, Rule{Pattern: p, Rank: len(p) + r.IntN(2)})
		}
		m := Compile(rules, Limits{tier: TierSegments})
		sc := m.seg.newScratch()
		for k := 0; k < 10; k++ {
			in := "/" + run(r.IntN(6*maxRing))
			got := m.seg.walk(sc, String(in), noBudget)
			if got >= 0 {
				got = m.origOf(got)
			}
			if want := greedyBest(rules, in); got != want {
				t.Fatalf("iteration %d, %d octets: rule %d, want %d", iter, len(in), got, want)
			}
		}
	}
}

// greedyBest is the reference: the best of the rules whose patterns match
// in, each pattern matched alone, each segment at its first occurrence
// after the one before.
func greedyBest(rules []Rule, in string) int32 {
	best := int32(-1)
	for i, r := range rules {
		if greedyMatch(r.Pattern, in) && Better(rules, int32(i), best) {
			best = int32(i)
		}
	}
	return best
}

func greedyMatch(p, in string) bool {
	p, anchored := strings.CutSuffix(p, "$")
	segs := strings.Split(p, "*")
	if !strings.HasPrefix(in, segs[0]) {
		return false
	}
	at, last := len(segs[0]), segs[len(segs)-1]
	if len(segs) == 1 {
		return !anchored || at == len(in)
	}
	for _, s := range segs[1 : len(segs)-1] {
		i := strings.Index(in[at:], s)
		if i < 0 {
			return false
		}
		at += i + len(s)
	}
	if anchored {
		return len(in)-at >= len(last) && strings.HasSuffix(in, last)
	}
	return strings.Contains(in[at:], last)
}

// TestSegmentScratchWrap walks with one scratch across the wrap of its
// generation: marks of an older walk (queues, the live set, the ring of
// waiting segments, taken watched edges) must not leak into a newer one.
func TestSegmentScratchWrap(t *testing.T) {
	var rules []Rule
	for i := 0; i < 40; i++ { // a hub: node "/*" has 40 edges, some watched
		p := "/*" + strings.Repeat("a", 1+i%7) + "*b" + strings.Repeat("c", i%3)
		rules = append(rules, Rule{Pattern: p, Rank: len(p)})
	}
	// And a hub: "/*" has an edge per letter, all watched.
	for x := 'a'; x <= 'z'; x++ {
		rules = append(rules, Rule{Pattern: "/*" + string(x), Rank: 1})
	}
	m := Compile(rules, Limits{tier: TierSegments})
	if Tier(m.tier) != TierSegments {
		t.Fatalf("tier %v, want %v", m.tier, TierSegments)
	}
	// Each killer, walked at generation 1, takes every edge of segments
	// that its victim, walked at generation 1 again after the wrap, needs.
	for _, tc := range []struct{ killer, victim string }{
		{"/aaaaaaabcc", "/xaaab"},
		{"/aaaaaaabcc", "/aaaaaaabcc"},
		{"/xab", "/aaabc"},
		{"/xyz", "/z"},
	} {
		want := m.seg.walk(m.seg.newScratch(), String(tc.victim), noBudget)
		sc := m.seg.newScratch()
		m.seg.walk(sc, String(tc.killer), noBudget)
		sc.g = ^uint32(0)
		if got := m.seg.walk(sc, String(tc.victim), noBudget); got != want || sc.g != 1 {
			t.Errorf("after %q, then the wrap: %q: rule %d, want %d", tc.killer, tc.victim, got, want)
		}
	}
}

// TestSegSetLast checks segSet.last, the greatest member in a range,
// against a scan, on sets sparse and dense across several summary words,
// as members come and go and after a change of generation.
func TestSegSetLast(t *testing.T) {
	const n = 3*64*64 + 100
	r := rand.New(rand.NewPCG(11, 12))
	b := segSet{lo: make([]sword, n/64+1), hi: make([]sword, n/(64*64)+1)}
	in := make([]bool, n)
	for g := uint32(1); g <= 3; g++ {
		clear(in)
		b.n = 0
		for step := 0; step < 2000; step++ {
			id := int32(r.IntN(n))
			if g == 2 {
				id = int32(r.IntN(70)) * 211 % n // sparse: few members, far apart
			}
			if r.IntN(3) == 0 {
				if in[id] {
					b.remove(id)
					in[id] = false
				}
			} else {
				b.or(id>>6, 1<<(id&63), g)
				in[id] = true
			}
			lo := int32(r.IntN(n))
			hi := lo + int32(r.IntN(n-int(lo)))
			want := int32(-1)
			for j := hi; j >= lo; j-- {
				if in[j] {
					want = j
					break
				}
			}
			if got := b.last(lo, hi, g); got != want {
				t.Fatalf("generation %d, step %d: last(%d, %d) = %d, want %d", g, step, lo, hi, got, want)
			}
		}
		members := 0
		for _, m := range in {
			if m {
				members++
			}
		}
		if b.n != members {
			t.Errorf("generation %d: %d members counted, want %d", g, b.n, members)
		}
	}
}

// TestSparseTerms checks that a trie's terms read the same sparse as
// dense, on every node, for tries whose node counts fall on both sides of
// a word of the sparse table, with and without failure links.
func TestSparseTerms(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, segs := range []int{0, 1, 2, 20, 63, 64, 65, 200, 1000} {
		for _, ac := range []bool{false, true} {
			var strs []string
			for range segs {
				var s strings.Builder
				for range 1 + r.IntN(8) {
					s.WriteByte("abc/.?="[r.IntN(7)])
				}
				strs = append(strs, s.String())
			}
			x, _, _ := indexOf(strs)
			var sp spares
			order, n := sortIndex(&x, &sp)
			tr := sortedTrie(&x, order, n, func(i int) int32 { return int32(i) }, ac, ac, &sp)
			dense := slices.Clone(tr.term)
			tr.sparse(&sp)
			if tr.term != nil {
				t.Fatalf("%d segments: the dense terms are kept", segs)
			}
			for u, want := range dense {
				if got := tr.terms.term(int32(u)); got != want {
					t.Fatalf("%d segments, ac %v: node %d of %d has term %d, want %d", segs, ac, u, len(dense), got, want)
				}
				if has := tr.terms.hasTerm(int32(u)); has != (want >= 0) {
					t.Fatalf("%d segments, ac %v: node %d: hasTerm %v, want %v", segs, ac, u, has, want >= 0)
				}
			}
		}
	}
}

// TestSortedTrie checks the tries sortedTrie lays out against the strings
// they hold: a node per distinct prefix, children in the order of their
// octets, each string ending at a node holding its term, and (for the
// Aho-Corasick automaton) each node's failure link at its longest proper
// suffix in the trie and its term the longest string that ends there;
// on alphabets small and large (wide nodes), strings short and long,
// with and without the tables of the root's children.
func TestSortedTrie(t *testing.T) {
	var octets []byte // every octet a segment holds
	for c := range 256 {
		if c != '*' {
			octets = append(octets, byte(c))
		}
	}
	every := string(octets)
	r := rand.New(rand.NewPCG(13, 14))
	for iter := range 200 {
		alpha := "ab"
		switch iter % 3 {
		case 1:
			alpha = "abcdefghijklmnopqrstuvwxyz0123456789/"
		case 2:
			alpha = every
		}
		var strs []string
		for range 1 + r.IntN(200) {
			var s strings.Builder
			for range 1 + r.IntN(1+iter%20) {
				s.WriteByte(alpha[r.IntN(len(alpha))])
			}
			strs = append(strs, s.String())
		}
		x, _, _ := indexOf(strs)
		var sp spares
		order, nodes := sortIndex(&x, &sp)
		// Every other trie has its failure links found through the tables
		// of the root's children (see link).
		tr := sortedTrie(&x, order, nodes, func(i int) int32 { return int32(i) }, true, iter%2 == 0, &sp)
		// Each node's string, from the labels: node i+1 is entered on
		// labels[i] from the node whose labels hold i.
		n := len(tr.off) - 1
		str := make([]string, n)
		prefixes := map[string]int{"": 0}
		for u := range n {
			for i := tr.off[u]; i < tr.off[u+1]; i++ {
				if i > tr.off[u] && tr.labels[i-1] >= tr.labels[i] {
					t.Fatalf("iteration %d: node %d's labels out of order", iter, u)
				}
				str[i+1] = str[u] + string(tr.labels[i:i+1])
				prefixes[str[i+1]] = int(i + 1)
			}
		}
		want := map[string]bool{"": true}
		for i := range x.len() {
			s := x.str(int32(i))
			for k := 1; k <= len(s); k++ {
				want[s[:k]] = true
			}
		}
		if len(want) != n || len(prefixes) != n {
			t.Fatalf("iteration %d: %d nodes, %d distinct prefixes", iter, n, len(want))
		}
		id := map[string]int32{}
		for i := range x.len() {
			id[x.str(int32(i))] = int32(i)
		}
		for u := 1; u < n; u++ {
			s := str[u]
			f := ""
			for k := 1; k < len(s); k++ {
				if _, ok := prefixes[s[k:]]; ok {
					f = s[k:]
					break
				}
			}
			if got := int(tr.fail[u]); got != prefixes[f] {
				t.Fatalf("iteration %d: node %q fails to %q, want %q", iter, s, str[got], f)
			}
			term := int32(-1)
			for k := 0; k < len(s); k++ {
				if i, ok := id[s[k:]]; ok {
					term = i
					break
				}
			}
			if tr.term[u] != term {
				t.Fatalf("iteration %d: node %q has term %d, want %d", iter, s, tr.term[u], term)
			}
			for i := range 256 {
				want := int32(-1)
				if v, ok := prefixes[s+string([]byte{byte(i)})]; ok {
					want = int32(v)
				}
				if c := tr.child(int32(u), byte(i)); c != want {
					t.Fatalf("iteration %d: node %q's child on %q is %d, want %d", iter, s, byte(i), c, want)
				}
			}
		}
	}
}

// TestShallowRowsBound builds the trie whose depth-2 nodes have the largest
// ids the 16-bit entries of link's tables hold: every string of two
// octets, each of the 255 a segment holds, so the root's children's
// tables are full and their last entry is node 1+255+255·255-1; and a
// string of three octets whose link is that node.
func TestShallowRowsBound(t *testing.T) {
	var strs []string
	for a := range 256 {
		for b := range 256 {
			if a != '*' && b != '*' {
				strs = append(strs, string([]byte{byte(a), byte(b)}))
			}
		}
	}
	// Its failure link is the last node of depth 2, "\xff\xff", found in
	// the table of "\xff".
	x, _, _ := indexOf(append(strs, "\x01\xff\xff"))
	var sp spares
	order, nodes := sortIndex(&x, &sp)
	if rows := shallowRows(&x, order, nodes); rows != 255 {
		t.Fatalf("%d nodes: shallowRows = %d, want 255", nodes, rows)
	}
	plain := sortedTrie(&x, order, nodes, func(i int) int32 { return int32(i) }, true, false, &sp)
	fast := sortedTrie(&x, order, nodes, func(i int) int32 { return int32(i) }, true, true, &sp)
	if !slices.Equal(plain.fail, fast.fail) || !slices.Equal(plain.term, fast.term) {
		t.Fatal("the failure links found through the tables differ")
	}
	if got, want := fast.fail[len(fast.fail)-1], int32(1+255+255*255-1); got != want {
		t.Errorf("%q fails to node %d, want %d", "\x01\xff\xff", got, want)
	}
}

// TestSharedScratch checks which segment walks take their scratch from
// the process's shared pool (those whose shape sharedShape holds) and
// that walks of many Machines in turn on one shared scratch decide as
// greedy matching does: a walk tells its marks from any other Machine's
// by generation.
func TestSharedScratch(t *testing.T) {
	if got := sharedShape.bytes(); got != 29856 {
		t.Errorf("a shared scratch is %d bytes, the comment says 29,856", got)
	}
	small := Compile([]Rule{{Pattern: "/*a*b"}, {Pattern: "/*.pdf$", Rank: 1}}, Limits{tier: TierSegments})
	if small.segs != sharedScratch() {
		t.Errorf("a Machine of two wildcard rules has a pool of its own, want the shared one")
	}
	var rules []Rule
	for i := range 600 {
		rules = append(rules, Rule{Pattern: fmt.Sprintf("/*a%d*b%d$", i, i), Rank: i})
	}
	large := Compile(rules, Limits{})
	if large.Stats().Tier != TierSegments || large.segs == sharedScratch() {
		t.Errorf("a Machine of %d segments: tier %v, shared pool %v; want segments, a pool of its own", len(large.seg.seglen), large.Stats().Tier, large.segs == sharedScratch())
	}

	r := rand.New(rand.NewPCG(13, 14))
	run := func(n int) string {
		var b strings.Builder
		for b.Len() < n {
			b.WriteString("ab/"[r.IntN(3):][:1])
		}
		return b.String()
	}
	type machine struct {
		m     *Machine
		rules []Rule
	}
	var ms []machine
	for range 40 {
		var rules []Rule
		for range 1 + r.IntN(12) {
			p := "/*" + run(1+r.IntN(4)) + "*" + run(1+r.IntN(200))
			if r.IntN(2) == 0 {
				p += "$"
			}
			rules = append(rules, Rule{Pattern: p, Rank: len(p)})
		}
		m := Compile(rules, Limits{tier: TierSegments})
		if !sharedShape.holds(m.seg.shape()) {
			t.Fatalf("shape %+v beyond the shared one", m.seg.shape())
		}
		ms = append(ms, machine{m, rules})
	}
	sc := sharedShape.alloc()
	for k := range 20 {
		for i, x := range ms {
			in := "/" + run(r.IntN(600))
			got := x.m.seg.walk(sc, String(in), noBudget)
			if got >= 0 {
				got = x.m.origOf(got)
			}
			if want := greedyBest(x.rules, in); got != want {
				t.Fatalf("round %d, Machine %d, %d octets: rule %d, want %d", k, i, len(in), got, want)
			}
		}
	}
}

// noBudget is a meter that never stops a walk.
var noBudget = meter{base: 1 << 50}

// TestSegmentPaths checks, against greedy matching, walks of tries whose
// chains of star nodes are edges with paths of segments (see radix.go),
// forced on small tries: patterns over a small alphabet that share their
// first segments and part anywhere, segments repeated within a path,
// anchors, hubs (a node of many edges, some watched), and leading
// segments.
func TestSegmentPaths(t *testing.T) {
	defer func(n int) { spellOut = n }(spellOut)
	spellOut = 0
	r := rand.New(rand.NewPCG(21, 22))
	word := func(alpha string, n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(alpha[r.IntN(len(alpha))])
		}
		return b.String()
	}
	withHubs := 0
	for iter := range 300 {
		alpha := "ab"[:1+r.IntN(2)] + "c"[:r.IntN(2)]
		var rules []Rule
		var prev [][]string
		for range 5 + r.IntN(80) {
			var segs []string
			if len(prev) > 0 && r.IntN(2) == 0 {
				from := prev[r.IntN(len(prev))]
				segs = append(segs, from[:1+r.IntN(len(from))]...)
			}
			for range 1 + r.IntN(6) {
				segs = append(segs, word(alpha, 1+r.IntN(3)))
			}
			prev = append(prev, segs)
			p := "/"
			if r.IntN(4) == 0 {
				p += word(alpha, 1+r.IntN(2))
			}
			p += "*" + strings.Join(segs, "*")
			if r.IntN(2) == 0 {
				p += "$"
			}
			rules = append(rules, Rule{Pattern: p, Rank: len(p) + r.IntN(3)})
		}
		m := Compile(rules, Limits{tier: TierSegments})
		if Tier(m.tier) != TierSegments {
			t.Fatalf("tier %v", m.tier)
		}
		paths := m.seg.pathAt != nil
		if paths && len(m.seg.watched) > 0 {
			withHubs++
		}
		sc := m.seg.newScratch()
		for k := range 20 {
			in := "/" + word(alpha, r.IntN(80))
			if k%3 == 0 && len(prev) > 0 {
				var b strings.Builder
				b.WriteByte('/')
				for range 1 + r.IntN(4) {
					for _, s := range prev[r.IntN(len(prev))] {
						b.WriteString(word(alpha, r.IntN(2)))
						b.WriteString(s)
					}
				}
				in = b.String()
			}
			got := m.seg.walk(sc, String(in), noBudget)
			if got >= 0 {
				got = m.origOf(got)
			}
			if want := greedyBest(rules, in); got != want {
				t.Fatalf("iteration %d (paths %v), input %q: rule %d, want %d; rules %v", iter, paths, in, got, want, rules)
			}
		}
	}
	if withHubs < 30 {
		t.Errorf("%d tries with paths and hubs, want more", withHubs)
	}
}

// TestManyStarDistinct checks that the many-star families have no line
// twice: a family that dedupes to a few patterns is not hostile.
func TestManyStarDistinct(t *testing.T) {
	for _, k := range []int{100, 1000} {
		rules := fillRules(func(i int) string { return ManyStarLine(i, k) })
		seen := map[string]bool{}
		for _, r := range rules {
			if seen[r.Pattern] {
				t.Fatalf("manystar=%d: %.40q... twice", k, r.Pattern)
			}
			seen[r.Pattern] = true
		}
	}
}

// TestStaticCost holds the segment tier's uncounted cost per octet to
// what the package comment states, 11 units with the literal DFA's and the
// lazy DFA's: a file whose tries have wide nodes (the most children there
// are) takes that much, and no more.
func TestStaticCost(t *testing.T) {
	if maxSegmentStatic != 11 {
		t.Errorf("maxSegmentStatic is %d, the package comment says 11", maxSegmentStatic)
	}
	var rules []Rule
	for x := 0; x < 256; x++ {
		if x == '*' || x == '$' {
			continue
		}
		for _, p := range []string{"/" + string(rune(x)) + "*a", "/*" + string(rune(x)) + "b*c", "/*b" + string(rune(x))} {
			rules = append(rules, Rule{Pattern: p, Rank: len(p)})
		}
	}
	m := Compile(rules, Limits{tier: TierSegments})
	if got := dfaOctetCost + m.seg.cost.static + lazyOctetCost; got != maxSegmentStatic {
		t.Errorf("a segment walk with wide nodes costs %d units an octet uncounted, want %d", got, maxSegmentStatic)
	}
}

// TestStrIndex checks that the segment table gives each distinct string
// one id, in the order they first come, and the same id when it comes
// again: strings of one octet (found by octet), up to seven (compared as
// one word) and longer (hashed), past a chunk of strings and the table's
// doublings.
func TestStrIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	var strs []string
	for range 3 * strChunk {
		b := make([]byte, 1+r.IntN(12)*r.IntN(2))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		strs = append(strs, string(b))
	}
	x, got, news := indexOf(strs)
	ids := map[string]int32{}
	for k, s := range strs {
		id, isNew := got[k], news[k]
		want, seen := ids[s]
		switch {
		case seen && (isNew || id != want):
			t.Fatalf("%q came again as %d (new %v), want %d", s, id, isNew, want)
		case !seen && (!isNew || id != int32(len(ids))):
			t.Fatalf("%q came first as %d (new %v), want %d", s, id, isNew, len(ids))
		}
		if !seen {
			ids[s] = id
		}
		if got := x.str(id); got != s {
			t.Fatalf("id %d holds %q, want %q", id, got, s)
		}
	}
	if x.len() != len(ids) {
		t.Fatalf("%d strings, want %d", x.len(), len(ids))
	}
}

// TestCutStar checks cutStar against strings.Cut on stars before, at and
// past the octets it compares itself.
func TestCutStar(t *testing.T) {
	for _, s := range []string{"", "*", "a", "a*", "*a", "ab*cd", "abcdefg*h", "abcdefgh*i", "abcdefghi*j",
		"abcdefghijklmnop*q*r", "abcdefghijklmnopq", "**", "abcdefgh", "abcdefgh*"} {
		b, a, f := cutStar(s)
		wb, wa, wf := strings.Cut(s, "*")
		if b != wb || a != wa || f != wf {
			t.Errorf("cutStar(%q) = %q, %q, %v; want %q, %q, %v", s, b, a, f, wb, wa, wf)
		}
	}
}

// TestSortStrings checks sortStrings against a comparison sort on the
// shapes its passes take apart: nested strings ("a", "aa", ...), nested
// ones that part ("a^i" and "a^ib"), a long shared prefix before random
// ends, and random strings, each shuffled.
func TestSortStrings(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	shapes := map[string]func(i int) string{
		"nested":        func(i int) string { return strings.Repeat("a", i+1) },
		"nested, parts": func(i int) string { return strings.Repeat("a", i/2+1) + strings.Repeat("b", i%2) },
		"shared prefix": func(i int) string { return strings.Repeat("x", 300) + randWord(r, "ab", 1+r.IntN(6)) },
		"random":        func(i int) string { return randWord(r, "abc/", 1+r.IntN(12)) },
		"few":           func(i int) string { return randWord(r, "ab", 1+r.IntN(3)) },
	}
	for name, shape := range shapes {
		for _, n := range []int{1, 2, 17, 300} {
			var strs []string
			for i := range n {
				strs = append(strs, shape(i))
			}
			x, _, _ := indexOf(strs)
			order := make([]int32, x.len())
			for i := range order {
				order[i] = int32(i)
			}
			r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			sortStrings(order, &x, make([]int32, len(order)))
			var got, want []string
			for _, i := range order {
				got = append(got, x.str(i))
			}
			for i := range x.len() {
				want = append(want, x.str(int32(i)))
			}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s, %d strings: sorted %q, want %q", name, x.len(), got, want)
			}
		}
	}
}

// randWord returns n octets drawn from alpha by r.
func randWord(r *rand.Rand, alpha string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alpha[r.IntN(len(alpha))]
	}
	return string(b)
}
