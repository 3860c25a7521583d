package report

import (
	"strconv"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/lint"
)

// A Finding is one diagnostic of lint, of one file, as lint -json prints
// it.
type Finding struct {
	File     string          `json:"file"`
	Line     int             `json:"line"`             // 0: the file as a whole
	Column   int             `json:"column,omitempty"` // 1-based octet column in the decoded line, where it makes sense
	Code     robots.Code     `json:"code"`
	Severity robots.Severity `json:"severity"`
	Message  string          `json:"message"`
}

// Lint runs every check of package lint on body, read with opts, and
// returns its findings, named file, in line order.
func Lint(file string, body []byte, opts []robots.Option) []Finding {
	var out []Finding
	for _, d := range lint.Run(body, opts) {
		out = append(out, NewFinding(file, d))
	}
	return out
}

// NewFinding returns a diagnostic of the named file as a Finding.
func NewFinding(file string, d robots.Diagnostic) Finding {
	return Finding{File: file, Line: d.Line, Column: d.Column, Code: d.Code, Severity: d.Severity(), Message: d.Message}
}

// String formats f as lint prints it: "robots.txt:1:20: error:
// collapsed-rule: ...".
func (f Finding) String() string {
	pos := f.File
	if f.Line > 0 {
		pos += ":" + strconv.Itoa(f.Line)
		if f.Column > 0 {
			pos += ":" + strconv.Itoa(f.Column)
		}
	}
	return pos + ": " + f.Severity.String() + ": " + string(f.Code) + ": " + f.Message
}
