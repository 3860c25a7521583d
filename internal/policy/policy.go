// Package policy holds the pieces of RFC 9309's fetch policy that package
// fetch applies to live fetches and robots audit to stored responses, so
// that the two read a URL and a status alike: the origin a file applies
// to, and the redirects a fetch follows. Its errors read as fetch's, whose
// callers see them.
package policy

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/robotsexclusion/robots/internal/hexdigit"
	"golang.org/x/net/idna"
)

// IsRedirect reports whether an HTTP status is one of the redirects a
// fetch follows (301, 302, 303, 307 and 308; RFC 9309 2.3.1.2). A tool
// that reads stored responses, where the redirect and its target are
// separate records, follows them itself; any other 3xx status makes a
// fetch Unreachable.
func IsRedirect(code int) bool {
	return code == 301 || code == 302 || code == 303 || code == 307 || code == 308
}

// Origin returns the origin of an absolute http or https URL as fetch's
// Cache keys it: scheme://host[:port], user information, path, query and fragment
// dropped, and written so that origins that are the same compare equal: the
// scheme in lower case; the host in lower case, without a final dot
// ("example.com." is example.com), an internationalized name in its ASCII
// form (bücher.example is xn--bcher-kva.example, by IDNA's lookup rules,
// golang.org/x/net/idna); an IPv6 zone escaped as in the URL
// ([fe80::1%25eth0]); the port as a number without leading zeros, and
// omitted when it is the scheme's default (:80, :080 for http, :443 for
// https).
func Origin(rawURL string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", fmt.Errorf("fetch: %w", err)
	}
	return OriginOf(u, rawURL)
}

// OriginOf is Origin of rawURL once parsed: u is url.Parse(rawURL), for a
// caller that has parsed it already.
func OriginOf(u *url.URL, rawURL string) (string, error) {
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", fmt.Errorf("fetch: %q is not an absolute http or https URL", rawURL)
	}
	host := strings.TrimSuffix(u.Hostname(), ".")
	if host == "" {
		return "", fmt.Errorf("fetch: %q names no host", rawURL)
	}
	if strings.Contains(host, ":") {
		// An IPv6 literal, and its zone (RFC 6874) escaped again, as
		// Hostname unescaped it: "[fe80::1%25eth0]".
		addr, zone, hasZone := strings.Cut(host, "%")
		host = "[" + strings.ToLower(addr)
		if hasZone {
			host += "%25" + escapeZone(zone)
		}
		host += "]"
	} else {
		host = lookupHost(host)
	}
	if p := u.Port(); p != "" {
		n, err := strconv.ParseUint(p, 10, 16)
		if err != nil {
			return "", fmt.Errorf("fetch: %q: bad port %q", rawURL, p)
		}
		if !(scheme == "http" && n == 80 || scheme == "https" && n == 443) {
			host += ":" + strconv.FormatUint(n, 10)
		}
	}
	if n := len(scheme) + len("://") + len(host); len(rawURL) >= n && rawURL[:len(scheme)] == scheme &&
		rawURL[len(scheme):len(scheme)+len("://")] == "://" && rawURL[n-len(host):n] == host {
		return rawURL[:n], nil // the URL starts with its origin as written here: no copy
	}
	return scheme + "://" + host, nil
}

// lookupHost returns a host name as Origin writes it: its ASCII form by
// IDNA's lookup rules, or, when IDNA does not accept it (an underscore),
// the name as written, in lower case.
func lookupHost(host string) string {
	if plainHost(host) {
		// IDNA would map each octet to itself or its lower case, or
		// refuse the name: either way, the name in lower case.
		return strings.ToLower(host)
	}
	if ascii, err := idna.Lookup.ToASCII(host); err == nil {
		return ascii
	}
	return strings.ToLower(host)
}

// plainHost reports whether host is all ASCII with no label in punycode
// (starting "xn--" in any case): a name IDNA's lookup can only lower in
// case or refuse, as almost every host is. A punycode label is decoded,
// checked and written again, so it is left to IDNA.
func plainHost(host string) bool {
	for i := 0; i < len(host); i++ {
		c := host[i]
		if c >= 0x80 {
			return false
		}
		if c|0x20 == 'x' && (i == 0 || host[i-1] == '.') && i+3 < len(host) &&
			host[i+1]|0x20 == 'n' && host[i+2] == '-' && host[i+3] == '-' {
			return false
		}
	}
	return true
}

// escapeZone escapes an IPv6 zone for a URL (RFC 6874): every octet but
// the unreserved ones as %XX. The zone is kept in its case: interface names
// are case-sensitive.
func escapeZone(zone string) string {
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(zone))
	for i := 0; i < len(zone); i++ {
		if c := zone[i]; hexdigit.Unreserved(c) {
			b = append(b, c)
		} else {
			b = append(b, '%', hex[c>>4], hex[c&15])
		}
	}
	return string(b)
}
