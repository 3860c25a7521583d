//go:build robots_nocharset

package normalize

import (
	"errors"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
)

// Encoding returns the encoding a charset label names: built with the tag
// robots_nocharset, only the labels of UTF-8 are known (see the default
// build's Encoding), and any other label is an error.
func Encoding(label string) (encoding.Encoding, error) {
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8":
		return unicode.UTF8, nil
	}
	return nil, errNoCharsets
}

// errNoCharsets is Encoding's error for a label other than UTF-8's in a
// build without the charset tables.
var errNoCharsets = errors.New("normalize: built without charset tables (tag robots_nocharset): only UTF-8 is known")
