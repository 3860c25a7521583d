package automaton

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/robotsexclusion/robots/normalize"
)

func TestZZMeasure(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	distinct := func(gen func() string) []Rule {
		seen := map[string]bool{}
		var rules []Rule
		n := 0
		for n < 500<<10 {
			p := gen()
			if seen[p] {
				continue
			}
			seen[p] = true
			n += len(p) + 11
			rules = append(rules, Rule{Pattern: p, Rank: 2 * len(p)})
		}
		return rules
	}
	letters := func(k int, alpha int) string {
		var b strings.Builder
		b.WriteByte('/')
		for range k {
			b.WriteByte('*')
			b.WriteByte(byte('a' + r.IntN(alpha)))
		}
		b.WriteByte('$')
		return b.String()
	}
	url := func(alpha int) string {
		var b strings.Builder
		b.WriteByte('/')
		for b.Len() < 1024 {
			b.WriteByte(byte('a' + r.IntN(alpha)))
		}
		return b.String()
	}
	cases := []struct {
		name  string
		rules []Rule
		urls  []string
	}{
		{"ms100a5", distinct(func() string { return letters(100, 5) }), []string{url(5), url(5)}},
		{"ms1000a5", distinct(func() string { return letters(1000, 5) }), []string{url(5)}},
		{"abcd", distinct(func() string { return letters(4, 26) }), []string{url(26), url(26)}},
		{"ms10a3", distinct(func() string { return letters(10, 3) }), []string{url(3)}},
		{"astar", fillRules(func(i int) string { return fmt.Sprintf("/*a%d*b%d", i, i) }), []string{"/" + strings.Repeat("a1b1a2b2a3b3", 90)}},
		{"nested", fillRules(func(i int) string { return "/*" + a(i+1) + "*b$" }), []string{"/" + a(1023)}},
		{"late", fillRules(func(i int) string { return "/*" + a(400) + "*" + a(i+1) + "*b$" }), []string{"/" + a(1023)}},
	}
	for _, c := range cases {
		t0 := time.Now()
		m := Compile(c.rules, Limits{Lazy: LazyNever})
		ct := time.Since(t0)
		st := m.Stats()
		for _, u := range c.urls {
			w := m.Cost(normalize.NewRawStream(u), 1)
			t1 := time.Now()
			first := m.Match(normalize.NewRawStream(u))
			ft := time.Since(t1)
			t2 := time.Now()
			for range 20 {
				m.Match(normalize.NewRawStream(u))
			}
			wt := time.Since(t2) / 20
			t.Logf("%-9s rules %6d compile %8v tier %v worst %d+%d/o bounded %v | url %d: work %8d (budget %d) first %v warm %v => %.2f ns/unit; got %d", c.name, len(c.rules), ct, st.Tier, st.WorstBase, st.WorstPerOctet, st.Bounded, len(u), w, DecideBudget(len(u)), ft, wt, float64(wt.Nanoseconds())/float64(w), first)
		}
	}
}

func zzManyStar() []Rule {
	r := rand.New(rand.NewPCG(100, 5))
	seen := map[string]bool{}
	var rules []Rule
	n := 0
	for n < 500<<10 {
		var b strings.Builder
		b.WriteByte('/')
		for range 100 {
			b.WriteByte('*')
			b.WriteByte(byte('a' + r.IntN(5)))
		}
		b.WriteByte('$')
		p := b.String()
		if seen[p] {
			continue
		}
		seen[p] = true
		n += len(p) + 11
		rules = append(rules, Rule{Pattern: p, Rank: 2 * len(p)})
	}
	return rules
}

func BenchmarkZZCompileManyStar(b *testing.B) {
	rules := zzManyStar()
	b.ReportAllocs()
	for b.Loop() {
		Compile(rules, Limits{})
	}
}
