package lint

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// syntaxRegexps are the grammars of the extension matchers, as regular
// expressions: the matchers must agree with them on every string.
var syntaxRegexps = map[string]struct {
	re *regexp.Regexp
	ok func(string) bool
}{
	"host":         {regexp.MustCompile(`^(https?://)?[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?/?$`), hostSyntax},
	"clean-param":  {regexp.MustCompile(`^[A-Za-z0-9_.\-]+(&[A-Za-z0-9_.\-]+)*(\s+[/*]\S*)?$`), cleanParamSyntax},
	"request-rate": {regexp.MustCompile(`^[0-9]+/[0-9]+[smhd]?(\s+[0-9]{4}-[0-9]{4})?$`), requestRateSyntax},
	"visit-time":   {regexp.MustCompile(`^[0-9]{4}-[0-9]{4}$`), visitTimeSyntax},
}

// TestExtensionSyntaxRegexps holds each matcher to its regular expression
// on hand-picked values, every string of up to four octets of an alphabet
// of the octets that matter, and random longer strings of it.
func TestExtensionSyntaxRegexps(t *testing.T) {
	if len(syntaxRegexps) != len(extensionSyntax) {
		t.Fatalf("%d regular expressions for %d extensions", len(syntaxRegexps), len(extensionSyntax))
	}
	picked := []string{
		"", "a", "a.b", "-a", "a-", "a:1", "a:123456", "a:", "a:1/", "a/", "a//", "http://a", "https://a:80/",
		"http://", "https:/a", "HTTP://a", "http://http://a", "a b", "a\xffb", "xn--d1acufc.xn--p1ai",
		"utm_source&utm_medium", "a&&b", "&a", "a&", "ref /some/*", "ref\t*", "ref /a b", "ref  /a\xff", "ref /",
		"ref", "ref\n/a", "ref a", "1/5", "1/5s", "1/5x", "15/1m 0600-0845", "1/5 0600-0845 ", "1/5  0600-0845",
		"/5", "1/", "1//5", "0600-0845", "600-0845", "0600-08450", "0600 0845", "١٢٣٤-١٢٣٤",
	}
	for _, s := range picked {
		check(t, s)
	}
	alphabet := []byte("a1-.:/&_ *sh\t")
	var gen func(prefix []byte, n int)
	gen = func(prefix []byte, n int) {
		check(t, string(prefix))
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			gen(append(prefix, c), n-1)
		}
	}
	gen(nil, 4)
	rng := rand.New(rand.NewPCG(1, 2))
	digits := []byte("0123456789-/ smhd")
	for range 20000 {
		a := alphabet
		if rng.IntN(2) == 0 {
			a = digits
		}
		b := make([]byte, 5+rng.IntN(12))
		for i := range b {
			b[i] = a[rng.IntN(len(a))]
		}
		check(t, string(b))
	}
}

func check(t *testing.T, s string) {
	t.Helper()
	for name, syn := range syntaxRegexps {
		if got, want := syn.ok(s), syn.re.MatchString(s); got != want {
			t.Errorf("%s(%q) = %v, the regular expression says %v", name, s, got, want)
		}
	}
}
