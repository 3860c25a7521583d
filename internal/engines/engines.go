// Package engines gives the module's tests and benchmarks what package
// automaton keeps out of its API: the Limits that force each engine a
// Machine runs (tests run one corpus of inputs on every engine, from the
// root package's, through an option of its own tests, to the
// benchmarks'), and what a Machine reports beyond its Stats.
package engines

import (
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/internal/engines/hook"
)

// All returns Limits that between them build every engine a Machine runs:
// the default build, each tier forced, and the lazily built DFA from the
// first input, by default and on each tier that has it. Each one's String
// names it.
func All() []automaton.Limits { return hook.Engines().([]automaton.Limits) }

// Tier returns l with its build forced to start at tier t: the tiers
// cheaper to walk than t are not tried, and DFAs of the wildcard patterns
// are tried from t on, within l's budgets.
func Tier(t automaton.Tier, l automaton.Limits) automaton.Limits {
	return hook.Force(l, int(t)).(automaton.Limits)
}

// LazyAlways returns l with the lazily built DFA built from the first
// input on, rather than once the Machine has decided enough inputs to pay
// for it.
func LazyAlways(l automaton.Limits) automaton.Limits {
	return hook.LazyAlways(l).(automaton.Limits)
}

// Details are what a Machine reports beyond its Stats.
type Details = hook.Details

// Describe returns the Details of m: its rules, NFA positions and
// construction work, why a cheaper tier was not built, and the worst cost
// of a decision.
func Describe(m *automaton.Machine) Details { return hook.Describe(m) }
