// Package engines gives the module's tests and benchmarks what package
// automaton keeps out of its API: the Limits that force each engine a
// Machine runs (tests run one corpus of inputs on every engine, from the
// root package's, through an option of its own tests, to the
// benchmarks'), and the positions of a Machine's NFAs, which the
// benchmarks report.
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

// NFAPositions returns the positions of m's NFAs, all classes: 0 below
// TierNFA.
func NFAPositions(m *automaton.Machine) int { return hook.NFAPositions(m) }
