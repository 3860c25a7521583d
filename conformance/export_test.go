package conformance

// Test hooks: what the tests of this package check directly, and a user
// of the suite reaches through Load and Suite.Run.

// ParseSpec parses the text of a spec file called name.
var ParseSpec = parseSpec

// Check reports whether v is the answer c's dialects give.
func Check(c *Case, v Verdict) error { return c.check(v) }

// WantAllowed returns the decision c's dialects give.
func WantAllowed(c *Case) bool { return c.wantAllowed() }

// Describe writes c in one line, as a spec file writes it.
func Describe(c *Case) string { return c.describe() }
