//go:build !robots_nocharset

package charset

import "testing"

// TestEncodedLen checks the labels the default build reads, every WHATWG
// label, ignoring case and blanks, and the lengths it measures.
func TestEncodedLen(t *testing.T) {
	for _, c := range []struct {
		label, text string
		want        int
	}{
		{"utf-8", "café", 5},
		{" UTF8 ", "café", 5},
		{"windows-1252", "café", 4},
		{"Shift_JIS", "日本", 4},
		{"gb18030", "中", 2},
		{"euc-kr", "한", 2},
		{"big5", "中", 2},
	} {
		if n, ok := EncodedLen(c.label, c.text); !ok || n != c.want {
			t.Errorf("EncodedLen(%q, %q) = %d, %v; want %d", c.label, c.text, n, ok, c.want)
		}
	}
	if _, ok := EncodedLen("x-no-such", "a"); ok {
		t.Error("EncodedLen(x-no-such): ok")
	}
	if _, ok := EncodedLen("windows-1252", "日本"); ok {
		t.Error("EncodedLen(windows-1252, 日本): ok, but it cannot be encoded")
	}
}
