package automaton

import (
	"hash/maphash"
	"math"
	"math/bits"
	"strings"
	"unsafe"
)

// This file builds the segment matcher's two tries (see strie) from their
// strings: a table gives each distinct string an id, in the order strings
// first come, and the trie is then laid out breadth first from the
// strings sorted, level by level, each node a range of the sorted strings
// that share its prefix. No trie is grown node by node first: the build
// holds the strings, their table and the flat trie, about 13 octets a node
// where a trie of linked child lists held as much again, and it reads the
// strings in order where the lists sent it all over memory (a file of
// half a megabyte of long random segments has as many nodes).

// A strIndex gives distinct strings ids, in the order they first come,
// by an open-addressing table that grows as they come. A slot holds the
// string's id and the high half of its hash, so that a probe compares
// strings only when their hashes agree, and the table doubles by moving
// slots, without reading a string again. A string of at most seven
// octets, as most segments are, is also known by its octets and length
// packed in one word, kept beside it, so that finding it again compares
// two words, not two strings. The strings are ranges of one text, and
// kept as their offsets in parts of strChunk, which grow without a copy:
// a file of a hundred thousand distinct segments would otherwise allocate
// their entries several times over. An entry holds no pointer, so that
// the collector neither scans the parts nor pays a write barrier for each
// string added. The first part holds no more entries than the index is
// told it will (most): a small file's segments are a few dozen, and two
// whole parts cost 64 KiB that a build then touched, in a fresh process
// a page fault each 4 KiB.
type strIndex struct {
	text  string       // the strings are ranges of it
	seed  maphash.Seed // the hash's key, drawn at random so that no file can aim at a slot
	key   uint64       // the short strings' share of it
	slots []uint64     // the hash's high 32 bits, then id+1; 0 for an empty slot
	parts [][]strEntry // string id is parts[id/strChunk][id%strChunk]
	n     int32
	most  int32      // the most strings it will hold (newStrIndex)
	shift uint       // 64 minus log₂ len(slots)
	one   [256]int32 // the strings of one octet, by it: id+1, 0 for none; they have no slot
}

// A strEntry is a string of a strIndex, text[at:at+n], and its word if it
// is short (see shortKey), read together when a probe compares.
type strEntry struct {
	at, n uint32
	key   uint64
}

const strChunk = 1 << 11

// str returns the string of id.
func (x *strIndex) str(id int32) string {
	e := &x.parts[id/strChunk][id%strChunk]
	return x.text[e.at : e.at+e.n]
}

// octet returns the octet at d of the string of id, or -1 where it ends.
func (x *strIndex) octet(id, d int32) int {
	if e := &x.parts[id/strChunk][id%strChunk]; uint32(d) < e.n {
		return int(x.text[e.at+uint32(d)])
	}
	return -1
}

// len returns the number of strings.
func (x *strIndex) len() int { return int(x.n) }

// newStrIndex returns an empty index of at most most strings of text.
func newStrIndex(text string, most int) strIndex {
	seed := maphash.MakeSeed()
	return strIndex{text: text, seed: seed, key: maphash.String(seed, ""), slots: make([]uint64, 16), shift: 64 - 4, most: int32(min(most, math.MaxInt32))}
}

// shortKey returns the word that stands for s when s has at most seven
// octets: its octets, its length above them and the top bit set, so that
// no two strings share one and none is 0; and 0 for a longer s.
func shortKey(s string) uint64 {
	if len(s) > 7 {
		return 0
	}
	w := uint64(1)<<63 | uint64(len(s))<<56
	for i := range len(s) {
		w |= uint64(s[i]) << (8 * i)
	}
	return w
}

// find returns the id of s, or -1, the slot where insert puts it and the
// hash of s: a caller that finds most strings again (a file's segments
// are mostly the same few) works out where a string is in the text only
// for a new one.
func (x *strIndex) find(s string) (int32, int, uint64) {
	if len(s) == 1 {
		// Segments of one octet are common in wildcard files ("/*a*b"):
		// found in one load, not hashed.
		return x.one[s[0]] - 1, 0, 0
	}
	k := shortKey(s)
	var h uint64
	if k != 0 {
		hi, lo := bits.Mul64(k^x.key, 0x9e3779b97f4a7c15)
		h = hi ^ lo
	} else {
		h = maphash.String(x.seed, s)
	}
	tag := h &^ (1<<32 - 1)
	mask := len(x.slots) - 1
	i := int(h >> x.shift)
	for ; x.slots[i] != 0; i = (i + 1) & mask {
		v := x.slots[i]
		if v&^(1<<32-1) != tag {
			continue
		}
		id := uint32(v) - 1
		if e := &x.parts[id/strChunk][id%strChunk]; e.key == k && (k != 0 || x.text[e.at:e.at+e.n] == s) {
			return int32(id), 0, 0
		}
	}
	return -1, i, h
}

// insert gives s, the octets of the text from at, which find did not
// find, the next id, in the slot find said; h is the hash find gave.
func (x *strIndex) insert(s string, at, slot int, h uint64) int32 {
	if len(s) == 1 {
		id := x.add(at, 1, shortKey(s))
		x.one[s[0]] = id + 1
		return id
	}
	id := x.add(at, len(s), shortKey(s))
	x.slots[slot] = h&^(1<<32-1) | uint64(id+1)
	if 3*int(x.n) > 2*len(x.slots) {
		x.grow()
	}
	return id
}

// add gives the n octets of the text from at, whose word is k, the next
// id. A part is made whole, and entries are stored into it, so that
// adding one stores no slice.
func (x *strIndex) add(at, n int, k uint64) int32 {
	id := x.n
	if id%strChunk == 0 {
		// A whole part, or the rest the index was told it holds: more
		// than that panics on the index, as a bound that was not one.
		x.parts = append(x.parts, make([]strEntry, min(strChunk, max(x.most-id, 1))))
	}
	x.parts[id/strChunk][id%strChunk] = strEntry{uint32(at), uint32(n), k}
	x.n++
	return id
}

// grow doubles the table, placing each slot by the hash it holds.
func (x *strIndex) grow() {
	old := x.slots
	x.slots = make([]uint64, 2*len(old))
	x.shift--
	mask := len(x.slots) - 1
	for _, v := range old {
		if v == 0 {
			continue
		}
		i := int(v >> x.shift)
		for x.slots[i] != 0 {
			i = (i + 1) & mask
		}
		x.slots[i] = v
	}
}

// sortIndex returns the ids of the strings of x (distinct, none empty) in
// the order of their strings, in a buffer from sp, and the nodes of their
// trie: the root, and per string its octets past what it shares with the
// one before it.
func sortIndex(x *strIndex, sp *spares) ([]int32, int) {
	order, tmp := sp.get(x.len()), sp.get(x.len())
	for i := range order {
		order[i] = int32(i)
	}
	sortStrings(order, x, tmp)
	sp.put(tmp)
	n := 1
	for k, i := range order {
		s, lcp := x.str(i), 0
		if k > 0 {
			p := x.str(order[k-1])
			for lcp < len(p) && lcp < len(s) && p[lcp] == s[lcp] {
				lcp++
			}
		}
		n += len(s) - lcp
	}
	return order, n
}

// sortedTrie returns the trie of the strings of x, of n nodes, ids in
// the order of their strings as sortIndex returns them, its nodes in
// breadth-first order as strie lays them out, the node where string i
// ends holding term(i). If ac, it adds the failure links and the root's
// table, and makes each node's term the longest string that ends there
// (see link), with the tables of the root's children if shallow. Its
// buffers come from sp.
func sortedTrie(x *strIndex, order []int32, n int, term func(i int) int32, ac, shallow bool, sp *spares) strie {
	t := strie{off: make([]uint32, n+1), term: make([]int32, n)}
	// The tables are filled through locals, by index: every node has one
	// label but the root, so labels ends with n-1 of them.
	off, terms, labels, nl := t.off, t.term, make([]byte, n-1), 0
	// A level's nodes are ranges of order, in node order: the strings
	// that share the node's prefix, of depth octets. cur and the next
	// level's (written at w) share one buffer of two int32 a node, from
	// sp. A level has at most a node per string: two levels, two int32 a
	// node.
	size := min(2*n, 4*len(order)+2)
	ranges := sp.get(size)
	ranges[0], ranges[1] = 0, int32(len(order))
	// Each string's offset in the text and its length, by its place in
	// order, so that the levels read them in order rather than through
	// the index's parts.
	span := sp.get(2 * len(order))
	for k, i := range order {
		e := &x.parts[i/strChunk][i%strChunk]
		span[2*k], span[2*k+1] = int32(e.at), int32(e.n)
	}
	text := x.text
	// octet returns the octet at depth of the string at place k, or -1
	// where it ends.
	octet := func(k int32, depth int) int {
		if depth < int(span[2*k+1]) {
			return int(text[int(span[2*k])+depth])
		}
		return -1
	}
	cur := ranges[:2]
	u := 0
	for depth := 0; len(cur) > 0; depth++ {
		w := len(cur)
		for k := 0; k+1 < len(cur); k += 2 {
			lo, hi := cur[k], cur[k+1]
			off[u] = uint32(nl)
			if hi-lo == 1 {
				// One string below: it ends here, or the node has one
				// child. Long distinct segments are mostly such nodes.
				if c := octet(lo, depth); c < 0 {
					terms[u] = term(int(order[lo]))
				} else {
					terms[u] = -1
					labels[nl] = byte(c)
					nl++
					ranges[w], ranges[w+1] = lo, hi
					w += 2
				}
				u++
				continue
			}
			terms[u] = -1
			// The string that ends here, if any, sorts first.
			if lo < hi && octet(lo, depth) < 0 {
				terms[u] = term(int(order[lo]))
				lo++
			}
			for lo < hi {
				c, j := octet(lo, depth), lo+1
				for j < hi && octet(j, depth) == c {
					j++
				}
				labels[nl] = byte(c)
				nl++
				ranges[w], ranges[w+1] = lo, j
				w += 2
				lo = j
			}
			u++
		}
		// The next level goes to the front of the buffer: the current one
		// is read no more.
		cur = ranges[:copy(ranges, ranges[len(cur):w])]
	}
	t.labels = labels[:nl]
	t.off[n] = uint32(len(t.labels))
	if t.off[1] > 255 {
		panic("automaton: a segment holds '*'") // the root's children would not fit root
	}
	t.setWide()
	sp.put(ranges, span)
	if ac {
		t.link(shallow, sp)
	}
	return t
}

// shallowRows returns how many tables link gives the root's children in
// the Aho-Corasick trie of the strings of x, in order as sortIndex
// returns them, of n nodes: one per distinct first octet, or none when
// the trie has fewer nodes than the tables entries, and they would not
// pay.
func shallowRows(x *strIndex, order []int32, n int) int {
	r, prev := 0, -1
	for _, i := range order {
		if s := x.str(i); s != "" && int(s[0]) != prev {
			r, prev = r+1, int(s[0])
		}
	}
	if 256*r > n {
		return 0
	}
	return r
}

// shallowRowBytes is the size of a root's child's table in link: 256
// node ids of 16 bits.
const shallowRowBytes = 512

// sortStrings sorts order, indices of distinct strings of x, by their
// strings, with tmp of its length for scratch: a radix sort, most
// significant octet first, of the ranges that share a prefix, each split
// by its next octet with a count (a comparison sort of a hundred thousand
// segments, their first octets alike, took a hundred milliseconds), and
// ranges of a few strings sorted by comparing. An octet every string of a
// range has alike, but for the one that ends there, is passed in one
// pass, the one that ends put first: the strings are distinct, so at most
// one of a range ends at its depth, and a range of nested strings ("a",
// "aa", "aaa" ...) is sorted without a count per level. Its work is the
// strings' octets, and a count of 257 buckets per range of more than a
// few that parts.
func sortStrings(order []int32, x *strIndex, tmp []int32) {
	const few = 16
	type job struct{ lo, hi, depth int32 }
	stack := []job{{0, int32(len(order)), 0}}
	var count [258]int32
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		lo, hi, d := j.lo, j.hi, j.depth
		if hi-lo <= few {
			r := order[lo:hi]
			for a := 1; a < len(r); a++ {
				for b := a; b > 0 && strings.Compare(x.str(r[b])[d:], x.str(r[b-1])[d:]) < 0; b-- {
					r[b], r[b-1] = r[b-1], r[b]
				}
			}
			continue
		}
		// Pass over the octets the strings of the range have alike, the
		// one that ends, if any, put first and left.
		alike := true
		for alike {
			c, ended := -1, int32(-1)
			for i := lo; i < hi; i++ {
				switch o := x.octet(order[i], d); {
				case o < 0:
					ended = i
				case c < 0:
					c = o
				case o != c:
					alike = false
				}
				if !alike {
					break
				}
			}
			if !alike {
				break
			}
			if ended >= 0 {
				order[lo], order[ended] = order[ended], order[lo]
				lo++
			}
			d++
			if hi-lo <= few {
				break
			}
		}
		if alike {
			// A few are left: sorted by comparing, from d.
			if hi-lo > 1 {
				stack = append(stack, job{lo, hi, d})
			}
			continue
		}
		clear(count[:])
		for _, s := range order[lo:hi] {
			count[2+x.octet(s, d)]++
		}
		for k := 1; k < len(count); k++ {
			count[k] += count[k-1]
		}
		// count[1+o] is where octet o starts, count[0] (0) where the
		// string that ends at d goes.
		for _, s := range order[lo:hi] {
			o := 1 + x.octet(s, d)
			tmp[lo+count[o]] = s
			count[o]++
		}
		copy(order[lo:hi], tmp[lo:hi])
		// count[o] now ends bucket o-1's strings: the buckets are
		// count[o-1]..count[o].
		start := int32(0)
		for o := 0; o < 257; o++ {
			end := count[o]
			if end-start > 1 {
				stack = append(stack, job{lo + start, lo + end, d + 1})
			}
			start = end
		}
	}
}

// link adds the failure links of t and the root's table, and makes each
// node's term the longest string that ends there, the first term on its
// fail chain: the walk then reads one table for the segments that end at
// a node, and goes on down the chain with segments.suffix. A node is then
// a segment's own when its term differs from its fail link's (see
// isSegment). If shallow, the root's children get tables that find the
// links faster (below), in a buffer from sp of the size shallowRows
// counts.
func (t *strie) link(shallow bool, sp *spares) {
	n := len(t.term)
	t.fail = make([]int32, n)
	t.root = new([256]uint8)
	for i := t.off[0]; i < t.off[1]; i++ {
		t.root[t.labels[i]] = uint8(i + 1)
	}
	// Most failure links lead to the root or a child of it: a suffix of a
	// segment is rarely a long prefix of another. So if shallow, each of
	// the root's children gets a table of its next node on every octet
	// (rows): its own child, else the root's, its failure link being the
	// root. A link that reaches one of them then ends in one load, not a
	// search of its labels and then of the root's. A child's child is a
	// node of depth 2, numbered below 1+255+255·255, so an entry is 16
	// bits, two to a word of a buffer from sp; shallowRows counts the
	// tables.
	var rows []uint16
	top := int32(0)
	if r := int(t.off[1] - t.off[0]); shallow && r > 0 {
		buf := sp.get(128 * r)
		defer sp.put(buf)
		rows, top = unsafe.Slice((*uint16)(unsafe.Pointer(&buf[0])), 256*r), int32(r)
		for c := range r {
			row := rows[256*c : 256*c+256 : 256*c+256]
			for x := range row {
				row[x] = uint16(t.root[x])
			}
			for i := t.off[c+1]; i < t.off[c+2]; i++ {
				row[t.labels[i]] = uint16(i + 1)
			}
		}
	}
	// Failure links in breadth-first order, which is the nodes' order: a
	// node's link is its parent's link followed on the node's octet,
	// shortened until that exists. The link is shallower, so its term is
	// final by then: a node without a segment of its own takes it.
	// The tables are read through locals: a store to fail or term
	// would otherwise reload them from t.
	off, labels, fail, term, root := t.off, t.labels, t.fail, t.term, t.root
	for u := int32(1); u < int32(n); u++ {
		up, lo, hi := fail[u], off[u], off[u+1]
		for i := lo; i < hi; i++ {
			x, v := labels[i], int32(i)+1
			f := up
			for {
				// t.next(f, x), with the root's table and the shallow
				// nodes' read here: a call fewer a node.
				if f == 0 {
					f = int32(root[x])
					break
				}
				if f <= top {
					f = int32(rows[256*(f-1)+int32(x)])
					break
				}
				if c := t.find(f, x); c >= 0 {
					f = c
					break
				}
				f = fail[f]
			}
			fail[v] = f
			if term[v] < 0 {
				term[v] = term[f]
			}
		}
	}
}
