package automaton

import (
	"fmt"
	"strings"
	"testing"
)

// TestCheckSize checks the guard Compile runs before building: patterns up
// to MaxPatternOctets pass, one octet more panics, saying why. (Compile
// itself is not run on half a gibibyte of patterns.)
func TestCheckSize(t *testing.T) {
	checkSize(MaxPatternOctets)
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "MaxPatternOctets") {
			t.Errorf("checkSize(%d): recovered %v, want a MaxPatternOctets panic", MaxPatternOctets+1, r)
		}
	}()
	checkSize(MaxPatternOctets + 1)
}
