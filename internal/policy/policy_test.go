package policy

import (
	"strings"
	"testing"

	"golang.org/x/net/idna"
)

func TestIsRedirect(t *testing.T) {
	for code := 100; code < 600; code++ {
		want := code == 301 || code == 302 || code == 303 || code == 307 || code == 308
		if got := IsRedirect(code); got != want {
			t.Errorf("IsRedirect(%d) = %v, want %v", code, got, want)
		}
	}
}

func TestOrigin(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"http://example.com/a/b?c#d", "http://example.com"},
		{"HTTPS://Example.COM:443/", "https://example.com"},
		{"http://example.com:80", "http://example.com"},
		{"https://example.com:80/", "https://example.com:80"},
		{"http://example.com:8080/x", "http://example.com:8080"},
		{"http://user:pass@example.com/", "http://example.com"},
		{"http://[::1]:8080/x", "http://[::1]:8080"},
		{"http://[::1]:80/x", "http://[::1]"},
		{"http://example.com:/x", "http://example.com"},
		// The same origin, written otherwise (issue 10, item 11).
		{"http://example.com./x", "http://example.com"},
		{"http://Example.COM.:80/x", "http://example.com"},
		{"http://example.com:080/", "http://example.com"},
		{"https://example.com:0443/", "https://example.com"},
		{"http://example.com:08080/", "http://example.com:8080"},
		{"http://b\u00fccher.example/", "http://xn--bcher-kva.example"},
		{"http://B\u00dcCHER.example./", "http://xn--bcher-kva.example"},
		{"http://xn--bcher-kva.example/", "http://xn--bcher-kva.example"},
		{"http://XN--BCHER-KVA.example/", "http://xn--bcher-kva.example"},
		{"http://%C3%BCber.example/", "http://xn--ber-goa.example"},
		{"http://my_host.Example/", "http://my_host.example"},
		// An IPv6 zone is escaped again (issue 23, item 6).
		{"http://[fe80::1%25eth0]:8080/x", "http://[fe80::1%25eth0]:8080"},
		{"http://[FE80::1%25Eth0]:80/x", "http://[fe80::1%25Eth0]"},
		{"http://[fe80::1%25a%3Ab]/", "http://[fe80::1%25a%3Ab]"},
		{"http://[::1]./x", ""},
		{"http://example.com:65536/", ""},
		{"/relative/path", ""},
		{"example.com/x", ""},
		{"ftp://example.com/", ""},
		{"http:///x", ""},
		{"http://%zz/", ""},
	}
	for _, tt := range tests {
		got, err := Origin(tt.in)
		if tt.want == "" {
			if err == nil {
				t.Errorf("Origin(%q) = %q, want an error", tt.in, got)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Origin(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		// An origin is a URL, and its own origin.
		if again, err := Origin(got); err != nil || again != got {
			t.Errorf("Origin(%q) = %q, %v; want it unchanged", got, again, err)
		}
	}
}

// TestLookupHostPlain holds lookupHost's shortcut for plain ASCII names to
// what IDNA's lookup gives them: every name of up to four octets over an
// alphabet of the octets IDNA treats apart (letters of both cases, the
// start of a punycode prefix, a digit, the hyphen, the dot, the
// underscore and other octets STD3 refuses), and longer names around
// labels that start or end with a hyphen or look like punycode.
func TestLookupHostPlain(t *testing.T) {
	const alphabet = "aXxNn0-._ !~A"
	check := func(host string) {
		t.Helper()
		want, err := idna.Lookup.ToASCII(host)
		if err != nil {
			want = strings.ToLower(host)
		}
		if got := lookupHost(host); got != want {
			t.Errorf("lookupHost(%q) = %q, want %q (IDNA's error: %v)", host, got, want, err)
		}
	}
	var walk func(prefix string, n int)
	walk = func(prefix string, n int) {
		check(prefix)
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			walk(prefix+alphabet[i:i+1], n-1)
		}
	}
	walk("", 4)
	for _, host := range []string{
		"Example.COM", "xn--bcher-kva.example", "XN--BCHER-KVA.example", "a.xn--bcher-kva", "axn--b.example",
		"xn--.example", "xn--a.example", "-a.example", "a-.example", "ab--cd.example", "a..b", ".a", "a_b.example",
		"www.EXAMPLE.co.uk", "1.2.3.4", "xn--ls8h.la", "b\u00fccher.example", "B\u00dcCHER.example",
		"stra\u00dfe.de", "\uff41.example", "a\u3002b",
	} {
		check(host)
	}
}
