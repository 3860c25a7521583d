//go:build robots_nocharset

package charset

import (
	"errors"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A Decoder transcodes a body to UTF-8.
type Decoder func(body []byte) ([]byte, error)

// UTF16 is the Decoder of a body that starts with a UTF-16 byte order
// mark, big-endian or not: the mark is dropped, and what is not a
// character (an unpaired surrogate, a final odd octet) is read as U+FFFD
// exactly as the default build's decoder (golang.org/x/text) reads it.
func UTF16(bigEndian bool) Decoder {
	return func(b []byte) ([]byte, error) {
		unit := func(i int) rune {
			if bigEndian {
				return rune(b[i])<<8 | rune(b[i+1])
			}
			return rune(b[i+1])<<8 | rune(b[i])
		}
		out := make([]byte, 0, len(b)+len(b)/2)
		i := 2 // the byte order mark
		for ; i+1 < len(b); i += 2 {
			r := unit(i)
			// A surrogate and a low surrogate after it are read as one
			// unit, U+FFFD unless the first is a high surrogate; a lone
			// surrogate is U+FFFD, as AppendRune writes it.
			if utf16.IsSurrogate(r) && i+3 < len(b) {
				if low := unit(i + 2); 0xDC00 <= low && low <= 0xDFFF {
					r = utf16.DecodeRune(r, low)
					i += 2
				}
			}
			out = utf8.AppendRune(out, r)
		}
		if i < len(b) {
			out = utf8.AppendRune(out, utf8.RuneError)
		}
		return out, nil
	}
}

// utf8Labels are the labels of UTF-8.
var utf8Labels = []string{"utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"}

func isUTF8Label(label string) bool {
	label = strings.ToLower(strings.TrimSpace(label))
	for _, l := range utf8Labels {
		if label == l {
			return true
		}
	}
	return false
}

// Lookup knows only the labels of UTF-8 (see the default build's).
func Lookup(label string) (decode Decoder, isUTF8 bool, err error) {
	if isUTF8Label(label) {
		return nil, true, nil
	}
	return nil, false, ErrNoTables
}

// ErrNoTables is the error for a label other than UTF-8's in a build
// without the charset tables.
var ErrNoTables = errors.New("normalize: built without charset tables (tag robots_nocharset): only UTF-8 is known")

// EncodedLen returns the length in octets of text encoded in the charset
// that label names: built with the tag robots_nocharset, it knows only the
// labels of UTF-8 (see the default build's), and is false for any other.
func EncodedLen(label, text string) (int, bool) {
	if isUTF8Label(label) {
		return len(text), true
	}
	return 0, false
}
