package automaton

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSmallNFAThreshold checks the default choice that smallNFAPositions
// names: wildcard patterns of at most that many positions get TierNFA,
// walked in registers, with no DFA construction at all; one position more
// and Compile tries the DFA.
func TestSmallNFAThreshold(t *testing.T) {
	rules := func(positions int) []Rule {
		// "/*" and x's, and a literal rule: the wildcard pattern's
		// positions are its octets and one.
		p := "/*" + strings.Repeat("x", positions-3)
		return []Rule{{Pattern: p, Rank: 2 * len(p)}, {Pattern: "/lit", Rank: 8}}
	}
	for _, c := range []struct {
		positions int
		small     bool
	}{{4, true}, {64, true}, {65, true}, {smallNFAPositions, true}, {smallNFAPositions + 1, false}} {
		m := Compile(rules(c.positions), Limits{})
		st := m.details()
		regs := st.Tier == TierNFA && (m.nfa == nil || m.nfa.scratch == nil) && st.Work == 0
		if regs != c.small {
			t.Errorf("%d positions: tier %v, pool %v, work %d: register NFA %v, want %v",
				c.positions, st.Tier, m.nfa != nil && m.nfa.scratch != nil, st.Work, regs, c.small)
		}
		if st.NFA > 0 && st.NFA != c.positions {
			t.Errorf("%d positions: NFA positions %d", c.positions, st.NFA)
		}
	}
}

// TestRegisterWalk checks the walks in registers (one word, and up to
// regWords) against the walk on pooled bit sets, over random patterns and
// inputs of a small alphabet.
func TestRegisterWalk(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	// Inputs also hold octets that no pattern has ("cx"), which an idle
	// walk skips, and are long enough to span several Plain runs.
	word := func(n int, stars bool) string {
		var b strings.Builder
		alphabet := "ab/"
		if !stars {
			alphabet = "ab/cxxx"
		}
		for range n {
			if stars && r.IntN(4) == 0 {
				b.WriteByte('*')
			} else {
				b.WriteByte(alphabet[r.IntN(len(alphabet))])
			}
		}
		return b.String()
	}
	for i := range 300 {
		var pats []string
		for range 1 + r.IntN(1+i%40) {
			p := "/" + word(r.IntN(8), true)
			if r.IntN(3) == 0 {
				p += "$"
			}
			pats = append(pats, "/*"+p[1:])
		}
		a := buildNFA(prepareAll(pats))
		if a.words > regWords {
			continue
		}
		sc := a.newScratch()
		for range 20 {
			in := "/" + word(r.IntN(60), false)
			want := a.walk(sc, String(in))
			if got := a.walkRegs(String(in)); got != want {
				t.Fatalf("patterns %q (%d words), input %q: walkRegs %d, walk %d", pats, a.words, in, got, want)
			}
		}
	}
}

// TestNFAHighOctets checks the NFA's classes of octets from 0x80, which it
// looks up apart from the others: patterns that hold such octets match
// them, and only them, at one word and at several.
func TestNFAHighOctets(t *testing.T) {
	long := strings.Repeat("y", 70) // a second word of positions
	rules := []Rule{
		{Pattern: "/*\xe9$", Rank: 10},
		{Pattern: "/*\xff\x80x", Rank: 9},
		{Pattern: "/*a\x7f", Rank: 8},
	}
	for _, c := range []struct {
		in   string
		want int32
	}{
		{"/\xe9", 0}, {"/q\xe9", 0}, {"/\xe9q", -1}, {"/\xea", -1},
		{"/\xff\x80x", 1}, {"/\xff\x81x", -1}, {"/\x80\xffx", -1},
		{"/a\x7f", 2}, {"/a\xff", -1},
	} {
		for _, extra := range []string{"", long} {
			rs := rules
			if extra != "" {
				rs = append(rs[:len(rs):len(rs)], Rule{Pattern: "/*" + extra, Rank: 1})
			}
			m := Compile(rs, Limits{tier: TierNFA})
			if st := m.Stats(); st.Tier != TierNFA {
				t.Fatalf("tier %v, want nfa", st.Tier)
			}
			if got := m.Match(String(c.in)); got != c.want {
				t.Errorf("%q (%d rules): rule %d, want %d", c.in, len(rs), got, c.want)
			}
		}
	}
}
