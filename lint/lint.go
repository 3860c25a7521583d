// Package lint checks robots.txt files for lines and groups that will not
// do what they look like, or that crawlers read differently, and reports
// each with a code and a severity: what a site's CI, an editor or a CMS
// runs before publishing a file.
//
// Run parses a body once and runs the checks on it; its diagnostics are
// the parser's (Robots.Diagnostics) and the checks', each with its code's
// severity, in line order. RunParsed does the same for a file already
// parsed with its Source, by robots.ParseSource or a fetch.Fetcher. Each
// check reports one code: Checks lists them, and a caller that wants only
// some (by code, or by the code's severity) passes those it picks. Every
// code, the parser's and the checks', is one of the root package's
// (robots.Codes), declared there once with its severity and meaning. The
// checks read the file as the library read it (the parsed Robots, its
// dialect, the parser's line table) and ask every group question of
// Matcher.Selection, so they never disagree with what a crawler decides.
//
// An HTML page served as robots.txt (robots.HTMLBody) is reported alone:
// its lines would be noise.
//
// The cost of a check is linear in the file, except for the checks that
// ask the Matcher of each crawler the file names (robots.StarReplaced,
// robots.StarUsageHidden): each asks of the first 1,000 names only,
// and says so at the first name past them, since selecting one crawler's
// groups reads them all. Run on a file at the parse limit takes
// milliseconds, and about a second on one built to cost the most (a
// thousand named groups after a * group of ten thousand lines).
package lint

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/lend"
)

// A Check finds one kind of problem and reports it under one code. What
// it finds is that code's meaning (robots.Code.Doc), with its severity
// (robots.Code.Severity).
type Check struct {
	code robots.Code
	run  func(*pass)
}

// newCheck returns the check of a code.
func newCheck(code robots.Code, run func(*pass)) *Check {
	return &Check{code: code, run: run}
}

// Code returns the code the check reports.
func (c *Check) Code() robots.Code { return c.code }

// A pass is one file as a check sees it.
type pass struct {
	Robots  *robots.Robots // the file, parsed
	Dialect robots.Dialect // the dialect it was read in
	Source  *robots.Source // its text, the parser's line table and the way back to body offsets

	check *Check
	run   *run
}

// A run is what the passes of one Run share: what they report, and what
// more than one check asks of the file, computed once.
type run struct {
	found  []robots.Diagnostic
	groups []robots.Group // the file's groups; nil until a check asks
}

// groups returns the file's groups (Robots.Groups), the file's own, lent
// rather than copied: the checks read them, none changes them.
func (p *pass) groups() []robots.Group {
	if p.run.groups == nil {
		p.run.groups = lend.Groups(p.Robots)
	}
	return p.run.groups
}

// reportf reports a finding of the pass's check on line (from 1; 0 for
// the file as a whole), at column (from 1, in the line of Source.Text; 0
// for the whole line).
func (p *pass) reportf(line, column int, format string, args ...any) {
	p.run.found = append(p.run.found, robots.Diagnostic{Line: line, Column: column,
		Code: p.check.code, Message: fmt.Sprintf(format, args...)})
}

// line returns the parser's entry of line n (from 1), and false when the
// file has no such line.
func (p *pass) line(n int) (compile.Line, bool) {
	if n < 1 || n > len(p.Source.Lines) {
		return compile.Line{}, false
	}
	return p.Source.Lines[n-1], true
}

// Checks returns every check of the package, in the order Run runs them,
// one per code it reports.
func Checks() []*Check {
	return []*Check{checkDelayMerge, checkUsageMerge, checkDuplicateRule, checkConflictingRule, checkSecondStar,
		checkStarReplaced, checkStarUsageHidden, checkUsageFileWide, checkExtensionSyntax, checkPastLimit}
}

// Run parses body as robots.Parse does with opts (the dialect, the
// charset, the parse limit) and returns the parser's diagnostics and those
// of the given checks (of every check when none is given), in line order,
// the parser's first on each line. An HTML page gets its HTMLBody
// diagnostic alone.
func Run(body []byte, opts []robots.Option, checks ...*Check) []robots.Diagnostic {
	r, src := robots.ParseSource(body, opts...)
	return RunParsed(r, src, checks...)
}

// RunParsed is Run on a file already read by robots.ParseSource (or by a
// fetch.Fetcher with KeepSource), with the Source of that same reading:
// for tools that parse a body once and both decide and lint it.
func RunParsed(r *robots.Robots, src *robots.Source, checks ...*Check) []robots.Diagnostic {
	found := r.Diagnostics()
	for _, d := range found {
		if d.Code == robots.HTMLBody {
			return []robots.Diagnostic{d}
		}
	}
	if len(checks) == 0 {
		checks = Checks()
	}
	// One pass serves every check, each in turn: a file linted alone
	// allocates it once.
	p := &pass{Robots: r, Dialect: r.Dialect(), Source: src, run: &run{found: found}}
	for _, c := range checks {
		p.check = c
		c.run(p)
	}
	found = p.run.found
	slices.SortStableFunc(found, func(a, b robots.Diagnostic) int { return cmp.Compare(a.Line, b.Line) })
	return found
}
