package automaton_test

import (
	"fmt"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
)

// families are rule sets that stress construction, each about 500 KiB of
// patterns: the 2^k family, many-star anchored patterns, and literals.
var families = map[string]func(i int) string{
	"family":  func(i int) string { return fmt.Sprintf("/*a%d*b%d", i, i) },
	"stars":   func(i int) string { return fmt.Sprintf("/*%d*%d*%d*$", i%7, i%11, i) },
	"literal": func(i int) string { return fmt.Sprintf("/dir%d/sub%d/page%d.html", i%100, i%37, i) },
}

func familyRules(name string, size int) []automaton.Rule {
	var rules []automaton.Rule
	for n, i := 0, 0; n < size; i++ {
		p := families[name](i)
		rules = append(rules, automaton.Rule{Pattern: p, Rank: 2 * len(p)})
		n += len(p) + 11 // as "Disallow: " lines
	}
	return rules
}

// smallRules is a file as the corpus median has it: a dozen rules, a few
// with '*', some sharing prefixes; n copies of its shape with distinct
// names make larger files.
func smallRules(n int) []automaton.Rule {
	var rules []automaton.Rule
	for i := 0; i < n; i++ {
		for _, p := range []string{"/admin/", "/cart", "/checkout/", "/*?sort=", "/search", "/*.pdf$", "/account/", "/tmp/", "/cgi-bin/", "/print/", "/login"} {
			p = fmt.Sprintf("%s%d", p, i)
			rules = append(rules, automaton.Rule{Pattern: p, Rank: 2 * len(p)})
		}
	}
	return rules
}

func BenchmarkCompileSmall(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		rules := smallRules(n)
		b.Run(fmt.Sprintf("rules=%d", len(rules)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				automaton.Compile(rules, automaton.Limits{})
			}
		})
	}
}

func BenchmarkCompile(b *testing.B) {
	for _, name := range []string{"family", "stars", "literal"} {
		rules := familyRules(name, 500<<10)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var st automaton.Stats
			for b.Loop() {
				st = automaton.Compile(rules, automaton.Limits{}).Stats()
			}
			b.ReportMetric(float64(st.Bytes), "table-bytes")
			b.ReportMetric(float64(st.Tier), "tier")
		})
	}
}

// BenchmarkMatch times Match on each tier, forced, and on the default
// build, over the rules of smallRules(n) and URLs that reach their wildcard
// rules.
func BenchmarkMatch(b *testing.B) {
	urls := []string{"/admin/3/x", "/shop/list?sort=price", "/docs/a/b/c/report.pdf", "/search7?q=1", "/nothing/here/at/all"}
	for _, c := range []struct {
		n    int
		tier automaton.Tier
	}{{1, 0}, {1, automaton.TierDFA}, {10, 0}, {10, automaton.TierDFA}, {10, automaton.TierSplit}, {10, automaton.TierSegments}, {10, automaton.TierNFA}} {
		m := automaton.Compile(smallRules(c.n), automaton.WithTier(c.tier, automaton.Limits{}))
		name := "default-" + m.Stats().Tier.String()
		if c.tier != 0 {
			name = c.tier.String()
		}
		b.Run(fmt.Sprintf("rules=%d/%s", 11*c.n, name), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, u := range urls {
					m.Match(automaton.String(u))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(urls)), "ns/url")
		})
	}
}

// BenchmarkMatchLong times Match on URLs as long as the corpus's slowest
// (about 140 octets), on each tier, forced, and on the default build, over
// the rules of smallRules(1): the per-octet cost, where BenchmarkMatch
// mostly times the cost per call.
func BenchmarkMatchLong(b *testing.B) {
	urls := []string{
		"/catalog/electronics/televisions-and-home-cinema/smart-tv/led-4k-ultra-hd/brand-name-55-inch-model-2024-edition.html?color=black&size=55",
		"/shop/women/clothing/dresses/summer-collection/floral-print-midi-dress-with-short-sleeves-and-belt/product-123456789?ref=home-banner",
	}
	for _, tier := range []automaton.Tier{0, automaton.TierDFA, automaton.TierSegments, automaton.TierNFA} {
		m := automaton.Compile(smallRules(1), automaton.WithTier(tier, automaton.Limits{}))
		name := "default-" + m.Stats().Tier.String()
		if tier != 0 {
			name = tier.String()
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, u := range urls {
					m.Match(automaton.String(u))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(urls)), "ns/url")
		})
	}
}

// BenchmarkMatchLongWide is BenchmarkMatchLong at TierDFA on sixteen rules
// "/*<c>q": after the first '/' the DFA waits at a wide node that loops on
// every octet without an edge.
func BenchmarkMatchLongWide(b *testing.B) {
	var rules []automaton.Rule
	for _, c := range "?.&=;,!~@+-_0123" {
		p := "/*" + string(c) + "q"
		rules = append(rules, automaton.Rule{Pattern: p, Rank: 2 * len(p)})
	}
	m := automaton.Compile(rules, automaton.WithTier(automaton.TierDFA, automaton.Limits{}))
	const url = "/catalog/electronics/televisions/smart/led/brand/name/model/edition/more/path/segments/here/and/there/page.html"
	b.ReportAllocs()
	for b.Loop() {
		m.Match(automaton.String(url))
	}
}
