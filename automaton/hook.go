package automaton

// The module's tests run one corpus of inputs on every engine, the root
// package's and the benchmarks' too, so they need Limits that force each
// tier or the lazily built DFA, which a user has no use for: the
// unexported tier and lazy fields. They and the benchmarks also read
// what a Machine reports beyond its Stats. This file hands them over
// through package hook, which imports nothing; package internal/engines
// gives them their types.

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
	hook.Describe = func(m any) hook.Details { return m.(*Machine).details().Details }
}

// details are a Machine's Stats and what the module's tests and
// benchmarks read beside them (hook.Details, which knows no Tier).
type details struct {
	hook.Details
	Tier    Tier             // the tier of class 0
	Classes [MaxClasses]Tier // the tier of each class, 0 for none
}
