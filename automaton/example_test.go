package automaton_test

import (
	"fmt"

	"github.com/robotsexclusion/robots/automaton"
)

// Compile builds one machine for all the patterns; Match decides an input,
// here a string (package normalize builds the Input of a URL's path). Here
// the rank is the pattern's length, so the longest matching pattern wins.
// With one short wildcard pattern, the machine is the literal patterns' DFA
// and a small NFA (no subset construction); Limits.EagerDFA builds the DFA
// of all.
func ExampleCompile() {
	rules := []automaton.Rule{
		{Pattern: "/a", Rank: 2},
		{Pattern: "/a/*.pdf$", Rank: 9},
		{Pattern: "/a/b", Rank: 4},
	}
	m := automaton.Compile(rules, automaton.Limits{})
	for _, input := range []string{"/a/x", "/a/b/c", "/a/b/c.pdf", "/z"} {
		fmt.Printf("%-10s rule %d\n", input, m.Match(automaton.String(input)))
	}
	fmt.Println(m.Stats().Tier)
	fmt.Println(automaton.Compile(rules, automaton.Limits{EagerDFA: true}).Stats().Tier)
	// Output:
	// /a/x       rule 0
	// /a/b/c     rule 2
	// /a/b/c.pdf rule 1
	// /z         rule -1
	// nfa
	// dfa
}

// By default, many '*' patterns get the segment matcher, whose build and
// walk are linear. With Limits.EagerDFA, Compile tries DFAs of them,
// within budgets: unions of '*' patterns can need exponentially many DFA
// states, and past the budget Compile builds a cheaper tier that stays
// exact and linear. Stats says which tier was built, and whether every
// input is decided within the decision budget.
func ExampleMachine_Stats() {
	var rules []automaton.Rule
	for i := 0; i < 40; i++ {
		p := fmt.Sprintf("/*a%d*b%d", i, i)
		rules = append(rules, automaton.Rule{Pattern: p, Rank: len(p)})
	}
	fmt.Println(automaton.Compile(rules, automaton.Limits{}).Stats().Tier)
	st := automaton.Compile(rules, automaton.Limits{EagerDFA: true}).Stats()
	fmt.Println(st.Tier, st.Bounded)
	// Output:
	// segments
	// segments true
}

// An Input reads the octets of a string or a byte slice as they are, or
// rewritten as they are read: here a percent escape is decoded when it
// stands for a letter, and a space is escaped, so that "/%61 b" is read
// as "/a%20b" and matched by the pattern "/a%20*".
func ExampleRewrite() {
	m := automaton.Compile([]automaton.Rule{{Pattern: "/a%20*", Rank: 6}}, automaton.Limits{})
	r := automaton.NewRewriting(nil,
		func(c byte) bool { return c == ' ' },
		func(c byte) bool { return 'a' <= c && c <= 'z' })
	in := automaton.Rewrite("/%61 b", 0, "", r)
	fmt.Printf("%s %d\n", in.AppendTo(nil), m.Match(in))
	fmt.Println(m.Match(automaton.String("/%61 b")), m.Match(automaton.Bytes([]byte("/a%20b"))))
	// Output:
	// /a%20b 0
	// -1 0
}
