package usage

import (
	"math"
	"strings"
	"testing"
	"unsafe"
)

// TestSetSources checks that a Set gives back the sources it was given,
// fields of every kind and lines to the limit it keeps, and that Sets
// compare by what their sources say.
func TestSetSources(t *testing.T) {
	for _, src := range []Source{
		{},
		{Line: 4, Field: "Content-Usage"},
		{Line: 1, Field: "Content-Signal"},
		{Field: "X-Robots-Tag"},
		{Line: 7, Field: `meta name="robots"`},
		{Line: math.MaxInt32, Field: "a field of its own"},
	} {
		s := Set{}.With(TrainAI, Disallowed, src)
		if got := s.From(TrainAI); got != src {
			t.Errorf("With(%+v).From = %+v", src, got)
		}
		if again := (Set{}).With(TrainAI, Disallowed, Source{Line: src.Line, Field: strings.Clone(src.Field)}); again != s {
			t.Errorf("two Sets of the source %+v differ", src)
		}
	}
	if s := (Set{}).With(TrainAI, Allowed, Source{Line: math.MaxInt32 + 1, Field: "x"}); s.From(TrainAI).Line != math.MaxInt32 {
		t.Errorf("a line past the limit reads %d", s.From(TrainAI).Line)
	}
	if n := unsafe.Sizeof(Set{}); n != 56 {
		t.Errorf("a Set is %d octets, want 56", n)
	}
}
