package automaton

// This file builds the segment matcher's star-node trie (see segments.go)
// as a radix tree: a chain of star nodes that each have one edge, and no
// edge into them but the chain's, is one edge whose path holds their
// segments. A file of wildcard patterns that share little ("/*c*a*e*b...$"
// over a few letters, every line distinct) has a star node per star, and
// once its patterns part their ways, every node but the last of a pattern
// has one edge: stored so, it costs four octets a star, not a node and an
// edge, and its build looks up a pattern's segments in the trie only until
// they part from every pattern before, not at every star.
//
// A walk takes a path's segments one after the other, each occurrence
// after the one before (greedy, as it takes edges from node to node): an
// edge's position in its path, and when it got there, are scratch of the
// walk. The lazily built DFA reads one segment an edge, so a trie whose
// star nodes, chains spelt out, are few enough for it (lazyMaxNodes) is
// spelt out.

// spellOut is the most star nodes of a trie that finish spells out: the
// lazily built DFA's bound (lazyMaxNodes). Tests lower it, to walk paths
// on small tries.
var spellOut = lazyMaxNodes

// A radix builds the trie.
type radix struct {
	nodes  int32
	edges  []redge
	segs   []int32    // the edges' paths, segment ids, at their offsets
	seen   indexTable // the chains (see chain), by their star node and first segment
	chains int        // in seen, which doubles past two thirds full
	sp     *spares
}

// An redge is an edge of the trie being built: from star node from, over
// the segments segs[off:off+n], to star node to, or (to < 0) ending the
// pattern of rule, as sedge's to says.
type redge struct {
	from, to, rule int32
	off, n         int32
}

// chain reports whether e is found by its first segment: an edge to a star
// node, or one whose path holds star nodes (more than one segment). An
// edge of one segment that ends a pattern is not: several may leave one
// node on one segment, for patterns that end alike.
func (e *redge) chain() bool { return e.to >= 0 || e.n > 1 }

// newRadix returns a trie of the start node alone, for pats patterns
// whose segments after their leading ones are segs, end to end, in a
// buffer from sp that finish gives back: the edges' paths are ranges of
// it (a pattern's path is a range of its own segments, and a split cuts a
// range in two), so no path is copied. Its other transient buffers come
// from sp. A pattern adds at most two edges (one where it parts, one the
// split of an edge it parts from) and one node. The table of chains
// starts with room for one every second pattern and doubles as it fills:
// most edges are not chains (a file of short wildcard patterns over a few
// letters has about one for every second pattern), and a table sized for
// the most, two a pattern, was eight times as large as they fill and read
// at random.
func newRadix(pats int, segs []int32, sp *spares) *radix {
	return &radix{nodes: 1, edges: make([]redge, 0, 2*pats), segs: segs, seen: newIndexTable(pats/2, sp), sp: sp}
}

// chainKey is the key of a chain in seen: its star node and first segment.
func chainKey(from, seg int32) uint64 { return uint64(from)<<32 | uint64(uint32(seg)) }

// register stores chain j at slot, as find returned it, and doubles the
// table once it is two thirds full.
func (r *radix) register(slot int, j int32) {
	r.seen.add(slot, j)
	if r.chains++; 3*r.chains > 2*len(r.seen.slots) {
		r.seen.grow(r.sp, func(j int32) uint64 {
			e := &r.edges[j]
			return chainKey(e.from, r.segs[e.off])
		})
	}
}

// newNode adds a star node and returns it.
func (r *radix) newNode() int32 {
	r.nodes++
	return r.nodes - 1
}

// find returns the chain from star node at whose first segment is seg, or
// -1, and the slot where it would be added. It is indexTable.lookup with
// the comparison written in: the build calls it at every star node a
// pattern passes, and a call of a comparison per probe cost a fifth of
// it.
func (r *radix) find(at, seg int32) (int32, int) {
	t := &r.seen
	mask := len(t.slots) - 1
	for i := int(mix(chainKey(at, seg)) >> t.shift); ; i = (i + 1) & mask {
		v := t.slots[i]
		if v == 0 {
			return -1, i
		}
		if e := &r.edges[v-1]; e.from == at && r.segs[e.off] == seg {
			return v - 1, i
		}
	}
}

// add appends edge e, whose path is segs[off:off+n], and returns its
// index.
func (r *radix) add(e redge, off, n int32) int32 {
	e.off, e.n = off, n
	r.edges = append(r.edges, e)
	return int32(len(r.edges) - 1)
}

// insert adds a pattern from star node at: its segments after its leading
// one are segs[off:off+n], and the last ends it as to says (endEdge,
// tailEdge), for rule.
func (r *radix) insert(at, off, n, to, rule int32) {
	for {
		q := r.segs[off : off+n]
		if len(q) == 1 {
			r.add(redge{from: at, to: to, rule: rule}, off, n)
			return
		}
		j, slot := r.find(at, q[0])
		if j < 0 {
			r.register(slot, r.add(redge{from: at, to: to, rule: rule}, off, n))
			return
		}
		e := r.edges[j]
		path := r.segs[e.off : e.off+e.n]
		k := 1
		for k < len(path) && k < len(q) && path[k] == q[k] {
			k++
		}
		if k == len(path) && e.to >= 0 && k < len(q) {
			at, off, n = e.to, off+int32(k), n-int32(k)
			continue
		}
		// Part from e where the star nodes its path holds allow: before
		// the first segment the pattern does not share, or before the
		// last segment of either, which ends a pattern from the node
		// before it.
		at2 := min(k, len(q)-1)
		if e.to < 0 {
			at2 = min(at2, len(path)-1)
		}
		at, off, n = r.split(j, at2), off+int32(at2), n-int32(at2)
	}
}

// split cuts edge j after the first k segments of its path, at a new star
// node, which it returns.
func (r *radix) split(j int32, k int) int32 {
	u := r.newNode()
	e := r.edges[j]
	f := redge{from: u, to: e.to, rule: e.rule, off: e.off + int32(k), n: e.n - int32(k)}
	r.edges[j] = redge{from: e.from, to: u, rule: -1, off: e.off, n: int32(k)}
	r.edges = append(r.edges, f)
	if f.chain() {
		_, slot := r.find(u, r.segs[f.off])
		r.register(slot, int32(len(r.edges)-1))
	}
	return u
}

// finish sets s's star nodes (s.nodes, s.edgeAt) and paths (s.pathAt,
// s.pathN, s.path) and returns its edges, grouped by star node, each holding the
// first segment of its path, and the new number of each star node of r,
// in a buffer from sp that the caller gives back. The star nodes are
// numbered so that an edge leads to a node after its own (breadth first
// from the nodes no edge leads to: the start node and those of leading
// segments). When the trie spelt out has at most lazyMaxNodes star nodes,
// it is spelt out: every edge holds one segment.
//
// The paths are ranges of r.segs. When they hold at least half of it, as
// on a file of patterns of many stars that part early, s keeps r.segs
// itself as s.path, each edge's range by its start and count; otherwise
// they are copied out end to end, each found by its start alone, and
// r.segs goes back to sp. Copied, the paths of such a file were another
// table as large as r.segs, allocated while it was live.
func (r *radix) finish(s *segments, sp *spares) ([]sedge, []int32) {
	sp.put(r.seen.slots)
	redges := r.edges
	elided := 0
	for _, e := range redges {
		elided += int(e.n) - 1
	}
	if elided > 0 && int(r.nodes)+elided <= spellOut {
		spelt := make([]redge, 0, len(redges)+elided)
		for _, e := range redges {
			v := e.from
			for i := int32(0); i+1 < e.n; i++ {
				u := r.newNode()
				spelt = append(spelt, redge{from: v, to: u, rule: -1, off: e.off + i, n: 1})
				v = u
			}
			spelt = append(spelt, redge{from: v, to: e.to, rule: e.rule, off: e.off + e.n - 1, n: 1})
		}
		redges, elided = spelt, 0
	}
	n := int(r.nodes)
	// The edges grouped by their star node, in a counting sort: at[v+1]
	// counts v's edges, then at[v] is where they start.
	at, in, order := sp.get(n+1), sp.get(n), sp.get(len(redges))
	defer sp.put(at, order)
	for _, e := range redges {
		at[e.from+1]++
		if e.to >= 0 {
			in[e.to] = 1
		}
	}
	for v := range n {
		at[v+1] += at[v]
	}
	fill := sp.get(n)
	copy(fill, at[:n])
	for i, e := range redges {
		order[fill[e.from]] = int32(i)
		fill[e.from]++
	}
	// Breadth first from the nodes no edge leads to: renum[v] is v's new
	// number; queue (fill) lists the nodes by their new number.
	renum, queue := in, fill[:0]
	for v := range n {
		if in[v] == 0 {
			queue = append(queue, int32(v))
		}
	}
	for i := 0; i < len(queue); i++ {
		v := queue[i]
		for _, j := range order[at[v]:at[v+1]] {
			if to := redges[j].to; to >= 0 {
				queue = append(queue, to)
			}
		}
	}
	// renum shares in's buffer: in is read no more.
	for i, v := range queue {
		renum[v] = int32(i)
	}
	s.nodes = int32(n)
	s.edgeAt = make([]int32, n+1)
	edges := make([]sedge, 0, len(redges))
	// The paths are appended to in locals: appended to in s, a slice of
	// the heap, each append would store its pointer again, a write
	// barrier each while the collector marks.
	var path, pathAt, pathN []int32
	shared := 2*elided >= len(r.segs)
	switch {
	case elided == 0:
	case shared:
		pathAt, pathN = make([]int32, 0, len(redges)), make([]int32, 0, len(redges))
	default:
		pathAt, path = make([]int32, 0, len(redges)+1), make([]int32, 0, elided)
	}
	for i, v := range queue {
		for _, j := range order[at[v]:at[v+1]] {
			e := redges[j]
			to := e.to
			if to >= 0 {
				to = renum[to]
			}
			edges = append(edges, sedge{from: int32(i), seg: r.segs[e.off], to: to, rule: e.rule})
			switch {
			case pathN != nil:
				pathAt, pathN = append(pathAt, e.off+1), append(pathN, e.n-1)
			case pathAt != nil:
				pathAt = append(pathAt, int32(len(path)))
				path = append(path, r.segs[e.off+1:e.off+e.n]...)
			}
		}
		s.edgeAt[i+1] = int32(len(edges))
	}
	if pathN != nil {
		s.path, s.pathAt, s.pathN = r.segs, pathAt, pathN
		sp.put(queue)
	} else {
		if pathAt != nil {
			pathAt = append(pathAt, int32(len(path)))
		}
		s.path, s.pathAt = path, pathAt
		sp.put(queue, r.segs)
	}
	return edges, renum
}
