//go:build !robots_nocharset

// Package charset reads the charset labels of robots.txt bodies for
// package normalize, and measures text in a charset for the maps from a
// transcoded body back to its octets. Built with the tag
// robots_nocharset it knows UTF-8 and UTF-16 with a byte order mark only,
// and links none of golang.org/x/text.
package charset

import (
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
)

// The charsets of the default build: every label of the WHATWG Encoding
// Standard, as golang.org/x/text reads them. A program built with the tag
// robots_nocharset, for which every body is already text (a page that
// parses what is pasted into it), knows only UTF-8 and UTF-16 with a byte
// order mark, and links none of golang.org/x/text: the tables of the other
// charsets (those of Chinese, Japanese and Korean weigh most) stay out.

// A Decoder transcodes a body to UTF-8.
type Decoder func(body []byte) ([]byte, error)

// UTF16 is the Decoder of a body that starts with a UTF-16 byte order
// mark, big-endian or not.
func UTF16(bigEndian bool) Decoder {
	order := unicode.LittleEndian
	if bigEndian {
		order = unicode.BigEndian
	}
	return unicode.UTF16(order, unicode.ExpectBOM).NewDecoder().Bytes
}

// Lookup returns the Decoder of the charset label names (lower case,
// trimmed), or isUTF8 when it names UTF-8, or an error for a label it does
// not know.
func Lookup(label string) (decode Decoder, isUTF8 bool, err error) {
	enc, err := htmlindex.Get(label)
	if err != nil {
		return nil, false, err
	}
	if enc == unicode.UTF8 {
		return nil, true, nil
	}
	return enc.NewDecoder().Bytes, false, nil
}

// EncodedLen returns the length in octets of text encoded in the charset
// that label names, as Lookup reads a label (the labels of the WHATWG
// Encoding Standard, ignoring case and surrounding blanks), and false when
// it does not know the label or text cannot be encoded in it. It is how
// offsets in a transcoded body are mapped back to the body.
//
// Built with the tag robots_nocharset, it knows only the labels of UTF-8.
func EncodedLen(label, text string) (int, bool) {
	enc, err := htmlindex.Get(label)
	if err != nil {
		return 0, false
	}
	b, err := enc.NewEncoder().String(text)
	if err != nil {
		return 0, false
	}
	return len(b), true
}
