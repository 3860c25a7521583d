package normalize

import (
	"math/bits"
	"strings"
)

// PathBounds locates the path and query of url without allocating: the path
// and query are url[start:end], preceded by a "/" when slash is true. The
// rules are those of Google's crawler, which agree with RFC 3986 on every
// well-formed URL and read odd strings leniently:
//
//   - a leading "//" introduces an authority (a scheme-relative URL);
//   - "://" ends a scheme only when no "/", "?" or ";" comes before it;
//   - the path starts at the first "/", "?" or ";" after the scheme, and a
//     "/" is put before a path that starts with "?" or ";";
//   - a "#" ends the path, and a "#" before the path leaves "/";
//   - no path at all is "/";
//   - a NUL octet ends the path, as it does in Google's library.
//
// So "http://u@h:8080/a?b#c" has path and query "/a?b", "//h/x" has "/x",
// "example.com/a" has "/a" and "http://h?q" has "/?q".
func PathBounds(url string) (start, end int, slash bool) {
	start, slash = pathStart(url)
	end = len(url)
	if i := strings.IndexAny(url[start:], "#\x00"); i >= 0 {
		end = start + i
	}
	return start, end, slash
}

// pathStart returns where the path and query of url start, and whether a
// "/" goes before them; a URL without a path gives the empty remainder and
// slash true. It scans only the scheme and authority: the path ends at the
// first "#" or NUL after start, which a Stream finds as it reads.
func pathStart(url string) (start int, slash bool) {
	if len(url) > 0 && url[0] == '/' && (len(url) == 1 || url[1] != '/') {
		return 0, false // path-absolute: no scheme or authority to skip
	}
	if n := webScheme(url); n > 0 {
		// Most URLs a crawler decides: the scheme is known, and one scan
		// of the authority finds the path, or a "#" before it.
		switch i := authorityEnd(url, n); {
		case i == len(url) || url[i] == '#':
			return len(url), true
		default:
			return i, url[i] != '/'
		}
	}
	return pathStartAny(url)
}

// authorityEnd returns the index of the first '/', '?', ';' or '#' in s at
// or after from, or len(s). It reads eight octets a step (the authority is
// most of what a decision reads before the path, and a crawler's URLs
// start with one of some twenty octets): a word has one of the four when
// one of its octets xor'd with it is zero, and the lowest flag of
// hasZero is always a true one, so the first delimiter is exact.
func authorityEnd(s string, from int) int {
	i := from
	for ; i+8 <= len(s); i += 8 {
		if m := delimiters(load8(s[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	if i < len(s) && len(s)-8 >= from {
		// The last word again, overlapping octets already read: those
		// hold no delimiter, so the first one it flags is the answer.
		if m := delimiters(load8(s[len(s)-8:])); m != 0 {
			return len(s) - 8 + bits.TrailingZeros64(m)>>3
		}
		return len(s)
	}
	for ; i < len(s); i++ {
		switch s[i] {
		case '/', '?', ';', '#':
			return i
		}
	}
	return len(s)
}

// delimiters flags, in bit 7 of each octet, the octets of w that are '/',
// '?', ';' or '#': exactly for the lowest flagged octet, possibly also
// for octets above it (see hasZero).
func delimiters(w uint64) uint64 {
	// '/' (0x2F) and '?' (0x3F) are the octets that are 0x3F with bit 4 set.
	return hasZero((w|0x10*ones8)^('?'*ones8)) | hasZero(w^(';'*ones8)) | hasZero(w^('#'*ones8))
}

// ones8 has the octet 1 in each of its eight octets.
const ones8 = 0x0101010101010101

// hasZero sets bit 7 of the lowest zero octet of w and clears it in every
// octet below; octets above may be flagged falsely (a borrow crosses
// into them), which callers that want the first zero octet never see.
func hasZero(w uint64) uint64 { return (w - ones8) &^ w & (0x80 * ones8) }

// load8 returns the eight octets of s[:8] as a little-endian word (the
// compiler makes it one load).
func load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// pathStartAny is pathStart for any URL, without the fast path for web
// schemes.
func pathStartAny(url string) (start int, slash bool) {
	search := 0
	if strings.HasPrefix(url, "//") {
		search = 2
	}
	early := indexAny(url, search)
	scheme := -1
	if early != search { // "://" can end a scheme only before the first / ? ;
		limit := len(url)
		if early >= 0 {
			limit = early
		}
		scheme = strings.Index(url[search:min(limit+2, len(url))], "://")
	}
	after := search
	if scheme >= 0 {
		after = search + scheme + 3
	}
	start = indexAny(url, after)
	if start < 0 || strings.IndexByte(url[search:start], '#') >= 0 {
		return len(url), true // no path, or a fragment before it: "/"
	}
	return start, url[start] != '/'
}

// webScheme returns the length of url's "http://" or "https://" prefix, or 0
// when it has neither.
func webScheme(url string) int {
	switch {
	case strings.HasPrefix(url, "https://"):
		return len("https://")
	case strings.HasPrefix(url, "http://"):
		return len("http://")
	}
	return 0
}

// indexAny returns the index of the first '/', '?' or ';' in s at or after
// from, or -1.
func indexAny(s string, from int) int {
	for i := from; i < len(s); i++ {
		switch s[i] {
		case '/', '?', ';':
			return i
		}
	}
	return -1
}

// PathQuery returns the path and query of url as it is written (not
// canonicalized), by the rules of PathBounds.
func PathQuery(url string) string {
	start, end, slash := PathBounds(url)
	if slash {
		return "/" + url[start:end]
	}
	return url[start:end]
}
