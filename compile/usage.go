package compile

// This file reads the usage-preference lines of a file: Content-Usage rules
// (draft-ietf-aipref-attach) and Content-Signal lines (Cloudflare's
// Content Signals). Their values are read by package usage; this file only
// places them in their group, or in the File when they are outside any
// group, and turns usage's diagnostics into the file's.

import (
	"strings"

	"github.com/robotsexclusion/robots/internal/diag"
	"github.com/robotsexclusion/robots/internal/dialect"
	"github.com/robotsexclusion/robots/usage"
)

// The field names a usage.Source gives for the lines of a robots.txt file.
const (
	fieldContentUsage  = dialect.FieldContentUsage
	fieldContentSignal = dialect.FieldContentSignal
)

// usageRule reads the value of a Content-Usage line into the group being
// read, or into the File when there is none.
//
// The groups' lines are kept end to end in p.usage, sized at the first by
// counting the lines that can be Content-Usage lines (keyBound), so that
// a file of many such lines does not grow them by copies: a group's lines
// are contiguous there, as a group never resumes once the next starts, and
// its Usage is their slice.
func (p *parser) usageRule(n int, v string) {
	path, prefs, diags := usage.ParseRule(v, usage.Source{Line: n, Field: fieldContentUsage})
	p.usageDiags(n, fieldContentUsage, diags)
	p.f.usageLines++
	r := UsageRule{Value: v, Path: path, Prefs: prefs, Line: n}
	if path != "" {
		r.Canonical = p.opts.Form.Pattern(path)
	}
	if p.group == nil {
		appendSized(&p.f.Usage, r, p.s, "content-usage")
		return
	}
	p.group.Usage = appendShared(&p.usage, p.group.Usage, r, p.s, "content-usage")
}

// appendSized appends x, a line of key, to dst, which is sized at its
// first line by the lines of key in the body s (keyBound).
func appendSized[T any](dst *[]T, x T, s, key string) {
	if *dst == nil {
		*dst = make([]T, 0, keyBound(s, key))
	}
	*dst = append(*dst, x)
}

// appendShared appends x, a line of key, to all, the lines of that key of
// every group end to end, and returns group, the current group's lines,
// which are the last of all, extended by x.
func appendShared[T any](all *[]T, group []T, x T, s, key string) []T {
	appendSized(all, x, s, key)
	end := len(*all)
	return (*all)[end-len(group)-1 : end : end]
}

// keyBound returns the number of lines of s, ended by CR or LF, that
// start with key (lower case) in any case after white space: at least the
// lines of that key. The Content-Usage and Content-Signal lines are sized
// by it at their first, in one slice for the groups' and one for the
// file's, rather than grown by copies: a 112-octet UsageRule a line, grown
// as append grows large slices (a quarter at a time), would otherwise
// allocate five times that over a file of such lines.
func keyBound(s, key string) int {
	// A line ends at the first LF or CR. The next LF is found by
	// IndexByte and kept until the lines pass it, and a CR is looked for
	// only before it, and only in a body that holds one: IndexAny of the
	// two reads an octet at a time, five times the cost on a file of
	// short lines, and looking for the LF again at every line of a file
	// of CR alone would read it over and over.
	n, lf := 0, -1
	cr := strings.IndexByte(s, '\r') >= 0
	for at := 0; at < len(s); {
		i := at
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if hasPrefixFold(s[i:], key) {
			n++
		}
		if lf < at {
			if lf = strings.IndexByte(s[at:], '\n'); lf < 0 {
				lf = len(s)
			} else {
				lf += at
			}
		}
		end := lf
		if cr {
			if k := strings.IndexByte(s[at:lf], '\r'); k >= 0 {
				end = at + k
			}
		}
		at = end + 1
	}
	return n
}

// signal reads the value of a Content-Signal line into the group being
// read, or into the File when there is none.
func (p *parser) signal(n int, v string) {
	prefs, diags := usage.ParseSignal(v, usage.Source{Line: n, Field: fieldContentSignal})
	p.usageDiags(n, fieldContentSignal, diags)
	p.f.usageLines++
	s := Signal{Value: v, Prefs: prefs, Line: n}
	if p.group == nil {
		appendSized(&p.f.Signals, s, p.s, "content-signal")
		return
	}
	p.group.Signals = appendShared(&p.signals, p.group.Signals, s, p.s, "content-signal")
}

// usageDiags reports usage's diagnostics of line n, a field line, each
// under usage's code, its message after the field's name. Package usage has
// formatted their messages already (it reads the value to know the
// preferences, which the File keeps), so they are kept as they are.
func (p *parser) usageDiags(n int, field string, diags []diag.Diagnostic) {
	for _, d := range diags {
		p.diag(n, d.Code, "%s: %s", field, d.Message)
	}
}
