package automaton

// The module's tests run one corpus of inputs on every engine, the root
// package's and the benchmarks' too, so they need Limits that force each
// tier or the lazily built DFA, which a user has no use for: the
// unexported tier and lazy fields. The benchmarks also report the
// positions of a Machine's NFAs. This file hands them over through
// package hook, which imports nothing; package internal/engines gives
// them their types. It reaches nothing that a program which never asks
// for Stats (the web page) would otherwise leave out.

import "github.com/robotsexclusion/robots/internal/engines/hook"

func init() {
	hook.Engines = func() any { return allEngines() }
	hook.Force = func(l any, tier int) any {
		lim := l.(Limits)
		lim.tier = Tier(tier)
		return lim
	}
	hook.LazyAlways = func(l any) any {
		lim := l.(Limits)
		lim.lazy = lazyAlways
		return lim
	}
	hook.NFAPositions = func(m any) int { return m.(*Machine).nfaPositions() }
}
