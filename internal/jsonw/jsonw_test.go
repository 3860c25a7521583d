package jsonw

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// encodingJSON returns s as encoding/json's Encoder writes it, HTML
// escaping off, its octets that are not UTF-8 percent-encoded first: what
// AppendString must write.
func encodingJSON(t *testing.T, s string) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(PercentInvalid(s)); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// TestAppendString holds AppendString to encoding/json's Encoder, HTML
// escaping off, on strings of every kind of octet, with the octets that
// are not UTF-8 percent-encoded first.
func TestAppendString(t *testing.T) {
	for _, s := range []string{"", "plain", `a"b\c`, "tab\tnl\ncr\r\x00\x1f\x7f", "<&>", "café", "\xff\xfe", "a\u2028b\u2029", "\xe2\x82", "𝄞"} {
		if got, want := AppendString(nil, s), encodingJSON(t, s); !bytes.Equal(got, want) {
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

// TestAppendStringLong holds AppendString to encoding/json as the test
// above does, on random strings long enough to be read eight octets at a
// time, rich in the octets that are written otherwise.
func TestAppendStringLong(t *testing.T) {
	const alphabet = "ab/\x00\x1f\x20\x7f\"\\\t\n\x80\xff\xe2\x80\xa8é𝄞<&>"
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			if r.IntN(3) == 0 {
				b[i] = alphabet[r.IntN(len(alphabet))]
			} else {
				b[i] = 'a' + byte(r.IntN(26))
			}
		}
		s := string(b)
		if got, want := AppendString(nil, s), encodingJSON(t, s); !bytes.Equal(got, want) {
			t.Fatalf("%q: got %s, want %s", s, got, want)
		}
	}
}

func TestPercentInvalid(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"/a&<b>", "/a&<b>"},
		{"caf\xc3\xa9", "café"},
		{"\uFFFD", "\uFFFD"},
		{"/a\xff", "/a%FF"},
		{"\xe2\x82x\xfe", "%E2%82x%FE"},
		{"%FF", "%FF"},
	} {
		if got := PercentInvalid(c.in); got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
	if n := testing.AllocsPerRun(10, func() { PercentInvalid("/valid/path") }); n != 0 {
		t.Errorf("%v allocations on valid UTF-8", n)
	}
}
