package conformance

import (
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/normalize"
)

// This file says how each dialect reads a file, for the reference pipeline.
// The root package sets the same choices for its dialect of the same name;
// the golden tables, written by the reference and compared with the
// library, check that the two agree.

// Options returns how a file is read in dialect d (see compile.Options).
func (d Dialect) Options() compile.Options {
	switch d {
	case Google:
		return compile.Options{Form: normalize.Raw, MaxLineLength: 8*2083 - 1, LiteralAgents: true}
	case Draft1996, Original1994:
		return compile.Options{Form: normalize.Decoded, ExactKeys: true, NoAllow: d == Original1994,
			BlankLines: true, Substring: true, FirstRecord: true}
	}
	return compile.Options{}
}

// Form returns the octet form in which dialect d compares patterns and URLs.
func (d Dialect) Form() normalize.Form { return d.Options().Form }

// BodyOptions returns how a body is prepared in dialect d: Google's library
// reads the whole body and does not transcode UTF-16.
func (d Dialect) BodyOptions() normalize.BodyOptions {
	if d == Google {
		return normalize.BodyOptions{Limit: -1, KeepUTF16: true}
	}
	return normalize.BodyOptions{}
}
