package automaton

import (
	"testing"
)

// BenchmarkLazyBuild times the lazy DFA's walks that build every state
// (the arena reset before each) against those that find every state, and
// the tier below, on rules of the shapes real files have.
func BenchmarkLazyBuild(b *testing.B) {
	rules := []Rule{
		{Pattern: "/*.pdf$", Rank: 7}, {Pattern: "/*?sort=", Rank: 8}, {Pattern: "/search", Rank: 7},
		{Pattern: "/*/print/", Rank: 9}, {Pattern: "/cart/", Rank: 6}, {Pattern: "/*sessionid=", Rank: 12},
		{Pattern: "/account/*/orders", Rank: 17}, {Pattern: "/wp-admin/", Rank: 10}, {Pattern: "/*.json$", Rank: 8},
	}
	url := "http://h/products/category/shoes/running/item-123456.html?color=blue&size=42&ref=home"
	d := Compile(rules, Limits{tier: TierDFA})
	b.Run("dfa", func(b *testing.B) {
		for range b.N {
			d.Match(String(url))
		}
	})
	for _, tier := range []Tier{TierNFA, TierSegments} {
		m := Compile(rules, Limits{tier: tier, lazy: lazyAlways})
		b.Run(tier.String()+"/build", func(b *testing.B) {
			for range b.N {
				for i := range lazyArenas {
					lazyArenas[i].reset()
				}
				m.Match(String(url))
			}
		})
		b.Run(tier.String()+"/found", func(b *testing.B) {
			for range b.N {
				m.Match(String(url))
			}
		})
		n := Compile(rules, Limits{tier: tier, lazy: lazyNever})
		b.Run(tier.String()+"/below", func(b *testing.B) {
			for range b.N {
				n.Match(String(url))
			}
		})
	}
}
