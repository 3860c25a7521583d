// Package hook is where package automaton hands the module's tests what
// its API does not export: Limits that force each engine. It imports
// nothing, so that automaton can import it; package engines, above
// automaton, gives the values their types.
package hook

// Engines returns the automaton.Limits (as a []automaton.Limits) that
// between them build every engine a Machine runs. Package automaton sets
// it when it is initialized.
var Engines func() any

// Force returns l (an automaton.Limits) with the cheapest tier that its
// build tries set to tier (an automaton.Tier, as an int): the tiers below
// it are not tried. Package automaton sets it when it is initialized.
var Force func(l any, tier int) any
