package compile

import (
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/swar"
)

// TestClassifyExact checks that classify reads a key as one of exactKeys
// exactly when it is that key's name ignoring ASCII case, as
// strings.EqualFold says of a key all in ASCII, on every name, each octet
// of the name changed to every octet value.
func TestClassifyExact(t *testing.T) {
	for _, e := range exactKeys {
		for i := range len(e.name) {
			for c := range 256 {
				for _, base := range []string{e.name, strings.ToUpper(e.name)} {
					k := []byte(base)
					k[i] = byte(c)
					want := strings.EqualFold(string(k), e.name) && string(k) == strings.Map(asciiOnly, string(k))
					kind, code := (&options{}).classify(string(k))
					if got := kind == e.key && code == ""; got != want {
						t.Errorf("classify(%q) = %v %q; read as %s: %v, want %v", k, kind, code, e.name, got, want)
					}
				}
			}
		}
	}
}

// TestExactKeyTable checks that exactKeyTable finds every one of
// exactKeys: no two share a length and last letter.
func TestExactKeyTable(t *testing.T) {
	for i, e := range exactKeys {
		if got := exactKeyTable[len(e.name)][e.name[len(e.name)-1]&31]; got != uint8(i+1) {
			t.Errorf("exactKeyTable finds entry %d for %q, want %d", got, e.name, i+1)
		}
	}
}

// asciiOnly drops every rune outside ASCII (and every octet that is not
// UTF-8): a key equals its mapping only when it is all ASCII, which
// strings.EqualFold alone does not tell (it folds the Kelvin sign to k).
func asciiOnly(r rune) rune {
	if r >= 0x80 {
		return -1
	}
	return r
}

// TestIsSpace checks isSpace on every octet.
func TestIsSpace(t *testing.T) {
	for c := range 256 {
		want := c == ' ' || c == '\t' || c == '\v' || c == '\f'
		if got := isSpace(byte(c)); got != want {
			t.Errorf("isSpace(%#x) = %v, want %v", c, got, want)
		}
	}
}

// TestFastKey checks the word-at-a-time read of the common keys against
// the scan and classify: on lines made of each key, each of its octets
// changed to every octet value, in either case, followed by what can come
// after a key (spaces, a tab, a colon, other octets), fastKey finds a key
// exactly when the line's first ':' follows a key that classify reads as
// that key with no diagnostic, in both readings of allow.
func TestFastKey(t *testing.T) {
	tails := []string{":", ": /a", " :/", "\t: x", " \t :", "", " ", "x:", " x:", "-:", "#:", "\r:", "\x00:", ":\n", "s:", "\v:", "\f:", "n:", "nt:", "nt :"}
	for _, name := range []string{"disallow", "allow", "user-agent", "sitemap", "user-age", "sitema"} {
		for i := -1; i < len(name); i++ {
			for c := range 256 {
				if i < 0 && c > 0 {
					break
				}
				for _, base := range []string{name, strings.ToUpper(name)} {
					k := []byte(base)
					if i >= 0 {
						k[i] = byte(c)
					}
					for _, tail := range tails {
						for _, noAllow := range []bool{false, true} {
							s := string(k) + tail
							got, at := fastKey(s, 0, noAllow)
							want, wantAt := keyUnknown, -1
							colon := strings.IndexByte(s, ':')
							end := strings.IndexAny(s, "\r\n\x00#")
							if colon >= 0 && (end < 0 || colon < end) {
								o := options{NoAllow: noAllow}
								kind, code := o.classify(trim(s[:colon]))
								if code == "" && trim(s[:colon]) == strings.TrimRight(s[:colon], " \t") && len(s) >= 8 &&
									(kind == keyDisallow || kind == keyAllow || kind == keyUserAgent || kind == keySitemap) {
									want, wantAt = kind, colon
								}
							}
							if got != want || at != wantAt {
								t.Fatalf("fastKey(%q, noAllow %v) = %v, %d; want %v, %d", s, noAllow, got, at, want, wantAt)
							}
						}
					}
				}
			}
		}
	}
}

// TestFastKeyWords checks the words fastKey compares against the octets
// they stand for.
func TestFastKeyWords(t *testing.T) {
	for _, c := range []struct {
		word uint64
		s    string
	}{
		{wordDisallow, "disallow"},
		{wordAllow, "allow\x00\x00\x00"},
		{wordSitemap, "sitemap\x00"},
		{wordUserAgent, "user-age"},
		{wordUserAgentFold, "    \x00   "},
		{wordDisal, "disal\x00\x00\x00"},
		{wordDissa, "dissa\x00\x00\x00"},
		{wordDiasl, "diasl\x00\x00\x00"},
		{wordUserSpaceAge, "user age"},
		{wordUseragen, "useragen"},
		{wordSite, "site\x00\x00\x00\x00"},
		{wordContent, "content-"},
		{wordContentFold, "       \x00"},
		{wordUsageColon, "usage:\x00\x00"},
		{wordSignalColon, "signal:\x00"},
		{wordCrawlDelay, "crawl-de"},
		{wordCrawlDelayFold, "     \x00  "},
	} {
		if got := swar.Load8(c.s); got != c.word {
			t.Errorf("%q is %#x, not %#x", c.s, got, c.word)
		}
	}
}

// TestIsHTTPURL checks isHTTPURL against hasPrefixFold on both schemes,
// in either case, each octet changed to every octet value, at each length.
func TestIsHTTPURL(t *testing.T) {
	for _, base := range []string{"http://a/b", "https://a/", "HTTP://A/B", "HTTPS://A/"} {
		for i := range len(base) {
			for c := range 256 {
				b := []byte(base)
				b[i] = byte(c)
				for n := 0; n <= len(b); n++ {
					v := string(b[:n])
					want := hasPrefixFold(v, "http://") || hasPrefixFold(v, "https://")
					if got := isHTTPURL(v); got != want {
						t.Fatalf("isHTTPURL(%q) = %v, want %v", v, got, want)
					}
				}
			}
		}
	}
}
