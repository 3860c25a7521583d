package automaton

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortByRank checks sortByRank, on its insertion path (a few indices),
// its counting path (indices in order, ranks of a narrow span), its
// integer path and its fallback, against a plain sort by rank, highest
// first, then index.
func TestSortByRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ranks := []func() int{
		func() int { return rng.IntN(20) },                          // ties
		func() int { return 2*rng.IntN(5000) + rng.IntN(2) },        // rule lengths, allow winning a tie
		func() int { return []int{0, 7, math.MaxInt}[rng.IntN(3)] }, // a rank above all
		func() int { return rng.IntN(10) - 5 },                      // negative: the fallback
		func() int { return rng.IntN(3) << 40 },                     // too wide: the fallback
		func() int { return 4 },                                     // all equal
		func() int { return 100 + rng.IntN(300) },                   // wider than the rules: keys
	}
	for k, rank := range ranks {
		for _, n := range []int{0, 1, 2, 3, 15, smallRankSort, smallRankSort + 1, 63, 64, 65, 500} {
			rules := make([]Rule, n)
			for i := range rules {
				rules[i].Rank = rank()
			}
			got := make([]int32, n)
			for i := range got {
				got[i] = int32(i)
			}
			want := slices.Clone(got)
			slices.SortStableFunc(want, func(a, b int32) int { return cmp.Compare(rules[b].Rank, rules[a].Rank) })
			for _, shuffle := range []bool{false, true} {
				if shuffle {
					rng.Shuffle(n, func(i, j int) { got[i], got[j] = got[j], got[i] })
				}
				sortByRank(rules, got, new(spares))
				if !slices.Equal(got, want) {
					t.Errorf("ranks %d, n=%d, shuffled %v: got %v, want %v", k, n, shuffle, got, want)
				}
			}
		}
	}
}
