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

// AllEngines returns the Limits that between them build every engine.
func AllEngines() []Limits { return allEngines() }

// WithTier returns l with its build forced to start at tier t.
func WithTier(t Tier, l Limits) Limits {
	l.tier = t
	return l
}

// TierOf returns the tier l forces, 0 when none.
func TierOf(l Limits) Tier { return l.tier }

// The memory bounds of the package doc, as functions of the octets of
// patterns, and the ranking of rules.
var (
	Better              = betterRule
	CompileBytes        = compileBytes
	DefaultCompileBytes = defaultCompileBytes
	TableBytes          = tableBytes
)
