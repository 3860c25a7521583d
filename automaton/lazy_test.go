package automaton_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
)

// lazyShapes are the rule sets of the lazy DFA's tests: random patterns
// over a small alphabet, where stars and anchors meet in every way, and
// patterns of the shapes real files have over URLs of their kind, some
// with enough rules of one star node to make it a hub.
var lazyShapes = []struct {
	name  string
	rules func(r *rand.Rand) []automaton.Rule
	input func(r *rand.Rand) string
}{
	{"random", func(r *rand.Rand) []automaton.Rule {
		rules := make([]automaton.Rule, 1+r.IntN(10))
		for i := range rules {
			p := randPattern(r, "ab/")
			rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2)}
		}
		return rules
	}, func(r *rand.Rand) string {
		in := "/" + randPattern(r, "ab/")[1:] + randPattern(r, "ab")[1:]
		return strings.NewReplacer("*", "a", "$", "b").Replace(in)
	}},
	{"real", func(r *rand.Rand) []automaton.Rule { return realRules(r, 1+r.IntN(30)) }, realInput},
	{"hubs", func(r *rand.Rand) []automaton.Rule { return realRules(r, 40+r.IntN(60)) }, realInput},
}

var (
	realWords = []string{"a", "ab", "admin", "b", "cart", "feed", "print", "search", "x", "ba"}
	realTails = []string{".pdf", ".php", "?sort=", "?id=", "=", "/", "&s=", ".json"}
)

// realRules returns n rules of the shapes of real files: literal
// prefixes, "/*" and a tail, a directory and a star, anchored or not.
func realRules(r *rand.Rand, n int) []automaton.Rule {
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	rules := make([]automaton.Rule, n)
	for i := range rules {
		var p string
		switch r.IntN(6) {
		case 0:
			p = "/" + pick(realWords) + "/"
		case 1:
			p = "/*" + pick(realTails)
		case 2:
			p = "/" + pick(realWords) + "/*" + pick(realWords)
		case 3:
			p = "/*" + pick(realWords) + "*" + pick(realTails)
		case 4:
			p = "/" + pick(realWords) + "*" + pick(realWords) + "*" + pick(realTails)
		default:
			p = "/" + pick(realWords) + pick(realTails)
		}
		if r.IntN(5) == 0 {
			p += "$"
		}
		rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2)}
	}
	return rules
}

func realInput(r *rand.Rand) string {
	var b strings.Builder
	for range 1 + r.IntN(6) {
		b.WriteString("/" + realWords[r.IntN(len(realWords))])
		if r.IntN(3) == 0 {
			b.WriteString(realTails[r.IntN(len(realTails))])
		}
	}
	return b.String()
}

// TestLazyAgainstReference runs the lazily built DFA from the first input
// (LazyAlways), on the tiers that have one and by default, on every shape
// of lazyShapes, each input twice: the first walk builds states, the
// second finds them.
func TestLazyAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, sh := range lazyShapes {
		for _, tier := range []automaton.Tier{automaton.TierSegments, automaton.TierNFA, 0} {
			t.Run(fmt.Sprintf("%s/%v", sh.name, tier), func(t *testing.T) {
				for range 600 {
					rules := sh.rules(r)
					m := automaton.Compile(rules, automaton.WithTier(tier, automaton.WithLazy(automaton.Limits{}, automaton.LazyAlways)))
					ins := make([]string, 20)
					for k := range ins {
						ins[k] = sh.input(r)
					}
					for round := range 2 {
						for _, in := range ins {
							if got, want := run(m, in), naive(rules, in); got != want {
								t.Fatalf("built %v, round %d: rules %v input %q: got %d want %d", m.Stats().Tier, round, rules, in, got, want)
							}
						}
					}
				}
			})
		}
	}
}

// TestLazyConcurrent decides inputs on a few Machines from many goroutines
// at once, with the lazy DFA from the first input: goroutines take the
// shared arenas over from one another, and find them busy. Every answer
// must be the reference's. Run it with -race.
func TestLazyConcurrent(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	type machine struct {
		m     *automaton.Machine
		ins   []string
		wants []int32
	}
	machines := make([]machine, 6)
	for i := range machines {
		rules := realRules(r, 5+r.IntN(40))
		tier := []automaton.Tier{automaton.TierNFA, automaton.TierSegments}[i%2]
		mc := machine{m: automaton.Compile(rules, automaton.WithTier(tier, automaton.WithLazy(automaton.Limits{}, automaton.LazyAlways)))}
		for range 50 {
			in := realInput(r)
			mc.ins, mc.wants = append(mc.ins, in), append(mc.wants, naive(rules, in))
		}
		machines[i] = mc
	}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			for k := range 400 {
				mc := &machines[(g+k)%len(machines)]
				j := (g*7 + k) % len(mc.ins)
				if got := run(mc.m, mc.ins[j]); got != mc.wants[j] {
					t.Errorf("goroutine %d: input %q: got %d want %d", g, mc.ins[j], got, mc.wants[j])
					return
				}
			}
		})
	}
	wg.Wait()
}
