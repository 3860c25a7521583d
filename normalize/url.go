package normalize

import (
	"strings"

	"github.com/robotsexclusion/robots/internal/swar"
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
//   - but user information is never read as a path: when an "@" comes
//     before the authority's end by RFC 3986 (the first "/", "?" or "#"),
//     the path starts at the first "/", "?" or ";" after the last such "@",
//     so that a ";" in user information, which RFC 3986 allows and
//     url.URL.String writes as it is, does not start the path;
//   - a "#" ends the path, and a "#" before the path leaves "/";
//   - no path at all is "/";
//   - a NUL octet ends the path, as it does in Google's library.
//
// So "http://u@h:8080/a?b#c" has path and query "/a?b", "//h/x" has "/x",
// "example.com/a" has "/a", "http://h?q" has "/?q" and "http://a;b@h/x",
// where Google's library reads "/;b@h/x", has "/x": the path a client sends.
func PathBounds(url string) (start, end int, slash bool) {
	start, slash = pathStart(url)
	return start, pathEnd(url, start), slash
}

// pathEnd returns the index of the first "#" or NUL in s at or after from,
// or len(s): where the path and query that start at from end. It tests
// eight octets a step (package swar).
func pathEnd(s string, from int) int {
	i := from
	for ; i+8 <= len(s); i += 8 {
		w := swar.Load8(s[i:])
		if m := swar.HasZero(w) | swar.HasZero(w^'#'*swar.Ones); m != 0 {
			return i + swar.First(m)
		}
	}
	for ; i < len(s); i++ {
		if s[i] == '#' || s[i] == 0 {
			return i
		}
	}
	return len(s)
}

// pathStart returns where the path and query of url start, and whether a
// "/" goes before them; a URL without a path gives the empty remainder and
// slash true. It scans only the scheme and authority: the path ends at the
// first "#" or NUL after start, which the Input of a Form finds as it reads.
func pathStart(url string) (start int, slash bool) {
	if len(url) > 0 && url[0] == '/' && (len(url) == 1 || url[1] != '/') {
		return 0, false // path-absolute: no scheme or authority to skip
	}
	if n := webScheme(url); n > 0 {
		// Most URLs a crawler decides: the scheme is known, and one scan
		// of the authority finds the path, or a "#" before it.
		i := authorityEnd(url, n)
		if i < len(url) && url[i] == '/' {
			return i, false
		}
		if i < len(url) && url[i] == ';' {
			i = pastUserinfo(url, i)
		}
		if i < len(url) && url[i] != '#' {
			return i, url[i] != '/'
		}
		return len(url), true
	}
	return pathStartAny(url)
}

// pastUserinfo returns where the path of url starts when a ";" at i in its
// authority would start it: i itself, or, when the
// authority holds user information (an "@" before the first "/", "?" or
// "#" after i), the first "/", "?", ";" or "#" after its last "@" (or
// len(url)). A ";" is rare in an authority, so this runs seldom.
func pastUserinfo(url string, i int) int {
	end := len(url)
	if j := strings.IndexAny(url[i:], "/?#"); j >= 0 {
		end = i + j
	}
	at := strings.LastIndexByte(url[i:end], '@')
	if at < 0 {
		return i
	}
	return authorityEnd(url, i+at+1)
}

// authorityEnd returns the index of the first '/', '?', ';' or '#' in s at
// or after from, or len(s). It tests eight octets a step (package swar):
// the authority is most of what a decision reads before the path.
func authorityEnd(s string, from int) int {
	i := from
	for ; i+8 <= len(s); i += 8 {
		if m := delimiters(swar.Load8(s[i:])); m != 0 {
			return i + swar.First(m)
		}
	}
	if i < len(s) && len(s)-8 >= from {
		// The last word again, overlapping octets already read: those
		// hold no delimiter, so the first one it flags is the answer.
		if m := delimiters(swar.Load8(s[len(s)-8:])); m != 0 {
			return len(s) - 8 + swar.First(m)
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

// delimiters flags the octets of w that are '/', '?', ';' or '#', the
// lowest exactly (see package swar). '/' (0x2F) and '?' (0x3F) are the
// octets that are 0x3F with bit 4 set: one test for both.
func delimiters(w uint64) uint64 {
	return swar.HasZero((w|0x10*swar.Ones)^'?'*swar.Ones) | swar.HasZero(w^';'*swar.Ones) | swar.HasZero(w^'#'*swar.Ones)
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
	if start >= 0 && url[start] == ';' {
		if start = pastUserinfo(url, start); start == len(url) || url[start] == '#' {
			return len(url), true // only user information and a host
		}
	}
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

// pathQuery returns the path and query of url as it is written (not
// canonicalized), by the rules of PathBounds.
func pathQuery(url string) string {
	start, end, slash := PathBounds(url)
	if slash {
		return "/" + url[start:end]
	}
	return url[start:end]
}

// IsURL reports whether s is a URL that robots.txt speaks of: an absolute
// URL with a scheme and an authority ("https://host/path", "ftp://h/x"),
// or a reference that starts with "/". Anything else ("mailto:x",
// "example.com/a", "") is not, though PathBounds finds a path in it as
// Google's crawler would. It reads the scheme only.
func IsURL(s string) bool {
	return len(s) > 0 && s[0] == '/' || strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://") || hasScheme(s)
}

// hasScheme reports whether a scheme ("ftp", "android-app") and "://"
// start s.
func hasScheme(s string) bool {
	i := 0
	for i < len(s) && (isAlpha(s[i]) || i > 0 && (isDigit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
		i++
	}
	return i > 0 && len(s)-i >= 3 && s[i:i+3] == "://"
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
