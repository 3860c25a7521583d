package jsonw

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestAppendString holds AppendString to encoding/json's Encoder, HTML
// escaping off, on strings of every kind of octet.
func TestAppendString(t *testing.T) {
	for _, s := range []string{"", "plain", `a"b\c`, "tab\tnl\ncr\r\x00\x1f\x7f", "<&>", "café", "\xff\xfe", "a\u2028b\u2029", "\xe2\x82", "𝄞"} {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		if got := AppendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(10, func() { buf = AppendString(buf[:0], "a\"b\xff") }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
