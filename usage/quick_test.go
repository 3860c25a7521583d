package usage

import (
	"strings"
	"testing"
)

// TestDictionaryAllocs checks that reading a value allocates only for its
// diagnostics: nothing when there is none, whatever the value's syntax
// (parameters, inner lists, every bare item type), and the same as
// httpsfv's reading otherwise.
func TestDictionaryAllocs(t *testing.T) {
	from := Source{Line: 1, Field: "x"}
	tests := []struct {
		v     Vocabulary
		value string
		diags int
	}{
		{AIPref, "train-ai=n, search=y", 0},
		{AIPref, "train-ai=n;a", 0},
		{AIPref, "x;a", 0},
		{AIPref, "train-ai=y;p=1;q=?0;r=\"s\";t=:AA==:;u=@1;w=%\"%c3%a9\", search=n", 0},
		{AIPref, "x=(a b;c \"d\" 1 1.5 :AA==: @1 %\"e\");f, train-ai=y", 0},
		{AIPref, "train-ai=y, train-ai=n", 0},
		{AIPref, strings.Repeat("train-ai=n;p=1, x-y=?1, ", 100) + "x", 0},
		{ContentSignal, "search=yes;a, ai-train=no, use=reference;b", 0},
		{AIPref, "train-ai=yes", 1},
		{AIPref, "train-ai=(n)", 1},
		{AIPref, "train-ai=n, ai-train=no", 1},
		{ContentSignal, "search=y, use=partial", 2},
		{AIPref, "train-ai=n;", 1},
		{AIPref, "Train-ai=n", 1},
		{AIPref, "", 1},
	}
	for _, tt := range tests {
		s, diags := parse(tt.v, tt.value, from)
		want, wantDiags := parseHTTPSFV(tt.v, tt.value, pack(from))
		if s != want || len(diags) != len(wantDiags) || len(diags) != tt.diags {
			t.Errorf("parse(%s, %q) = %s %v, httpsfv reads %s %v, want %d diagnostics", tt.v, tt.value, s, diags, want, wantDiags, tt.diags)
		}
		if tt.diags > 0 {
			continue
		}
		if n := testing.AllocsPerRun(10, func() { parse(tt.v, tt.value, from) }); n != 0 {
			t.Errorf("parse(%s, %q) allocates %.0f times", tt.v, tt.value, n)
		}
	}
}

// TestOctetClasses checks the key and Token octet tables against RFC 9651's
// ABNF, spelt out: a key's later characters (section 3.1.2) and a Token's
// (section 3.3.4, tchar of RFC 9110 with ":" and "/").
func TestOctetClasses(t *testing.T) {
	const (
		lower, upper, digit = "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"
		key                 = lower + digit + "_-.*"
		token               = lower + upper + digit + "!#$%&'*+-.^_`|~" + ":/"
	)
	for c := range 256 {
		b := byte(c)
		if got, want := isKeyChar(b), strings.IndexByte(key, b) >= 0; got != want {
			t.Errorf("isKeyChar(%q) = %t", b, got)
		}
		if got, want := isTokenChar(b), strings.IndexByte(token, b) >= 0; got != want {
			t.Errorf("isTokenChar(%q) = %t", b, got)
		}
	}
}
