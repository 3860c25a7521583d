// Package hook is where package automaton hands the module's tests and
// benchmarks what its API does not export: Limits that force each engine
// or build the lazily built DFA from the first input, and the positions
// of a Machine's NFAs, which its Stats do not report. It imports nothing, so that automaton can
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

// NFAPositions returns the positions of the NFAs of m (an
// *automaton.Machine), all classes. Package automaton sets it when it is
// initialized.
var NFAPositions func(m any) int
