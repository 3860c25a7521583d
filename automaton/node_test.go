package automaton

import (
	"testing"
	"unsafe"
)

// TestNodeSize holds the DFA node to the 24 bytes its comment states.
func TestNodeSize(t *testing.T) {
	if n := unsafe.Sizeof(node{}); n != 24 {
		t.Errorf("a DFA node is %d bytes, want 24", n)
	}
}
