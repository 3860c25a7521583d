package automaton

// CompileBudget is Compile for a Machine whose decisions have the budget
// base units plus per an octet, not the default, and whose walks all
// count their work, those of fixed cost too: tests drive each tier's walk
// over a budget so.
func CompileBudget(rules []Rule, lim Limits, base, per int) *Machine {
	m := Compile(rules, lim)
	if m.more == nil {
		m.more = new(machineMore)
	}
	m.more.budget = budget{base, per}
	m.budgeted = true
	testBudgets.Store(&m.engines, m.more.budget)
	return m
}

// SetSegmentBuildBudget sets the segment tier's compile budget, in its
// units (0: every set of wildcard patterns gets the scan plan), and
// returns a function that restores it: tests run the scan plan on small
// patterns so.
func SetSegmentBuildBudget(units int) (restore func()) {
	old := segmentBuild
	segmentBuild = units
	return func() { segmentBuild = old }
}
