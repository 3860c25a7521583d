// Package conformance says what robots.txt means, as tests an engine can
// run: reach for it to test a robots.txt implementation, this module's or
// one of your own, against the documents that define the protocol. A
// crawler deciding URLs uses the root package.
//
// The spec example files (Files, SpecDir) transcribe every example and
// table of those documents, from the 1994 standard to RFC 9309 and the
// AI-preference drafts, as cases with the document's answer in each
// dialect. Load reads them into a Suite, and Suite.Run runs any
// implementation (an Impl: body, agent and URL in, a Verdict out) on the
// cases of a dialect, with one error for each case where it departs:
//
//	suite, err := conformance.Load(conformance.Files, conformance.SpecDir)
//	...
//	for _, err := range suite.Run(compile.RFC9309, myImpl) {
//		t.Error(err)
//	}
//
// The golden tables (Files, GoldenDir) are this module's reference
// implementation's answers on every case, deciding lines included: a
// plain transcription of RFC 9309 sections 2.2.2 and 2.2.3 that matches
// each rule's glob naively and keeps the longest match (in the other
// dialects, the longest as Google's library does, or the first in file
// order). Golden renders an implementation's answers in the same form, for
// a line-by-line comparison.
package conformance

// This file runs implementations against the spec example files. The
// corpus is engine-independent: an implementation is any function from a
// robots.txt body, a product token and a URL to a Verdict, so the reference,
// every engine tier and every dialect run on the same cases.

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"

	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/usage"
)

// SpecDir is where the spec example files are, in Files and relative to
// this package's directory.
const SpecDir = "testdata/spec"

// Files holds the spec example files (SpecDir) and the reference's golden
// tables (GoldenDir) as this package ships them, so that a test outside
// this module, which cannot count on this package's directory, reads them
// all the same: Load(conformance.Files, conformance.SpecDir).
//
//go:embed testdata/spec/*.txt testdata/golden/*.golden
var Files embed.FS

// A Verdict is an implementation's answer on one URL.
type Verdict struct {
	Allowed bool   // the URL may be fetched
	Line    int    // the line of the deciding rule; 0 when no rule decided
	Pattern string // the deciding rule's value as written; "" when none

	// Usage is the usage preferences that apply to the URL, each with the
	// line that set it (usage.Set.From); the zero Set when the URL may not
	// be fetched or nothing applies.
	Usage usage.Set
}

// An Impl decides url for the crawler with product token agent under a
// robots.txt body. It is how the suite runs an implementation; it must not
// modify body, which cases share.
type Impl func(body []byte, agent, url string) Verdict

// Run runs impl on the case's Input.
func (c *Case) Run(impl Impl) Verdict { return impl(c.Input()) }

// check reports whether v is the answer the case's dialects give (see
// wantAllowed). The error names the case, its source and the rule that
// decided.
func (c *Case) check(v Verdict) error {
	if c.Kind == KindUsage {
		if got := v.Usage.String(); got != c.Usage {
			return fmt.Errorf("%s: %s [%s]: got preferences %q (%s)", c.Name(), c.describe(), c.Source, got, usageLines(v.Usage))
		}
		return nil
	}
	want := c.wantAllowed()
	if v.Allowed == want {
		return nil
	}
	got := allowedWord(v.Allowed)
	if v.Line != 0 {
		got += fmt.Sprintf(" by line %d (%s)", v.Line, quote(v.Pattern))
	} else {
		got += " (no rule matched)"
	}
	if c.Disputed != "" {
		return fmt.Errorf("%s: %s [%s]: disputed (%s), so %s is wanted, the opposite of the document, but got %s; if the departure is gone, drop the disputed line",
			c.Name(), c.describe(), c.Source, c.Disputed, allowedWord(want), got)
	}
	return fmt.Errorf("%s: %s [%s]: got %s", c.Name(), c.describe(), c.Source, got)
}

// A Suite is the conformance corpus: the spec files of a directory.
type Suite struct {
	Specs []*Spec // in file name order
}

// Load reads every spec file (*.txt) of directory dir of fsys:
// Load(conformance.Files, conformance.SpecDir) for the files this package
// ships, Load(os.DirFS(d), ".") for spec files of one's own in directory d.
//
// A spec file is UTF-8 text read line by line. Blank lines and lines whose
// first non-blank character is # are comments. Every other line starts with
// a keyword:
//
//	source TEXT
//		The document, section or table the cases below come from, up to
//		the next source line. Every case needs one.
//
//	file NAME
//		Starts a robots.txt body called NAME (unique in the spec file). The
//		body is given by the lines that follow at once: either a run of
//		"| TEXT" lines, each one line of the body taken verbatim after the
//		"| " (a lone "|" is an empty line), joined and ended by "\n"; or one
//		line body "GO STRING", the whole body as a Go string literal, for
//		exact bytes (CR, NUL, trailing spaces, no final newline, ""). The
//		expect lines below refer to it, up to the next file line.
//
//	expect DIALECTS AGENT URL allowed|disallowed
//		The document says that the crawler with product token AGENT may
//		(allowed) or may not (disallowed) fetch URL under the current body.
//
//	match DIALECTS PATTERN URL yes|no
//		The document says that the path pattern PATTERN of an allow or
//		disallow line matches (yes) or does not match (no) URL, an absolute
//		URL or a path. An empty pattern matches nothing, as an empty rule
//		does. A match line runs as the body "User-agent: *\nDisallow:
//		PATTERN\n" with the agent "ConformanceBot", so that PATTERN must survive
//		being a rule value (no #, CR, LF or NUL, no blank at either end),
//		and URL must not be /robots.txt, which is always allowed.
//
//	usage DIALECTS AGENT URL PREFERENCES
//		The document says that the usage preferences that apply to URL,
//		for the crawler with product token AGENT under the current body,
//		are PREFERENCES, written as usage.Set's String writes them
//		("Content-Usage: train-ai=n, search=y", "unknown" when none do,
//		as for a URL that may not be fetched).
//
//	disputed REASON
//		The next expect or match line records what its document says, but
//		its dialects deliberately give the other answer, for REASON (an
//		erratum of the document, or a choice of DESIGN.md). Suite.Run
//		then expects the other answer, so that the departure stays
//		visible and tested.
//
// DIALECTS is a comma-separated list of the dialects whose semantics give
// the document's answer (see compile.Dialect), or "all" for every dialect. Tokens
// are separated by blanks; a token that starts with a double quote is a Go
// string literal (for blanks, empty strings and special bytes), and a token
// that starts with # begins a comment that runs to the end of the line.
// Errors name the file and line at fault, as NAME:LINE.
func Load(fsys fs.FS, dir string) (*Suite, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("conformance: no spec files (*.txt) in %s", dir)
	}
	sort.Strings(names)
	s := &Suite{}
	var errs []error
	for _, name := range names {
		spec, err := readSpec(fsys, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		s.Specs = append(s.Specs, spec)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return s, nil
}

// Cases returns the cases of every spec file that record an answer of
// dialect d, in file order.
func (s *Suite) Cases(d compile.Dialect) []*Case {
	var out []*Case
	for _, spec := range s.Specs {
		out = append(out, spec.For(d)...)
	}
	return out
}

// For returns the spec file's cases that record an answer of dialect d.
func (s *Spec) For(d compile.Dialect) []*Case {
	var out []*Case
	for i := range s.Cases {
		if c := &s.Cases[i]; c.has(d) {
			out = append(out, c)
		}
	}
	return out
}

// Run runs impl on every case of dialect d and returns one error per case
// it gets wrong, in file order.
func (s *Suite) Run(d compile.Dialect, impl Impl) []error {
	var errs []error
	for _, c := range s.Cases(d) {
		if err := c.check(c.Run(impl)); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}
