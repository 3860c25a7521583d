package robots

import "github.com/robotsexclusion/robots/automaton"

// Compiles reports how many times r compiled a selection of groups.
func Compiles(r *Robots) int64 { return r.sels.Builds() }

// Cached reports how many agents (and lists) and how many compiled
// selections r keeps.
func Cached(r *Robots) (agents, selections int) {
	return r.agents.Len(), r.sels.Len()
}

// AgentBytes is the most Parse and the first Agent call allocate for a
// body of which n octets are read.
func AgentBytes(n int) int { return agentBytesPerOctet*n + agentBytesBase }

// Bounds of the caches, for tests.
const (
	MaxAgents     = maxAgents
	MaxSelections = maxSelections
	KeyBuffer     = keyBuffer
)

// SetCompileHook makes f run before each compile, until reset with nil.
func SetCompileHook(f func()) { testHookCompile = f }

// ExplainWork returns what Explain of url read, and its bound.
func ExplainWork(m *Matcher, url string) (work, budget int) {
	_, work, budget = m.explain(url)
	return work, budget
}

// MachineStats returns the stats of m's automaton, every class's tier
// among them.
func MachineStats(m *Matcher) automaton.Stats { return m.host.machine().Stats() }
