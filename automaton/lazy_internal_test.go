package automaton

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// owned returns the arena whose states are e's, or nil.
func owned(e *engines) *lazyArena {
	for i := range lazySlots {
		if lazySlots[i].owner.Load() == e {
			return &lazyArenas[i]
		}
	}
	return nil
}

// lazyAgrees checks that m, built with the lazy DFA, and below, the same
// rules built without it, agree on in.
func lazyAgrees(t *testing.T, m, below *Machine, in string) {
	t.Helper()
	if got, want := m.Match(String(in)), below.Match(String(in)); got != want {
		t.Fatalf("input %.40q...: lazy DFA %d, tier %v %d", in, got, Tier(below.tier), want)
	}
}

// TestLazyResets fills the arena within walks, where the states are each
// new: for the segment matcher, patterns with a long segment after a star
// (the octets read since its star node was reached count up to the
// segment's length, a state per octet), on random inputs of a thousand
// octets; for the NFA, a long run of one octet after a star, on runs of
// it (a state per octet of the run). A walk that fills the arena empties
// it and goes on from the state it is in, and every answer stays the tier
// below's.
func TestLazyResets(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	random := func() string {
		var b strings.Builder
		b.WriteByte('/')
		for range 1000 {
			b.WriteByte("ab"[r.IntN(2)])
		}
		return b.String()
	}
	for _, c := range []struct {
		tier  Tier
		rules []Rule
		input func(i int) string
	}{
		{TierSegments, []Rule{
			{Pattern: "/*" + strings.Repeat("ab", 400) + "$", Rank: 800},
			{Pattern: "/*b" + strings.Repeat("a", 300) + "*b", Rank: 700},
			{Pattern: "/*aab*bb", Rank: 10},
		}, func(int) string { return random() }},
		{TierNFA, []Rule{
			{Pattern: "/*" + strings.Repeat("a", 1500) + "$", Rank: 1500},
			{Pattern: "/b*a", Rank: 10},
		}, func(i int) string { return "/" + strings.Repeat("a", 1000+50*i) + "bab"[:i%4] }},
	} {
		// Under the default budget a walk that builds a state at every
		// octet gives up long before the arena fills (see lazyShare): a
		// budget far above it lets one fill it.
		m := CompileBudget(c.rules, Limits{tier: c.tier, lazy: lazyAlways}, 1<<40, 1<<20)
		below := Compile(c.rules, Limits{tier: c.tier, lazy: lazyNever})
		resets := 0
		for i := range 20 {
			lazyAgrees(t, m, below, c.input(i))
			if a := owned(&m.engines); a != nil {
				resets = max(resets, int(a.resets))
			}
		}
		if resets == 0 {
			t.Errorf("%v: the arena was never reset", c.tier)
		}
	}
}

// TestLazyGivesUp runs the lazy DFA where a state or a step is beyond its
// bounds: more live star nodes than a key holds, more edges to visit than
// a step may; and an NFA of more words than a key holds (which the
// decision budget no longer lets Compile build), or a segment matcher of
// more than lazyMaxNodes star nodes, which never run lazily.
// The walk gives the arena up, the tier below decides, and the Machine
// waits lazyPenalty inputs more before it tries again.
func TestLazyGivesUp(t *testing.T) {
	var live, hubs, words []Rule
	var in, many strings.Builder
	in.WriteByte('/')
	for i := range 100 { // each "c<i>" read makes a star node live
		p := fmt.Sprintf("/*c%d*d%d", i, i)
		live = append(live, Rule{Pattern: p, Rank: len(p)})
		fmt.Fprintf(&in, "c%d", i)
	}
	// Star nodes "/*k<i>*" of 20 edges each, on segments that so many
	// nodes share that most of their edges are queued, not watched (see
	// hubEdges): a step that ends a segment on 60 of them visits 1,200.
	many.WriteByte('/')
	for i := range 100 {
		for j := range 20 {
			p := fmt.Sprintf("/*k%d*s%d", i, j)
			hubs = append(hubs, Rule{Pattern: p, Rank: len(p)})
		}
		if i < 60 {
			fmt.Fprintf(&many, "k%d", i)
		}
	}
	many.WriteString("s7")
	for i := range 500 {
		p := fmt.Sprintf("/*c%d*d%d", i, i)
		words = append(words, Rule{Pattern: p, Rank: len(p)})
	}
	var nodes []Rule // a star node per rule
	for i := range lazyMaxNodes {
		p := fmt.Sprintf("/*c%d*d", i)
		nodes = append(nodes, Rule{Pattern: p, Rank: len(p)})
	}
	for _, c := range []struct {
		name  string
		rules []Rule
		tier  Tier
		in    string
	}{
		{"live", live, TierSegments, in.String()},
		{"work", hubs, TierSegments, many.String()},
		{"words", words, TierNFA, in.String()},
		{"nodes", nodes, TierSegments, in.String()},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := Compile(c.rules, Limits{tier: c.tier, lazy: lazyAlways})
			below := Compile(c.rules, Limits{tier: c.tier, lazy: lazyNever})
			lz := m.lazyMeta()
			if c.name == "words" {
				// An NFA of more words than a key holds costs more per
				// octet than the decision budget allows: it is not built.
				if m.Stats().Tier != TierSegments {
					t.Fatalf("words: tier %v, want %v", m.Stats().Tier, TierSegments)
				}
				lazyAgrees(t, m, below, c.in)
				return
			}
			if c.name == "nodes" {
				if lz.ok {
					t.Fatalf("%s: the lazy DFA may run", c.name)
				}
				lazyAgrees(t, m, below, c.in)
				return
			}
			lazyAgrees(t, m, below, c.in)
			if a := owned(&m.engines); a != nil {
				t.Errorf("the walk kept its arena")
			}
			if got := lz.credit.Load(); got != -lazyPenalty {
				t.Errorf("credit %d after giving up, want %d", got, -lazyPenalty)
			}
		})
	}
}

// TestLazyPolicy follows the takeovers of one arena between two Machines
// of the default mode: a Machine takes it over once it has decided
// lazyAfter inputs; one whose tenure decided one input waits longer
// (backoff); one whose tenure paid (one URL decided over and over) takes it
// back at once.
// Both Machines must claim the same arena: the steps run on a goroutine
// of their own, deep in its stack, so that no call moves it (the arena is
// picked by a stack address, see spreadIndex and atDepth).
func TestLazyPolicy(t *testing.T) {
	rules := []Rule{{Pattern: "/*.pdf$", Rank: 7}, {Pattern: "/a", Rank: 2}}
	m1, m2 := Compile(rules, Limits{tier: TierNFA}), Compile(rules, Limits{tier: TierNFA})
	errs := make(chan string, 1)
	go atDepth(64, func() {
		defer close(errs)
		fail := func(f string, args ...any) bool {
			errs <- fmt.Sprintf(f, args...)
			return false
		}
		step := func(what string, m *Machine, n int, want bool) bool {
			for range n {
				if got := m.Match(String("/x/y.pdf")); got != 0 {
					return fail("%s: Match = %d, want 0", what, got)
				}
			}
			if got := owned(&m.engines) != nil; got != want {
				return fail("%s: owner %v, want %v", what, got, want)
			}
			return true
		}
		wait := func(what string, m *Machine, want int32) bool {
			if got := lazyAfter + m.lazyMeta().wait.Load(); got != want {
				return fail("%s: wait %d, want %d", what, got, want)
			}
			return true
		}
		_ = step("m1, before its wait", m1, lazyAfter, false) &&
			step("m1 takes over", m1, 1, true) &&
			step("m2, before its wait", m2, lazyAfter, false) &&
			step("m2 takes over", m2, 1, true) &&
			wait("m1 after a tenure of one input", m1, lazyAfter+backoff(0)) &&
			step("m1, before its longer wait", m1, int(lazyAfter+backoff(0)), false) &&
			step("m1 takes over again", m1, 1, true) &&
			wait("m2 after a tenure of one input", m2, lazyAfter+backoff(0)) &&
			step("m1 decides", m1, 2*lazyReuse, true) &&
			step("m2, before its longer wait", m2, int(lazyAfter+backoff(0)), false) &&
			step("m2 takes over again", m2, 1, true) &&
			wait("m1 after a tenure that paid", m1, 0) &&
			step("m1 takes over at its next input", m1, 1, true) &&
			wait("m2 after two tenures of one input", m2, lazyAfter+backoff(backoff(0)))
	})
	for e := range errs {
		t.Error(e)
	}
}

// atDepth calls f below about kib KiB of the calling goroutine's stack,
// held in use while f runs, so that every call of f finds its frames at
// the addresses it left them: the stack grows once, on the way down, and
// a collection during f does not shrink and move it (the runtime shrinks
// a stack less than a quarter used), which growing it and returning did
// not prevent. The lazy DFA's arena is picked by a stack address
// (spreadIndex).
func atDepth(kib int, f func()) {
	var pad [1024]byte
	if kib <= 1 {
		f()
		return
	}
	atDepth(kib-1, f)
	depthSink += pad[kib%len(pad)] // the frame keeps its pad
}

// depthSink keeps atDepth's pads read.
var depthSink byte

// growStack grows the calling goroutine's stack by at least kib KiB.
func growStack(kib int) byte {
	var pad [1024]byte
	if kib <= 1 {
		return pad[0]
	}
	return growStack(kib-1) + pad[kib%len(pad)]
}

// TestLazyArenaSize holds the arenas to the size the package comment
// states: lazyArenaBytes each and a scratch of under 2 KiB.
func TestLazyArenaSize(t *testing.T) {
	if n, max := unsafe.Sizeof(lazyArena{}), uintptr(lazyArenaBytes+2<<10); n > max {
		t.Errorf("an arena is %d bytes, more than %d", n, max)
	}
	if n := unsafe.Sizeof(lazyArenas); n > 2<<20+lazySlotCount*2<<10 {
		t.Errorf("the arenas are %d bytes", n)
	}
}

// TestLazyNotPaid follows a tenure that does not pay: a Machine whose
// inputs are distinct and build a state at nearly every octet (the
// octets read since a star node was reached count up to a long
// segment's length) takes an arena over, decides lazyPaid inputs and more
// on it, and loses it: its wait grows (backoff), where a tenure that paid
// (TestLazyPolicy) would have set it to take an arena back at once.
func TestLazyNotPaid(t *testing.T) {
	rules := []Rule{{Pattern: "/*" + strings.Repeat("a", 200) + "*b", Rank: 203}}
	m := Compile(rules, Limits{tier: TierSegments})
	below := Compile(rules, Limits{tier: TierSegments, lazy: lazyNever})
	other := Compile([]Rule{{Pattern: "/*.pdf$", Rank: 7}}, Limits{tier: TierNFA, lazy: lazyAlways})
	r := rand.New(rand.NewPCG(9, 10))
	errs := make(chan string, 1)
	go atDepth(64, func() {
		defer close(errs)
		for i := range lazyAfter + 2*lazyPaid {
			var b strings.Builder
			b.WriteByte('/')
			for range 300 {
				b.WriteByte("ab"[r.IntN(2)])
			}
			in := b.String()
			if got, want := m.Match(String(in)), below.Match(String(in)); got != want {
				errs <- fmt.Sprintf("input %d: lazy DFA %d, tier below %d", i, got, want)
				return
			}
		}
		a := owned(&m.engines)
		if a == nil {
			errs <- "the Machine took no arena over"
			return
		}
		if a.pays() {
			errs <- fmt.Sprintf("a tenure of distinct inputs paid: %d octets, %d transitions built", a.steps, a.built)
		}
		other.Match(String("/x.pdf")) // takes the arena over
		if got, want := lazyAfter+m.lazyMeta().wait.Load(), lazyAfter+backoff(0); got != want {
			errs <- fmt.Sprintf("wait after a tenure that did not pay: %d, want %d", got, want)
		}
	})
	for e := range errs {
		t.Error(e)
	}
}
