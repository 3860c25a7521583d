// Package config holds what the options of the root package's Parse set:
// how a body is read and how its Matchers are compiled. It is a package
// of its own so that the module's tests can give Parse what no user
// should: automaton Limits that force one engine (WithLimits), to run
// every engine on the same inputs.
package config

import (
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// A Config is what Parse's options set. The zero Config, with Limit set
// to the default parse limit, is Parse's default.
type Config struct {
	Dialect  compile.Dialect
	Limit    int  // the parse limit asked for (robots.WithParseLimit)
	LimitSet bool // Limit was asked for, not defaulted
	Charset  string
	Limits   automaton.Limits // how each Matcher's automaton is built
}

// WithLimits returns an option of Parse (a robots.Option) that builds each
// Matcher's automaton with l: for tests that force an engine.
func WithLimits(l automaton.Limits) func(*Config) {
	return func(c *Config) { c.Limits = l }
}

// BodyOptions says how Parse prepares a body: as the dialect does, with
// the caller's charset and, unless the dialect reads the whole body and
// the caller set no limit, the parse limit.
func (c *Config) BodyOptions() normalize.BodyOptions {
	bo := c.Dialect.BodyOptions()
	bo.Charset = c.Charset
	if bo.Limit >= 0 || c.LimitSet {
		bo.Limit = max(c.Limit, 0)
	}
	return bo
}
