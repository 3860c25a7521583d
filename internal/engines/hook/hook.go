// Package hook is where package automaton hands the module's tests and
// benchmarks what its API does not export: Limits that force each engine
// or build the lazily built DFA from the first input, and what a Machine
// reports beyond its Stats. It imports nothing, so that automaton can
// import it; package engines, above automaton, gives the values their
// types.
package hook

// Engines returns the automaton.Limits (as a []automaton.Limits) that
// between them build every engine a Machine runs. Package automaton sets
// it when it is initialized.
var Engines func() any

// Force returns l (an automaton.Limits) with the cheapest tier that its
// build tries set to tier (an automaton.Tier, as an int): the tiers below
// it are not tried. Package automaton sets it when it is initialized.
var Force func(l any, tier int) any

// LazyAlways returns l (an automaton.Limits) with the lazily built DFA
// built from the first input on. Package automaton sets it when it is
// initialized.
var LazyAlways func(l any) any

// Describe returns the Details of m (an *automaton.Machine). Package
// automaton sets it when it is initialized.
var Describe func(m any) Details

// Details is what a Machine reports beyond its Stats, for tests that
// check a build and benchmarks that report it.
type Details struct {
	Rules  int // the rules compiled, all classes
	States int // DFA states, all DFAs of all classes together
	NFA    int // positions in the NFAs of all classes, 0 below TierNFA
	Bytes  int // approximate memory held by the Machine's tables, all classes
	Work   int // trie nodes touched building DFAs, failed attempts included, all classes

	// Budget is why a cheaper tier was not built for class 0 (an error
	// naming the tier, the budget and its limit), or nil; ClassBudget is
	// the same for the first other class that has one.
	Budget, ClassBudget error

	// WorstBase and WorstPerOctet are the most a decision costs on the
	// engines built, whatever the input, as the decision budget counts
	// it: WorstBase units plus WorstPerOctet per octet of the input, by
	// Match or by MatchClasses of every class. Bounded reports that this
	// is within the budget: then no decision fails closed. Where no bound
	// is known (the segment tier's scan, built past its compile budget),
	// WorstBase is math.MaxInt32 or more.
	WorstBase, WorstPerOctet int
	Bounded                  bool
}
