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
	"github.com/robotsexclusion/robots/normalize"
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

// ReferenceImpl returns the reference pipeline in dialect d as an Impl:
// the body prepared with d.BodyOptions() (normalize.Prepare), read with
// d.Parse, the crawler's groups selected (compile.File.Select) and
// decided by Reference, with the usage preferences of ReferenceUsage.
func ReferenceImpl(d compile.Dialect) Impl {
	return func(body []byte, agent, url string) Verdict {
		text, _, _ := normalize.Prepare(body, d.BodyOptions()) // no charset: never fails
		sel := d.Parse(text).Select(agent)
		rules := sel.Rules
		i, ok := Reference(d, rules, url)
		v := Verdict{Allowed: ok}
		if i >= 0 {
			v.Line, v.Pattern = rules[i].Line, rules[i].Pattern
		}
		if len(sel.Usage) > 0 || len(sel.Signals) > 0 {
			_, v.Usage, _ = ReferenceUsage(d, rules, sel.Usage, sel.Signals, url)
		}
		return v
	}
}

// ReferenceVerdict returns the reference's verdict on a case in dialect d:
// the case run through ReferenceImpl(d), a match case as the body it
// stands for. In RFC9309 a match case is decided by Match on the canonical
// pattern and path (normalize.Form.Pattern and normalize.Form.URL of
// normalize.Canonical) directly, an empty pattern matching nothing, and is
// given the verdict of the body it stands for: disallowed by line 2 when
// the pattern matches.
func ReferenceVerdict(d compile.Dialect) func(*Case) Verdict {
	impl := ReferenceImpl(d)
	return func(c *Case) Verdict {
		if d != compile.RFC9309 || c.Kind != KindMatch {
			return c.Run(impl)
		}
		if c.Pattern != "" && Match(normalize.Canonical.Pattern(c.Pattern), normalize.Canonical.URL(c.URL)) {
			return Verdict{Allowed: false, Line: matchLine, Pattern: c.Pattern}
		}
		return Verdict{Allowed: true}
	}
}

// Run runs impl on the case's Input.
func (c *Case) Run(impl Impl) Verdict { return impl(c.Input()) }

// Check reports whether v is the answer the case's dialects give (see
// WantAllowed). The error names the case, its source and the rule that
// decided.
func (c *Case) Check(v Verdict) error {
	if c.Kind == KindUsage {
		if got := v.Usage.String(); got != c.Usage {
			return fmt.Errorf("%s: %s [%s]: got preferences %q (%s)", c.Name(), c, c.Source, got, usageLines(v.Usage))
		}
		return nil
	}
	want := c.WantAllowed()
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
			c.Name(), c, c.Source, c.Disputed, allowedWord(want), got)
	}
	return fmt.Errorf("%s: %s [%s]: got %s", c.Name(), c, c.Source, got)
}

// A Suite is the conformance corpus: the spec files of a directory.
type Suite struct {
	Specs []*Spec // in file name order
}

// Load reads every spec file (*.txt) of directory dir of fsys:
// Load(conformance.Files, conformance.SpecDir) for the files this package
// ships, Load(os.DirFS(d), ".") for spec files of one's own in directory d
// (their format is ParseSpec's).
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
		if err := c.Check(c.Run(impl)); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}
