package robots

// Compiles reports how many times r compiled a selection of groups.
func Compiles(r *Robots) int64 { return r.compiles.Load() }

// Cached reports how many agents (and lists) and how many compiled
// selections r keeps.
func Cached(r *Robots) (agents, selections int) {
	r.agents.mu.Lock()
	defer r.agents.mu.Unlock()
	r.selections.mu.Lock()
	defer r.selections.mu.Unlock()
	return r.agents.n, r.selections.n
}

// Bounds of the caches, for tests.
const (
	MaxAgents     = maxAgents
	MaxSelections = maxSelections
)
