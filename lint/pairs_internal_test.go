package lint

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/robotsexclusion/robots"
)

// TestEachRulePair checks the pairs found rule by rule (small groups) and
// by a table of patterns (large ones, two in a file) against the definition, a map of each kind and
// pattern to its first rule, on groups of random rules over few patterns.
func TestEachRulePair(t *testing.T) {
	type pair struct {
		line, earlier int
		same          bool
	}
	want := func(rules []robots.Rule) []pair {
		type key struct {
			allow   bool
			pattern string
		}
		var out []pair
		seen := map[key]robots.Rule{}
		for _, r := range rules {
			if r.Pattern == "" {
				continue
			}
			if prev, ok := seen[key{r.Allow, r.Canonical}]; ok {
				out = append(out, pair{r.Line, prev.Line, true})
				continue
			}
			seen[key{r.Allow, r.Canonical}] = r
			if other, ok := seen[key{!r.Allow, r.Canonical}]; ok {
				out = append(out, pair{r.Line, other.Line, false})
			}
		}
		return out
	}
	rng := rand.New(rand.NewPCG(1, 29))
	for _, n := range []int{2, 5, pairScan, pairScan + 1, 100, 400} {
		for try := 0; try < 20; try++ {
			var b strings.Builder
			// Two groups, the second of about as many rules: the
			// table of the first is emptied for it.
			for i := 0; i < 2*n; i++ {
				if i%n == 0 {
					fmt.Fprintf(&b, "User-agent: a%d\n", i)
				}
				verb := "Allow"
				if rng.IntN(2) == 0 {
					verb = "Disallow"
				}
				pattern := fmt.Sprintf("/p%d", rng.IntN(n/2+1))
				if rng.IntN(10) == 0 {
					pattern = ""
				}
				fmt.Fprintf(&b, "%s: %s\n", verb, pattern)
			}
			r, src := robots.ParseSource([]byte(b.String()))
			p := &pass{Robots: r, Dialect: r.Dialect(), Source: src, run: &run{}}
			var got []pair
			eachRulePair(p, func(r, earlier robots.Rule, same bool) { got = append(got, pair{r.Line, earlier.Line, same}) })
			byLine := func(a, b pair) int { return a.line - b.line }
			slices.SortFunc(got, byLine)
			groups := r.Groups()
			w := append(want(groups[0].Rules), want(groups[1].Rules)...)
			slices.SortFunc(w, byLine)
			if diff := cmp.Diff(w, got, cmp.AllowUnexported(pair{})); diff != "" {
				t.Fatalf("%d rules: pairs (-want +got):\n%s\n%s", n, diff, b.String())
			}
		}
	}
}

// TestPatternTablePool holds the pool of pattern tables to maxPooledSlots:
// a table for a group of that many rules or fewer comes back empty for
// the next file, and a larger one is not kept.
func TestPatternTablePool(t *testing.T) {
	small := newPatternTable(maxPooledSlots / 2)
	small.find("/a")[0] = 1
	small.release()
	again := newPatternTable(3)
	if len(again.entries) != 0 || slices.ContainsFunc(again.slots, func(s int32) bool { return s != 0 }) {
		t.Errorf("a table from the pool holds %d entries and %d slots taken, want none", len(again.entries), len(again.slots))
	}
	again.release()
	large := newPatternTable(maxPooledSlots)
	if len(large.slots) <= maxPooledSlots {
		t.Fatalf("a table for %d rules has %d slots, want more than %d", maxPooledSlots, len(large.slots), maxPooledSlots)
	}
	large.release()
	for range 4 {
		if got := patternTables.Get().(*patternTable); cap(got.slots) > maxPooledSlots {
			t.Errorf("the pool gave a table of %d slots, more than %d", cap(got.slots), maxPooledSlots)
		}
	}
	var none *patternTable
	none.release()
}
