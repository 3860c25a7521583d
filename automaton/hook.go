package automaton

// The module's tests run one corpus of inputs on every engine, the root
// package's and the benchmarks' too, so they need Limits that force each
// tier, which a user has no use for: the unexported tier field. This file
// hands them over through package hook, which imports nothing; package
// internal/engines gives them their types.

import "github.com/robotsexclusion/robots/internal/engines/hook"

func init() {
	hook.Engines = func() any { return allEngines() }
	hook.Force = func(l any, tier int) any {
		lim := l.(Limits)
		lim.tier = Tier(tier)
		return lim
	}
}
