//go:build !robots_nocharset

package normalize

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
)

// Encoding returns the encoding a charset label names, as a Content-Type
// header's charset parameter or an HTML page names it (the labels of the
// WHATWG Encoding Standard, matched ignoring case and surrounding blanks),
// or an error for a label it does not know. It is how Prepare reads a
// declared charset.
//
// A program built with the tag robots_nocharset, for which every body is
// already text (a page that parses what is pasted into it), knows only the
// labels of UTF-8, so that the tables of the other charsets (those of
// Chinese, Japanese and Korean weigh most) are not linked.
func Encoding(label string) (encoding.Encoding, error) {
	return htmlindex.Get(label)
}
