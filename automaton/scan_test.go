package automaton_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
)

// TestScanAgainstReference checks the scan against the reference and
// against the Machine of the same rules, ranks tied or not, read from the
// patterns' lengths or kept apart, and that
// Rules gives back what it was made of; made by NewScan, or by NewScanIn
// from texts that hold the patterns end to end or not.
func TestScanAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 5000; iter++ {
		rules := make([]automaton.Rule, 1+r.IntN(8))
		// Ranks as package compile gives them, which the Scan reads from
		// the patterns, on even iterations; on odd ones, such ranks up to
		// a random rule (often none), and others from there.
		apart := len(rules)
		if iter%2 == 1 {
			apart = r.IntN(len(rules))
		}
		for i := range rules {
			p := randPattern(r, "ab/")
			switch rank := r.IntN(8); {
			case i >= apart:
				rules[i] = automaton.Rule{Pattern: p, Rank: len(p) / (1 + r.IntN(3))}
			case rank == 0:
				rules[i] = automaton.Rule{Pattern: p, Rank: math.MaxInt}
			default:
				rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + rank%2}
			}
		}
		var s *automaton.Scan
		switch iter % 3 {
		case 0:
			s = automaton.NewScan(rules)
		case 1: // the patterns end to end, split after k rules
			k := r.IntN(len(rules) + 1)
			s = automaton.NewScanIn(endToEnd(rules[:k]), endToEnd(rules[k:]), rules)
		default: // texts that are not the patterns, or only some
			k := r.IntN(len(rules) + 1)
			s = automaton.NewScanIn(endToEnd(rules[:k])+"x", randPattern(r, "ab/"), rules)
		}
		if s == nil {
			continue // too many stars
		}
		for i, rule := range s.Rules() {
			if rule != rules[i] {
				t.Fatalf("Rules()[%d] = %+v, want %+v", i, rule, rules[i])
			}
		}
		m := automaton.Compile(rules, automaton.Limits{})
		for k := 0; k < 30; k++ {
			in := "/" + randPattern(r, "ab/")[1:]
			in = strings.NewReplacer("*", "a", "$", "b").Replace(in)
			got, work, ok := s.Match(automaton.String(in))
			if want := naive(rules, in); !ok || got != want || got != run(m, in) {
				t.Fatalf("rules %v input %q: scan %d (ok %v), want %d, machine %d", rules, in, got, ok, want, run(m, in))
			}
			if work < len(in) || work > automaton.DecideBudget(len(in)) {
				t.Fatalf("rules %v input %q: work %d, outside [%d, %d]", rules, in, work, len(in), automaton.DecideBudget(len(in)))
			}
		}
	}
}

// TestScanManySearching checks a Scan of more rules that search an input
// than ScanMaxSearches against the reference: it decides exactly every
// input up to the most it reads, each within its budget, and no longer
// one.
func TestScanManySearching(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	taken := 0
	for iter := 0; iter < 100; iter++ {
		rules := make([]automaton.Rule, automaton.ScanMaxSearches+1+r.IntN(200))
		for i := range rules {
			// "/*", so that most rules search every input, then a random
			// pattern of a and b.
			p := "/*" + randPattern(r, "ab")[1:]
			rules[i] = automaton.Rule{Pattern: p, Rank: 2*len(p) + r.IntN(2)}
		}
		s := automaton.NewScan(rules)
		if s == nil {
			continue
		}
		taken++
		most := s.Most()
		for k := 0; k < 20; k++ {
			n := max(1, most-2+r.IntN(5))
			if k%2 == 0 {
				n = 1 + r.IntN(most)
			}
			b := []byte("/" + strings.Repeat("a", n-1))
			for i := 1; i < n; i++ {
				b[i] = "ab"[r.IntN(2)]
			}
			in := string(b)
			got, work, ok := s.Match(automaton.String(in))
			if ok != (n <= most) {
				t.Fatalf("%d rules, reading %d octets: an input of %d decided %v", len(rules), most, n, ok)
			}
			if !ok {
				continue
			}
			if want := naive(rules, in); got != want {
				t.Fatalf("rules %v input %q: scan %d, want %d", rules, in, got, want)
			}
			if work > automaton.DecideBudget(n) {
				t.Fatalf("%d rules, an input of %d: work %d, past the budget %d", len(rules), n, work, automaton.DecideBudget(n))
			}
		}
	}
	if taken < 50 {
		t.Errorf("NewScan took %d of 100 sets of many searching rules", taken)
	}
}

// TestScanBounds checks what NewScan refuses and what Match does not
// decide: rules of another class, too many rules that search or too many
// octets, and an input longer than the scan reads.
func TestScanBounds(t *testing.T) {
	if automaton.NewScan([]automaton.Rule{{Pattern: "/a", Class: 1}}) != nil {
		t.Error("NewScan took a rule of class 1")
	}
	searching := func(n int, pattern func(i int) string) []automaton.Rule {
		rules := make([]automaton.Rule, n)
		for i := range rules {
			rules[i].Pattern = pattern(i)
		}
		return rules
	}
	// A rule searches when a '*' is followed by another, or not by the
	// anchor that ends it: however many stars, it is one.
	many := func(i int) string { return fmt.Sprintf("/*%d", i) + strings.Repeat("*a", 100) }
	if automaton.NewScan(searching(automaton.ScanMaxSearches, many)) == nil {
		t.Errorf("NewScan refused %d rules that search", automaton.ScanMaxSearches)
	}
	// Past ScanMaxSearches, a Scan reads shorter inputs, as long as
	// building the Machine for a longer one fits its budget.
	if s := automaton.NewScan(searching(automaton.ScanMaxSearches+1, many)); s == nil {
		t.Errorf("NewScan refused %d rules that search, of %d octets", automaton.ScanMaxSearches+1, len(endToEnd(searching(automaton.ScanMaxSearches+1, many))))
	} else if s.Most() >= automaton.ScanMaxInput || automaton.DecideBudget(s.Most()+1) < s.BuildCost() {
		t.Errorf("%d rules that search: reads %d octets, and building costs %d, past the budget %d of one more", automaton.ScanMaxSearches+1, s.Most(), s.BuildCost(), automaton.DecideBudget(s.Most()+1))
	}
	longer := func(i int) string { return fmt.Sprintf("/*%d", i) + strings.Repeat("*a", 75) }
	if s := automaton.NewScan(searching(100, longer)); s != nil {
		t.Errorf("NewScan took 100 rules that search, of %d octets: it reads %d octets, and building costs %d, past the budget %d of one more",
			len(endToEnd(searching(100, longer))), s.Most(), s.BuildCost(), automaton.DecideBudget(s.Most()+1))
	}
	if automaton.NewScan(searching(1000, func(i int) string { return fmt.Sprintf("/*.x%d$", i) })) == nil {
		t.Error(`NewScan refused rules "/*.x$", which compare their ends and search nothing`)
	}
	// Rules whose prefixes no input starts with together search apart:
	// counted along a chain of prefixes.
	if automaton.NewScan(searching(1000, func(i int) string { return fmt.Sprintf("/d%d/*a*b", i) })) == nil {
		t.Error(`NewScan refused rules "/d<i>/*a*b", of which one at most searches an input`)
	}
	// Rules whose prefixes are "/" or "" search every path together; one
	// of any other octet searches only the paths it starts.
	if automaton.NewScan(searching(200, func(i int) string { return fmt.Sprintf("%c*x%d*%s", 'A'+i%50, i, strings.Repeat("y", 40)) })) == nil {
		t.Error(`NewScan refused 200 rules "<c>*x*" of 50 prefixes c, of which 4 at most search an input`)
	}
	chain := func(i int) string {
		return "/" + strings.Repeat("a", i%(automaton.ScanMaxSearches+1)) + fmt.Sprintf("*x%d*", i)
	}
	if s := automaton.NewScan(searching(automaton.ScanMaxSearches+1, chain)); s == nil || s.Most() >= automaton.ScanMaxInput {
		t.Errorf(`NewScan of %d rules "/a…*x*" whose prefixes start one another reads every input`, automaton.ScanMaxSearches+1)
	}
	if s := automaton.NewScan(searching(automaton.ScanMaxSearches, chain)); s == nil || s.Most() != automaton.ScanMaxInput {
		t.Errorf(`NewScan of %d rules "/a…*x*" whose prefixes start one another does not read every input`, automaton.ScanMaxSearches)
	}
	if automaton.NewScan([]automaton.Rule{{Pattern: "/" + strings.Repeat("a", automaton.DecideBase)}}) != nil {
		t.Error("NewScan took a pattern of DecideBase octets")
	}
	for _, rank := range []int{math.MaxInt32, math.MinInt32 - 1, math.MaxInt - 1} {
		if automaton.NewScan([]automaton.Rule{{Pattern: "/a", Rank: rank}}) != nil {
			t.Errorf("NewScan took rank %d", rank)
		}
	}
	top := []automaton.Rule{{Pattern: "/a", Rank: math.MaxInt32 - 1}, {Pattern: "/a", Rank: math.MaxInt}, {Pattern: "/", Rank: math.MinInt32}}
	if s := automaton.NewScan(top); s == nil {
		t.Error("NewScan refused ranks within 32 bits and math.MaxInt")
	} else if got, _, _ := s.Match(automaton.String("/a")); got != 1 || !reflect.DeepEqual(s.Rules(), top) {
		t.Errorf("ranks %v: Match = %d, want 1; Rules = %v", top, got, s.Rules())
	}
	s := automaton.NewScan([]automaton.Rule{{Pattern: "/a*b"}})
	if s.BuildCost() <= 0 {
		t.Errorf("BuildCost = %d", s.BuildCost())
	}
	// The longest input read is ScanMaxInput, whether read in place or,
	// with a prefix to read before it, copied.
	prefixed := automaton.NewRewriting(nil, nil, nil)
	long := automaton.ScanMaxInput - 2
	for _, c := range []struct {
		name string
		in   automaton.Input
		ok   bool
	}{
		{"1 KiB in place", automaton.String("/" + strings.Repeat("a", 1022) + "b"), true},
		{"1 KiB and one copied", automaton.Rewrite(strings.Repeat("a", 1023)+"b", 0, "/", prefixed), true},
		{"the longest in place", automaton.String("/" + strings.Repeat("a", long) + "b"), true},
		{"one more in place", automaton.String("/" + strings.Repeat("a", long+1) + "b"), false},
		{"the longest copied", automaton.Rewrite(strings.Repeat("a", long)+"b", 0, "/", prefixed), true},
		{"one more copied", automaton.Rewrite(strings.Repeat("a", long+1)+"b", 0, "/", prefixed), false},
	} {
		if got, _, ok := s.Match(c.in); ok != c.ok || ok && got != 0 {
			t.Errorf("%s: Match = %d, %v; want 0 and %v", c.name, got, ok, c.ok)
		}
	}
}

// TestScanWithinBudget checks that no decision of a Scan reaches the
// decision budget, on the costliest rules NewScan takes: every rule
// searching, of segments that almost match a run of one octet everywhere,
// decided on runs of that octet and of another (in place and copied) up to
// the longest input the Scan reads. With at most ScanMaxSearches rules
// searching, they fill the octets and the Scan reads every input up to
// ScanMaxInput; with more, it reads shorter ones, and building the Machine
// for one octet more fits that input's budget. So a Matcher that starts
// with a Scan never needs its Machine to decide but within the budget.
func TestScanWithinBudget(t *testing.T) {
	seg := func(n int) string { return strings.Repeat("a", n) + "b" }
	shapes := []struct {
		name      string
		searching int // rules that search every input
		rule      func(i int) string
	}{
		{"one long segment", automaton.ScanMaxSearches, func(i int) string { return "/*" + seg(400) + fmt.Sprint(i) }},
		{"many short segments", automaton.ScanMaxSearches, func(i int) string { return "/*" + strings.Repeat(seg(3)+"*", 60) + fmt.Sprint(i) }},
		{"anchored", automaton.ScanMaxSearches, func(i int) string { return "/*" + seg(200) + "*" + seg(100) + fmt.Sprintf("%d$", i) }},
		{"40 searching", 40, func(i int) string { return "/*" + seg(100) + fmt.Sprint(i) }},
		{"200 searching", 200, func(i int) string { return "/*" + seg(1) + "*" + fmt.Sprint(i) }},
	}
	prefixed := automaton.NewRewriting(nil, nil, nil)
	for k, shape := range shapes {
		var rules []automaton.Rule
		octets := 0
		// The searching rules, then, when they are at most
		// ScanMaxSearches, literal ones up to the octets' bound; in the
		// first shape, all but one of the searching rules start "/", and a
		// hundred more start apart, "/<j>/", one of which the inputs start
		// with.
		for i := 0; i < shape.searching; i++ {
			p := shape.rule(i)
			if k == 0 && i == shape.searching-1 {
				for j := range 100 {
					p := fmt.Sprintf("/%d/*%s", j, seg(20))
					octets += len(p) + 1
					rules = append(rules, automaton.Rule{Pattern: p, Rank: 2 * len(p)})
				}
				continue
			}
			octets += len(p) + 1
			rules = append(rules, automaton.Rule{Pattern: p, Rank: 2 * len(p)})
		}
		for i := 0; shape.searching <= automaton.ScanMaxSearches; i++ {
			p := fmt.Sprintf("/%d%s", i, seg(50))
			if octets+len(p)+1 > automaton.ScanMaxOctets {
				break
			}
			octets += len(p) + 1
			rules = append(rules, automaton.Rule{Pattern: p, Rank: 2 * len(p)})
		}
		s := automaton.NewScan(rules)
		if s == nil {
			t.Fatalf("%s: NewScan refused %d rules of %d octets", shape.name, len(rules), octets)
		}
		most := s.Most()
		if want := shape.searching <= automaton.ScanMaxSearches; (most == automaton.ScanMaxInput) != want {
			t.Errorf("%s: reads %d octets; every input %v, want %v", shape.name, most, !want, want)
		}
		if most < automaton.ScanMaxInput && s.BuildCost() > automaton.DecideBudget(most+1) {
			t.Errorf("%s: reads %d octets, and building costs %d, past the budget %d of one more", shape.name, most, s.BuildCost(), automaton.DecideBudget(most+1))
		}
		for _, n := range []int{1, 2, 101, 1024, 4097, most - 1, most, most + 1} {
			if n < 1 || n > most+1 || n > automaton.ScanMaxInput {
				continue
			}
			for _, run := range []string{"a", "b", "ab"} {
				body := strings.Repeat(run, n/len(run))[:n-1]
				if k == 0 && n > 4 {
					body = "7/" + body[2:] // "/7/": a rule of the hundred searches too
				}
				for _, in := range []automaton.Input{automaton.String("/" + body), automaton.Rewrite(body, 0, "/", prefixed)} {
					_, work, ok := s.Match(in)
					if n > most {
						if ok {
							t.Fatalf("%s, %d octets of %q: decided, past the %d it reads", shape.name, n, run, most)
						}
						continue
					}
					if !ok || work > automaton.DecideBudget(n) {
						t.Fatalf("%s, %d octets of %q: ok %v, work %d, budget %d", shape.name, n, run, ok, work, automaton.DecideBudget(n))
					}
				}
			}
		}
	}
}

// endToEnd returns the patterns of rules end to end.
func endToEnd(rules []automaton.Rule) string {
	var b strings.Builder
	for _, r := range rules {
		b.WriteString(r.Pattern)
	}
	return b.String()
}
