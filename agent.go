package robots

// forAgents returns a Matcher for one agent (or list) that shares m's
// compiled rules: a shallow copy, so every field of Matcher must be either
// immutable or a pointer to state its copies may share.
func (m *Matcher) forAgents(named bool) *Matcher {
	c := *m
	c.named = named
	return &c
}
