package automaton

import (
	"strconv"
	"testing"
)

// TestOrigWidth checks that a Machine maps places back to the caller's
// indices in 16 bits up to maxOrig16 rules and in 32 past it, that its
// DFA keeps each node's places in the node up to maxPackedPlace and in
// dfa.big past it, and that
// both decide as the caller's indices say: rule i is "/<i>$" (anchored, so
// only its own path matches), ranked in reverse so places and indices
// differ.
func TestOrigWidth(t *testing.T) {
	for _, n := range []int{3, maxPackedPlace + 1, maxPackedPlace + 2, maxOrig16, maxOrig16 + 1} {
		rules := make([]Rule, n)
		for i := range rules {
			rules[i] = Rule{Pattern: "/" + strconv.Itoa(i) + "$", Rank: 2 * (n - i)}
		}
		m := Compile(rules, Limits{})
		if wide := m.wide; wide != (n > maxOrig16) {
			t.Errorf("%d rules: 32-bit indices %v, want %v", n, wide, n > maxOrig16)
		}
		if big := m.lit.rare != nil && m.lit.rare.big != nil; big != (n-1 > maxPackedPlace) {
			t.Errorf("%d rules: places apart %v, want %v", n, big, n-1 > maxPackedPlace)
		}
		for _, i := range []int{0, 1, n / 2, n - 2, n - 1} {
			if got := m.Match(String("/" + strconv.Itoa(i))); got != int32(i) {
				t.Errorf("%d rules: path of rule %d matched %d", n, i, got)
			}
		}
	}
}
