package compile

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/robotsexclusion/robots/internal/diag"
)

// The parser's diagnostics are of the project's one Diagnostic type
// (robots.Diagnostic), under the codes the root package lists with their
// severities. Each says what was found and what the parser did with it;
// none stops parsing.

// MaxDiagnostics bounds the diagnostics a File keeps, so that their memory
// stays small whatever the body: a body of one-octet lines could otherwise
// call for one per two octets. Past it, as compilers stop after too many
// errors, the rest are only counted, and Diagnostics ends with one
// diagnostic of code robots.TooMany that says how many. No real file comes
// near it: of 1,613 crawled ones, the most has about 3,000.
const MaxDiagnostics = 10000

// MaxExtensions bounds the extension lines a File keeps (File.Extensions),
// as MaxDiagnostics bounds its diagnostics: a body of three-octet lines
// "x:" would otherwise keep a 40-octet entry for every three octets, and
// grow them by copies. The first line past it gets a diagnostic
// (robots.TooManyExtensions). No real file comes near it.
const MaxExtensions = 10000

// note is a diagnostic as the parser keeps it: its position, code and the
// parts of its message, which Diagnostics formats only when asked, so that
// parsing a file with many odd lines builds no strings.
type note struct {
	line   int32
	col    int32 // 1-based; 0 for the whole line
	code   diag.Code
	format string    // a constant; its verbs are %q, %s and %d, and %% is '%'
	args   [3]string // for %q and %s, in order
	num    int       // for %d
}

// Diagnostics returns the problems found while reading the file
// (robots.Diagnostic values), in line order, formatted afresh on each
// call: at most MaxDiagnostics, then, when there were more, one of code
// robots.TooMany on the line of the first not kept.
func (f *File) Diagnostics() []diag.Diagnostic {
	notes := f.diags
	if l := f.lazy; l != nil {
		l.once.Do(func() { l.notes = f.opts.parseWith(f.text, nil, l.slow, true).diags })
		notes = l.notes
	}
	if len(notes) == 0 {
		return nil
	}
	out := make([]diag.Diagnostic, len(notes), len(notes)+1)
	for i := range notes {
		d := &notes[i]
		out[i] = diag.Diagnostic{Line: int(d.line), Column: int(d.col), Code: d.code, Message: d.message()}
	}
	if f.dropped > 0 {
		out = append(out, diag.Diagnostic{Line: f.droppedLine, Code: diag.TooMany,
			Message: fmt.Sprintf("%d more diagnostics from here on are not reported", f.dropped)})
	}
	return out
}

// lazyNotes are the diagnostics of a File read by Parse, which only counts
// them: a crawler parses a file to decide URLs and never asks, and keeping
// them cost it a note of 96 octets each (up to MaxDiagnostics, grown by
// doubling: 2.5 MB on a file of a diagnostic a line). Diagnostics reads the
// File's text again, keeping them, the first time it is called; the parse
// is a function of the text and the options, so it finds the same ones
// (the count of those past MaxDiagnostics, which Parse keeps, included). A
// tool that reads the line table (ParseLines) gets them kept at once.
type lazyNotes struct {
	once  sync.Once
	slow  bool // read again as the parse was (see parseWith)
	notes []note
}

// message formats the diagnostic's message as fmt.Sprintf would: the
// format's text between verbs copied a run at a time, into one buffer
// sized for the format and its arguments (a quoted argument may grow).
func (d *note) message() string {
	f := d.format
	n := len(f)
	for _, a := range d.args {
		n += len(a)
	}
	b := make([]byte, 0, n+8)
	arg := 0
	for {
		i := strings.IndexByte(f, '%')
		if i < 0 || i+1 == len(f) {
			b = append(b, f...)
			break
		}
		b = append(b, f[:i]...)
		switch f[i+1] {
		case 'q':
			b = strconv.AppendQuote(b, d.args[arg])
			arg++
		case 's':
			b = append(b, d.args[arg]...)
			arg++
		case 'd':
			b = strconv.AppendInt(b, int64(d.num), 10)
		default:
			b = append(b, f[i+1]) // "%%"
		}
		f = f[i+2:]
	}
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not written again
}
