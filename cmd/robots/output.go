package main

import (
	"bytes"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/robotsexclusion/robots/internal/jsonw"
	"github.com/robotsexclusion/robots/internal/report"
)

// writeJSON writes v as one line of JSON, as package report encodes every
// -json output.
func writeJSON(w io.Writer, v any) {
	b, err := report.Encode(v)
	if err != nil {
		b = append(jsonw.AppendString([]byte(`{"error":`), err.Error()), "}\n"...)
	}
	w.Write(b)
}

// table is a tabwriter that drops the spaces it leaves at the ends of lines.
type table struct {
	*tabwriter.Writer
	buf *bytes.Buffer
	w   io.Writer
}

func newTable(w io.Writer) *table {
	buf := new(bytes.Buffer)
	return &table{Writer: tabwriter.NewWriter(buf, 0, 0, 2, ' ', 0), buf: buf, w: w}
}

// Flush writes the table, each line without trailing spaces.
func (t *table) Flush() {
	t.Writer.Flush()
	for _, line := range strings.SplitAfter(t.buf.String(), "\n") {
		if line != "" {
			io.WriteString(t.w, strings.TrimRight(line, " \n")+"\n")
		}
	}
	t.buf.Reset()
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }
