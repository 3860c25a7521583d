package robots_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/internal/config"
	"github.com/robotsexclusion/robots/internal/engines"
)

// synthetic returns a robots.txt of n rules: literal prefixes, with one rule
// in five holding a '*' and one in twenty ending in '$'.
func synthetic(n int) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < n; i++ {
		switch {
		case i%20 == 0:
			fmt.Fprintf(&b, "Disallow: /*.ext%d$\n", i)
		case i%5 == 0:
			fmt.Fprintf(&b, "Disallow: /dir%d/*/print\n", i)
		default:
			fmt.Fprintf(&b, "Allow: /dir%d/sub%d/page%d\n", i%97, i%13, i)
		}
	}
	return []byte(b.String())
}

// BenchmarkDecide is the hot path: rule count against engine tier, on a
// URL that goes deep into the trie and one that leaves it at once.
func BenchmarkDecide(b *testing.B) {
	urls := map[string]string{
		"deep":   "https://example.com/dir42/sub3/page42/and/some/more?id=1",
		"miss":   "https://example.com/products/lamp-42?color=blue",
		"long":   "https://example.com/" + strings.Repeat("segment/", 60),
		"escape": "https://example.com/caf%c3%a9/%7euser/%E2%82%AC?q=a%2fb",
	}
	for _, n := range []int{10, 1000, 10000} {
		body := synthetic(n)
		for _, tier := range []automaton.Tier{automaton.TierDFA, automaton.TierSegments, automaton.TierNFA} {
			m := robots.Parse(body, config.WithLimits(engines.Tier(tier, automaton.Limits{}))).Agent("bot")
			for _, name := range []string{"deep", "miss", "long", "escape"} {
				url := urls[name]
				b.Run(fmt.Sprintf("rules=%d/%v/%s", n, m.Stats().Engine, name), func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(int64(len(url)))
					for b.Loop() {
						m.Decide(url)
					}
				})
			}
		}
	}
}

// BenchmarkCompile is Parse and Agent together, per file.
func BenchmarkCompile(b *testing.B) {
	for _, n := range []int{10, 1000, 10000} {
		body := synthetic(n)
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				robots.Parse(body).Agent("bot")
			}
		})
	}
}

// BenchmarkDecideUsage compares, on one URL, a file without usage lines
// with files whose Content-Usage rules need no walk (no path) or one (a
// path), and with the same wildcard pattern as a crawl rule: a usage
// class costs what its patterns cost as Allow or Disallow rules.
func BenchmarkDecideUsage(b *testing.B) {
	url := "https://example.com/products/category/lamp-42/details?color=blue&size=large"
	for _, c := range []struct{ name, body string }{
		{"none", "User-agent: *\nDisallow: /x\n"},
		{"nopath", "User-agent: *\nDisallow: /x\nContent-Usage: train-ai=n\n"},
		{"usage-star", "User-agent: *\nDisallow: /x\nContent-Usage: /*.pdf$ train-ai=n\n"},
		{"crawl-star", "User-agent: *\nDisallow: /x\nDisallow: /*.pdf$\n"},
	} {
		m := robots.Parse([]byte(c.body)).Agent("bot")
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(url)))
			for b.Loop() {
				m.Decide(url)
			}
		})
	}
}
