package compile

// A Dialect names a row of the module's one table of dialects
// (internal/dialect): what each sets in every stage of the pipeline, from
// preparing the body to ranking the rules. The root package, the
// conformance reference and the tools all read that table, so no two
// readings of one dialect can drift apart.

import (
	"fmt"

	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/normalize"
)

// A Dialect is a reading of robots.txt: how the body is prepared, how lines
// and user-agents are read, how octets are compared and how matching rules
// are ranked. Every dialect runs through the same parser and engine; a
// dialect only sets their choices. The zero Dialect is RFC9309.
type Dialect int

// The dialects. The root package re-exports them (robots.RFC9309, ...).
const (
	// RFC9309 is the Robots Exclusion Protocol as RFC 9309 defines it;
	// where the RFC is silent it reads files as Google's crawler does. It
	// is the default.
	RFC9309 Dialect = iota

	// Google is exactly Google's open-source robots.txt library, where it
	// departs from RFC 9309 too: URLs are compared as given (no
	// percent-encoding is decoded or added), /robots.txt is not special, an
	// Allow of ".../index.html" also allows ".../", lines are cut at
	// 16,663 octets and a UTF-16 body is not transcoded. Google's library
	// parses the whole body but Google's crawler does not: the parse
	// limit bounds this dialect as every other. Decisions name the line
	// Google's library names, an empty rule's line included.
	Google

	// Draft1996 is "A Method for Web Robots Control", the Internet-Draft
	// of 1996: a blank line ends a record, a crawler obeys the first
	// record whose name is a case-insensitive substring of its own (else
	// the first * record), the first Allow or Disallow line that matches
	// decides, * and $ are ordinary octets, and escapes other than %2F are
	// decoded. Keys must be spelt exactly and followed by a colon.
	Draft1996

	// Original1994 is the 1994 "Standard for Robot Exclusion": Draft1996
	// without Allow lines, which it ignores as unknown.
	Original1994
)

// valid reports whether d is one of the dialects.
func (d Dialect) valid() bool { return dialect.Valid(d) }

// spec returns d's row of the table; an invalid dialect reads as RFC9309.
func (d Dialect) spec() *dialect.Spec { return dialect.Of(d) }

// String returns the dialect's name ("rfc9309", "google", "draft1996",
// "original1994"), the name the root package's ParseDialect accepts.
func (d Dialect) String() string {
	if d.valid() {
		return d.spec().Name
	}
	return fmt.Sprintf("Dialect(%d)", int(d))
}

// BodyOptions returns how a body is prepared for d (package normalize): the
// Google dialect sets no limit of its own (Limit -1; Google's library has
// none, and normalize bounds every body anyway) and keeps UTF-16 octets.
// The caller adds its charset and, when it sets one, its own limit.
func (d Dialect) BodyOptions() normalize.BodyOptions { return d.spec().Body }

// Form returns the octet form in which d compares patterns and URLs: the
// form of every Rule.Canonical of a file it reads, and the form into which
// a URL is put (Form.URL) to be matched against them, by the Machine of a
// Program or by a matcher of the caller's own.
func (d Dialect) Form() normalize.Form { return d.spec().Read.Form }

// options returns how a file is read in d.
func (d Dialect) options() options { return options(d.spec().Read) }
