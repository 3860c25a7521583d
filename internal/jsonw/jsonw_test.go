package jsonw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestAppendString holds AppendString to encoding/json's Encoder, HTML
// escaping off, on strings of every kind of octet, with the octets that
// are not UTF-8 percent-encoded first.
func TestAppendString(t *testing.T) {
	for _, s := range []string{"", "plain", `a"b\c`, "tab\tnl\ncr\r\x00\x1f\x7f", "<&>", "café", "\xff\xfe", "a\u2028b\u2029", "\xe2\x82", "𝄞"} {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(percentInvalid(s)); err != nil {
			t.Fatal(err)
		}
		want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		if got := AppendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	}
	if got, want := string(AppendString(nil, "/a\xff&b\xe2\x82")), `"/a%FF&b%E2%82"`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(10, func() { buf = AppendString(buf[:0], "a\"b\xff") }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// percentInvalid percent-encodes the octets of s that are not part of
// valid UTF-8.
func percentInvalid(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			fmt.Fprintf(&b, "%%%02X", s[i])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
