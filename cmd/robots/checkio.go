package main

// The input and output loop of check. It is the hot path of the command:
// a million URLs should cost little more than copying them, so lines are
// split in place in one read buffer, results are formatted by appending to
// a batch's output buffer (no fmt, no encoding/json), and nothing is
// allocated per URL (checkpar.go spreads the deciding over the cores). A
// read of input may wait, so before each one the lines read so far are sent
// off to be decided, and the writer flushes whenever it has nothing more to
// write: with slow input each result appears as soon as its line is in,
// while on a fast pipe a flush happens about once per read buffer. Memory
// stays flat: the read buffer grows to at most maxURLLine, whatever the
// length of the input.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"unsafe"

	"github.com/robotsexclusion/robots/internal/report"
)

const (
	// maxURLLine is the longest input line check reads as a URL. Longer
	// lines are reported as errors and skipped, and the batch goes on.
	maxURLLine = 1 << 20

	// urlReadBuffer is the size of the read buffer for URL input, and of
	// the output buffer.
	urlReadBuffer = 64 << 10

	// shownPrefix is how many octets of a line too long to check are shown
	// in its error line.
	shownPrefix = 64
)

// longLineProblem is the problem of a line longer than maxURLLine.
var longLineProblem = fmt.Sprintf("line longer than %d octets", maxURLLine)

// eachURL calls fn for each URL of args or, when there are none, for each
// line of standard input that is neither blank nor a # comment, trimmed.
// Lines longer than maxURLLine are skipped. It is eachURLLine for commands
// that take URLs one at a time and judge them themselves.
func eachURL(e *env, args []string, fn func(url string)) error {
	return eachURLLine(e, args, func(u []byte, problem string) {
		if problem != longLineProblem {
			fn(string(u))
		}
	}, func() {})
}

// eachURLLine calls line for each URL of args or, when there are none, for
// each line of standard input that is neither blank nor a # comment, with
// the line's problem when it is not a URL check can decide ("" otherwise).
// Before each read of standard input, which may wait, it calls wait. The
// slice passed to line is valid only during the call.
func eachURLLine(e *env, args []string, line func(url []byte, problem string), wait func()) error {
	if len(args) > 0 {
		for _, a := range args {
			u := []byte(a)
			line(u, urlProblem(u))
		}
		return nil
	}
	return eachLine(e.stdin, line, wait)
}

// eachLine is eachURLLine on a reader.
func eachLine(r io.Reader, line func(url []byte, problem string), wait func()) error {
	buf := make([]byte, urlReadBuffer)
	start, end := 0, 0 // buf[start:end] is read and not yet used
	skipping := false  // inside a line longer than maxURLLine
	var eof bool
	for {
		// Use every complete line in the buffer.
		for {
			i := bytes.IndexByte(buf[start:end], '\n')
			if i < 0 {
				break
			}
			if !skipping {
				useLine(buf[start:start+i], line)
			}
			skipping = false
			start += i + 1
		}
		if eof {
			if start < end && !skipping {
				useLine(buf[start:end], line)
			}
			return nil
		}
		// Keep the partial line, at the front of the buffer.
		if start > 0 {
			end = copy(buf, buf[start:end])
			start = 0
		}
		if end == len(buf) {
			switch {
			case skipping:
				end = 0
			case len(buf) <= maxURLLine:
				nb := make([]byte, min(2*len(buf), maxURLLine+1))
				copy(nb, buf[:end])
				buf = nb
			default:
				// The line is longer than maxURLLine: report it, and
				// drop the rest of it as it comes.
				line(buf[:shownPrefix], longLineProblem)
				skipping, end = true, 0
			}
		}
		wait()
		n, err := r.Read(buf[end:])
		end += n
		if err == io.EOF {
			eof = true
		} else if err != nil {
			return fmt.Errorf("%w: %w", errReadURLs, err)
		}
	}
}

// useLine trims a line and passes it on, unless it is blank or a comment.
func useLine(b []byte, line func(url []byte, problem string)) {
	b = trimSpace(b)
	if len(b) == 0 || b[0] == '#' {
		return
	}
	line(b, urlProblem(b))
}

// trimSpace drops spaces, tabs and CRs around b.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// urlProblem says why u is not a URL that check decides, or returns "": the
// library's reading (report.URLProblem), on the line as it is in the
// buffer, without a copy.
func urlProblem(u []byte) string {
	return report.URLProblem(unsafe.String(unsafe.SliceData(u), len(u)))
}

// resultWriter writes check's results, as text or JSON lines, into one
// buffer that it reuses.
type resultWriter struct {
	w       *bufio.Writer
	json    bool
	usage   bool // -usage: print each URL's usage preferences
	scratch []byte
}

func newResultWriter(w io.Writer, asJSON, withUsage bool) *resultWriter {
	return &resultWriter{w: bufio.NewWriterSize(w, urlReadBuffer), json: asJSON, usage: withUsage, scratch: make([]byte, 0, 512)}
}

// invalid writes an input line that is not a URL.
func (rw *resultWriter) invalid(url []byte, problem string) {
	b := report.AppendCheckError(rw.scratch[:0], unsafe.String(unsafe.SliceData(url), len(url)), problem, rw.json)
	rw.w.Write(append(b, '\n'))
	rw.scratch = b[:0]
}

func (rw *resultWriter) flush()     { rw.w.Flush() }
func (rw *resultWriter) err() error { return rw.w.Flush() }
