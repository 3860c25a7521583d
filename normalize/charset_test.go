//go:build !robots_nocharset

package normalize

import (
	"errors"
	"testing"
)

func TestBodyCharset(t *testing.T) {
	got, info, err := Prepare([]byte("caf\xE9"), BodyOptions{Charset: "ISO-8859-1"})
	if err != nil || string(got) != "café" || info.Charset == "" {
		t.Errorf("latin-1: %q, %+v, %v", got, info, err)
	}
	if got, _, err := Prepare([]byte("caf\xE9"), BodyOptions{Charset: "utf-8"}); err != nil || string(got) != "caf\xE9" {
		t.Errorf("utf-8 declared: %q, %v (octets must be kept)", got, err)
	}
	if _, _, err := Prepare([]byte("x"), BodyOptions{Charset: "x-no-such"}); err == nil {
		t.Error("unknown charset: no error")
	}
}

// TestBodyCharsetKeepsRules: a declared charset never erases a file. A valid
// UTF-8 body is kept whatever is declared (RFC 9309 2.2), and decoding that
// would lose rule lines is not applied.
func TestBodyCharsetKeepsRules(t *testing.T) {
	utf8Body := "User-agent: *\n# \u00a9 2025 the owners\nDisallow: /private\n"
	latin1Body := "User-agent: *\n# \xa9 2025 the owners\nDisallow: /private\n" // not UTF-8
	for _, c := range []struct {
		body, charset string
		want          string
		ignored       bool
	}{
		{utf8Body, "utf-16", utf8Body, true},
		{utf8Body, "utf-16be", utf8Body, true},
		{utf8Body, "utf-16le", utf8Body, true},
		{utf8Body, "iso-2022-kr", utf8Body, true},
		{utf8Body, "hz-gb-2312", utf8Body, true},
		{utf8Body, "replacement", utf8Body, true},
		{utf8Body, "iso-8859-1", utf8Body, true},
		{utf8Body, "windows-1251", utf8Body, true},
		{"User-agent: *\nDisallow: /private\n", "utf-16", "User-agent: *\nDisallow: /private\n", false}, // ASCII: nothing to say
		{latin1Body, "utf-16", latin1Body, true},
		{latin1Body, "replacement", latin1Body, true},
		{latin1Body, "iso-2022-kr", latin1Body, true},
		{latin1Body, "iso-8859-1", utf8Body, false},
		{latin1Body, "windows-1252", utf8Body, false},
	} {
		got, info, err := Prepare([]byte(c.body), BodyOptions{Charset: c.charset})
		if string(got) != c.want || (info.Ignored != "") != c.ignored || errors.Is(err, ErrCharsetIgnored) != c.ignored {
			t.Errorf("%q as %s: got %q, ignored %q, %v; want %q, ignored %v", c.body, c.charset, got, info.Ignored, err, c.want, c.ignored)
		}
	}
}
