package automaton

import (
	"fmt"
	"testing"
	"unsafe"
)

// TestNodeSize holds the DFA node, as the walk reads it, to the 12 bytes
// its comment states.
func TestNodeSize(t *testing.T) {
	if n := unsafe.Sizeof(pnode{}); n != 12 {
		t.Errorf("a DFA node is %d bytes, want 12", n)
	}
}

// TestHubSplit checks that a hub's edges are split as hubEdges says: at most
// watchedPerSegment watched per segment, the rest queued.
func TestHubSplit(t *testing.T) {
	// Three hubs, each with three edges (an end, a tail, a star) on each
	// of hubEdges segments: nine edges per segment.
	var pats []litPattern
	for _, lead := range []string{"/", "/a", "/b"} {
		for k := 0; k < hubEdges; k++ {
			seg := lead + "*" + string(rune('c'+k))
			pats = append(pats, litPattern{lit: seg, rule: int32(len(pats))},
				litPattern{lit: seg, anchored: true, rule: int32(len(pats) + 1)},
				litPattern{lit: seg + "*z", rule: int32(len(pats) + 2)})
		}
	}
	text, lp := layOut(pats)
	s := buildSegments(text, lp, new(spares))
	if len(s.watched) == 0 {
		t.Fatal("no edge watched")
	}
	for seg := range s.seglen {
		if n := s.watchAt[seg+1] - s.watchAt[seg]; n > watchedPerSegment {
			t.Errorf("segment %d: %d edges watched, at most %d", seg, n, watchedPerSegment)
		}
	}
	queued := 0
	for v := int32(0); v < s.nodes; v++ {
		queued += int(s.pushEnd[v] - s.edgeAt[v])
	}
	if queued+len(s.watched) != len(s.edges) {
		t.Errorf("%d queued and %d watched of %d edges", queued, len(s.watched), len(s.edges))
	}
	t.Logf("%d edges: %d watched, %d queued", len(s.edges), len(s.watched), queued)
	checkQueues(t, s)
	// A hub with an edge on each of many segments watches them all: they
	// need no queue.
	pats = pats[:0]
	for i := range 4 * hubEdges {
		pats = append(pats, litPattern{lit: fmt.Sprintf("/*a%d*b%d", i, i), rule: int32(i)})
	}
	text, lp = layOut(pats)
	s = buildSegments(text, lp, new(spares))
	checkQueues(t, s)
	if s.queues != 4*hubEdges {
		t.Errorf("%d queues, want one per b_i (%d)", s.queues, 4*hubEdges)
	}
}

// checkQueues checks that each segment an edge is queued on has a queue of
// its own, and that no other segment has one.
func checkQueues(t *testing.T, s *segments) {
	t.Helper()
	has := make([]bool, len(s.seglen))
	for v := int32(0); v < s.nodes; v++ {
		for _, e := range s.edges[s.edgeAt[v]:s.pushEnd[v]] {
			has[e.seg] = true
		}
	}
	places := make(map[int32]bool)
	for seg, k := range s.queueAt {
		if (k >= 0) != has[seg] || k >= s.queues || places[k] {
			t.Errorf("segment %d (queued edges: %v): queue %d of %d", seg, has[seg], k, s.queues)
		}
		if k >= 0 {
			places[k] = true
		}
	}
	if len(places) != int(s.queues) {
		t.Errorf("%d queues placed, %d counted", len(places), s.queues)
	}
}

// TestEdgeSize holds a segment edge to the 16 bytes the package comment
// states.
func TestEdgeSize(t *testing.T) {
	if n := unsafe.Sizeof(sedge{}); n != 16 {
		t.Errorf("a segment edge is %d bytes, want 16", n)
	}
}

// TestMachineSize holds the structs a Machine of one class allocates to
// the sizes their comments state: a crawler keeps a Machine per host.
func TestMachineSize(t *testing.T) {
	for _, c := range []struct {
		what      string
		size, max uintptr
	}{
		{"Machine", unsafe.Sizeof(Machine{}), 80},
		{"nfa", unsafe.Sizeof(nfa{}), 256},
		{"lazyMeta", unsafe.Sizeof(lazyMeta{}), 16},
		{"segments", unsafe.Sizeof(segments{}), 800}, // its scan plan's patterns included, and the paths' three tables
		{"packedDFA", unsafe.Sizeof(packedDFA{}), 112},
	} {
		if c.size > c.max {
			t.Errorf("%s is %d bytes, more than %d", c.what, c.size, c.max)
		}
	}
}

// TestLiteralWork checks that a Machine of literal patterns of one class,
// as most are, holds nothing behind Machine.more, and that Stats reports
// the work of its build as before: the nodes of its DFA.
func TestLiteralWork(t *testing.T) {
	m := Compile([]Rule{{Pattern: "/a", Rank: 2}, {Pattern: "/abc", Rank: 4}, {Pattern: "/b$", Rank: 3}}, Limits{})
	st := m.details()
	if m.more != nil || !m.litWork {
		t.Errorf("more %+v, litWork %v: want nothing behind more", m.more, m.litWork)
	}
	if st.Tier != TierDFA || st.Work == 0 || st.Work != st.States {
		t.Errorf("tier %v, work %d, states %d: want the DFA tier's work its states", st.Tier, st.Work, st.States)
	}
}
