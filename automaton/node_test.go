package automaton

import (
	"testing"
	"unsafe"
)

// TestNodeSize holds the DFA node to the 16 bytes its comment states.
func TestNodeSize(t *testing.T) {
	if n := unsafe.Sizeof(node{}); n != 16 {
		t.Errorf("a DFA node is %d bytes, want 16", n)
	}
}

// TestHubSplit checks that a hub's edges are split as hubEdges says: at most
// watchedPerSegment watched per segment, the rest queued.
func TestHubSplit(t *testing.T) {
	// Three hubs, each with three edges (an end, a tail, a star) on each
	// of hubEdges segments: nine edges per segment.
	var pats []pattern
	for _, lead := range []string{"/", "/a", "/b"} {
		for k := 0; k < hubEdges; k++ {
			seg := lead + "*" + string(rune('c'+k))
			pats = append(pats, pattern{lit: seg, rule: int32(len(pats))},
				pattern{lit: seg, anchored: true, rule: int32(len(pats) + 1)},
				pattern{lit: seg + "*z", rule: int32(len(pats) + 2)})
		}
	}
	s := buildSegments(pats, new(spares))
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
}
