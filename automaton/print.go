package automaton

// Dumps: a Machine prints the engines it built, one printer per tier, in
// the manner of regexp/syntax's Prog.String, so that tests can compare
// what a build made with what it should have made, in a few lines written
// inline. The printers read the tables as the walks do; they are for
// small Machines (tests, a tool showing a file's engines), and take time
// and memory linear in the tables.
//
// Rules are named by the caller's index (r0 is rules[0]), whatever the
// place in the ranking the engines know them by. A DFA's nodes are n0,
// n1, ...; the NFA's positions p0, p1, ...; the segment matcher's star
// nodes v0, v1, ... (v0 is the start).

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// String prints the engines the Machine built for each class that has
// rules: the class and its tier, then each engine's tables, one line a
// node, position or edge. The DFA built lazily as inputs need it is not
// printed: it depends on the inputs. It is meant for tests and tools that
// show what a small set of patterns compiles to; its format may change.
func (m *Machine) String() string {
	var b strings.Builder
	for c := range MaxClasses {
		e := m.classEngines(c)
		if e == nil || e.tier == 0 {
			continue
		}
		fmt.Fprintf(&b, "class %d: %v\n", c, Tier(e.tier))
		e.dump(&b)
	}
	return b.String()
}

// dump prints e's engines.
func (e *engines) dump(b *strings.Builder) {
	if e.lit != nil {
		name := "literal dfa"
		if Tier(e.tier) == TierDFA {
			name = "dfa"
		}
		fmt.Fprintf(b, "%s:\n", name)
		e.lit.dump(b, e)
	}
	if e.wild != nil {
		b.WriteString("wildcard dfa:\n")
		e.wild.dump(b, e)
	}
	if e.nfa != nil {
		b.WriteString("nfa:\n")
		e.nfa.dump(b, e)
	}
	if e.seg != nil {
		b.WriteString("segments:\n")
		e.seg.dump(b, e)
	}
}

// rule names the rule at place p of e's ranking, "-" for none.
func (e *engines) rule(p int32) string {
	if p < 0 {
		return "-"
	}
	return "r" + strconv.Itoa(int(e.origOf(p)))
}

// dump prints d, a node a line: its kind and octets, where its edges lead,
// and the rules it matches (out: on entry; end: if the input ends there;
// top: the best that can still match from it).
func (d *packedDFA) dump(b *strings.Builder, e *engines) {
	fmt.Fprintf(b, "  start %s\n", d.target(d.first, e))
	for s := range int32(len(d.nodes)) {
		nd := &d.nodes[s]
		fmt.Fprintf(b, "  n%d ", s)
		o, next := nd.off(), nd.next
		switch nd.kind() {
		case done:
			b.WriteString("done")
		case run:
			n := uint32(d.labels[o])
			fmt.Fprintf(b, "run %q -> %s", d.labels[o+1:o+1+n], d.target(next, e))
		case branch:
			n := uint32(d.labels[o])
			b.WriteString("branch")
			for i, x := range d.labels[o+1 : o+1+n] {
				fmt.Fprintf(b, " %s->%s", quoteOctet(x), d.target(d.targets[int(next)+i], e))
			}
		case wide:
			b.WriteString("wide")
			i := 0
			for w, word := range d.bitmaps[o : o+4] {
				for word != 0 {
					x := byte(64*w + bits.TrailingZeros64(word))
					word &= word - 1
					fmt.Fprintf(b, " %s->%s", quoteOctet(x), d.target(d.targets[int(next)+i], e))
					i++
				}
			}
		}
		if def := d.def(s); def != 0 {
			if def == s {
				b.WriteString(" loop")
			} else {
				fmt.Fprintf(b, " else n%d", def)
			}
		}
		out, top := d.outTop(s, nd)
		if out >= 0 {
			fmt.Fprintf(b, " out=%s", e.rule(out))
		}
		if a := d.endAccept(s); a >= 0 {
			fmt.Fprintf(b, " end=%s", e.rule(a))
		}
		fmt.Fprintf(b, " top=%s\n", e.rule(top))
	}
}

// target names a target of d: a node, a leaf (a rule, then nothing), or
// a run target (its octets, then its next target).
func (d *packedDFA) target(t int32, e *engines) string {
	switch {
	case t >= 0:
		return "n" + strconv.Itoa(int(t))
	case t == -1:
		return "dead" // a leaf of no rule
	case t > runBase:
		return "match " + e.rule(-2-t)
	}
	o, _ := runOff(t)
	n := uint32(d.labels[o])
	return fmt.Sprintf("%q->%s", d.labels[o+1:o+1+n], d.target(d.runNext(o, n), e))
}

// dump prints a, a position a line: the octets that advance into it, and
// whether it starts a pattern (initial), loops on any octet ('*'), or ends
// a pattern (end, or end$ when the input must end there) of a rule.
func (a *nfa) dump(b *strings.Builder, e *engines) {
	adv, star, final, anchor, initial := a.adv(), a.star(), a.final(), a.anchor(), a.initial()
	has := func(set []uint64, p int32) bool { return set[p/64]>>(p%64)&1 != 0 }
	for p := range a.positions {
		fmt.Fprintf(b, "  p%d", p)
		var octets []byte
		for x := range 256 {
			c := a.classOf(byte(x))
			if has(adv[int32(c)*a.words:], p) {
				octets = append(octets, byte(x))
			}
		}
		if len(octets) > 0 {
			fmt.Fprintf(b, " %s", octetSet(octets))
		}
		if has(initial, p) {
			b.WriteString(" initial")
		}
		if has(star, p) {
			b.WriteString(" star")
		}
		if has(final, p) {
			fmt.Fprintf(b, " end=%s", e.rule(a.ownerAt(int(p))))
		}
		if has(anchor, p) {
			fmt.Fprintf(b, " end$=%s", e.rule(a.ownerAt(int(p))))
		}
		b.WriteByte('\n')
	}
}

// dump prints s: the leading segments and the star node each reaches,
// then each star node's edges, a segment (or a path of them) each, to the
// next star node or to the end of a rule's pattern (end, or end$ when it
// must end the input); or the scan plan's patterns, in the order it tries
// them.
func (s *segments) dump(b *strings.Builder, e *engines) {
	if s.scan != nil {
		for _, r := range s.scan.Rules() {
			fmt.Fprintf(b, "  scan %q end=%s\n", r.Pattern, e.rule(int32(-r.Rank)))
		}
		return
	}
	for str, v := range s.lead.strings() {
		fmt.Fprintf(b, "  lead %q -> v%d\n", str, v)
	}
	float := map[int32]string{}
	for str, id := range s.float.strings() {
		if int(id) < len(s.seglen) && int(s.seglen[id]) == len(str) {
			float[id] = str
		}
	}
	for v := range s.nodes {
		for k := s.edgeAt[v]; k < s.edgeAt[v+1]; k++ {
			ed := &s.edges[k]
			path := []string{float[ed.seg]}
			if s.pathAt != nil {
				at, n := s.span(k)
				for _, id := range s.path[at : at+n] {
					path = append(path, float[id])
				}
			}
			fmt.Fprintf(b, "  v%d %q", v, strings.Join(path, "*"))
			switch ed.to {
			case endEdge:
				fmt.Fprintf(b, " end=%s\n", e.rule(ed.rule))
			case tailEdge:
				fmt.Fprintf(b, " end$=%s\n", e.rule(ed.rule))
			default:
				fmt.Fprintf(b, " -> v%d\n", ed.to)
			}
		}
	}
}

// strings yields the string of each node of t that has a term, with the
// term, in breadth-first order.
func (t *strie) strings() func(yield func(string, int32) bool) {
	return func(yield func(string, int32) bool) {
		n := int32(len(t.off) - 1)
		if n <= 0 {
			return
		}
		str := make([]string, n)
		for u := range n {
			if term := t.termOf(u); term >= 0 && u > 0 {
				if !yield(str[u], term) {
					return
				}
			}
			for i := t.off[u]; i < t.off[u+1]; i++ {
				if c := int32(i) + 1; c < n {
					str[c] = str[u] + string(t.labels[i])
				}
			}
		}
	}
}

// termOf returns node u's term, or -1, dense or sparse.
func (t *strie) termOf(u int32) int32 {
	if t.term != nil {
		return t.term[u]
	}
	if t.terms.has == nil {
		return -1
	}
	return t.terms.term(u)
}

// quoteOctet writes octet x as Go quotes a byte: 'a', '\x00'.
func quoteOctet(x byte) string {
	if x < 0x80 {
		return strconv.QuoteRune(rune(x))
	}
	return fmt.Sprintf(`'\x%02x'`, x)
}

// octetSet writes a sorted set of octets: one octet quoted, "any" for all
// 256, or the octets between brackets, runs as ranges.
func octetSet(xs []byte) string {
	if len(xs) == 1 {
		return quoteOctet(xs[0])
	}
	if len(xs) == 256 {
		return "any"
	}
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		writeOctet(&b, xs[i])
		if j > i {
			b.WriteByte('-')
			writeOctet(&b, xs[j])
		}
		i = j + 1
	}
	b.WriteByte(']')
	return b.String()
}

// writeOctet writes x as itself when it is printable ASCII and not one of
// the set's own marks, else as \xNN.
func writeOctet(b *strings.Builder, x byte) {
	if '!' <= x && x <= '~' && x != '[' && x != ']' && x != '-' && x != '\\' {
		b.WriteByte(x)
		return
	}
	fmt.Fprintf(b, `\x%02x`, x)
}
