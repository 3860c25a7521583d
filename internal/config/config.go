// Package config holds what the options of the root package's Parse set:
// how a body is read and how its Matchers are compiled. It is a package
// of its own so that the module's tests can give Parse what no user
// should: automaton Limits that force one engine (WithLimits), to run
// every engine on the same inputs.
package config

import (
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/engines"
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
	Scan     Scan             // when a Matcher decides by a scan of its rules before building its automaton
}

// Scan says when a Matcher decides by a scan of its rules (automaton.Scan)
// rather than with its automaton.
type Scan uint8

const (
	// ScanFirst, the default, scans until the work spent on decisions
	// equals what building the automaton costs, then builds it.
	ScanFirst Scan = iota
	// ScanOnly never builds the automaton for a decision the scan can
	// make: tests use it to check the scan.
	ScanOnly
	// ScanNever builds the automaton when the Matcher is compiled.
	ScanNever
)

// WithScan returns an option of Parse that sets when Matchers scan: for
// tests that check each path.
func WithScan(s Scan) func(*Config) {
	return func(c *Config) { c.Scan = s }
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

// An Engine is one way a Matcher decides: the automaton built with
// Limits, and when it is built (Scan).
type Engine struct {
	Limits automaton.Limits
	Scan   Scan
}

// String names the engine as tests print it.
func (e Engine) String() string {
	switch e.Scan {
	case ScanOnly:
		return e.Limits.String() + ", scan only"
	case ScanNever:
		return e.Limits.String() + ", no scan"
	}
	return e.Limits.String()
}

// Engines returns every engine a differential test runs: each of
// engines.All, then the default Limits deciding by the scan alone and by
// the automaton alone.
func Engines() []Engine {
	var out []Engine
	for _, l := range engines.All() {
		out = append(out, Engine{Limits: l})
	}
	return append(out, Engine{Scan: ScanOnly}, Engine{Scan: ScanNever})
}

// WithEngine returns an option of Parse that decides with e.
func WithEngine(e Engine) func(*Config) {
	return func(c *Config) { c.Limits, c.Scan = e.Limits, e.Scan }
}
