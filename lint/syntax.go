package lint

// The syntax of the extensions whose values lint checks, written as small
// matchers rather than regular expressions: package regexp would be the
// largest part of lint in a WebAssembly page (about 0.1 MB gzipped, with
// the Unicode tables it links), for four one-line grammars. The tests hold
// each matcher to the regular expression it stands for.

import "strings"

// hostSyntax reports whether s is a host name with an optional scheme and
// port: (https?://)?[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?/?
func hostSyntax(s string) bool {
	if rest, ok := strings.CutPrefix(s, "http://"); ok {
		s = rest
	} else if rest, ok := strings.CutPrefix(s, "https://"); ok {
		s = rest
	}
	s = strings.TrimSuffix(s, "/")
	if host, port, ok := strings.Cut(s, ":"); ok {
		if len(port) < 1 || len(port) > 5 || !all(port, isDigit) {
			return false
		}
		s = host
	}
	return s != "" && isAlnum(s[0]) && isAlnum(s[len(s)-1]) &&
		all(s, func(c byte) bool { return isAlnum(c) || c == '.' || c == '-' })
}

// cleanParamSyntax reports whether s is parameters joined by & and an
// optional path: [A-Za-z0-9_.-]+(&[A-Za-z0-9_.-]+)*(\s+[/*]\S*)?
func cleanParamSyntax(s string) bool {
	i := 0
	for i < len(s) && (isAlnum(s[i]) || strings.IndexByte("_.-&", s[i]) >= 0) {
		i++
	}
	params, rest := s[:i], s[i:]
	for p := range strings.SplitSeq(params, "&") {
		if p == "" {
			return false
		}
	}
	if rest == "" {
		return true
	}
	path := strings.TrimLeft(rest, spaces)
	return len(path) < len(rest) && path != "" && (path[0] == '/' || path[0] == '*') &&
		!strings.ContainsAny(path, spaces)
}

// requestRateSyntax reports whether s is pages/seconds such as 1/5s and an
// optional HHMM-HHMM: [0-9]+/[0-9]+[smhd]?(\s+[0-9]{4}-[0-9]{4})?
func requestRateSyntax(s string) bool {
	rate, rest := s, ""
	if i := strings.IndexAny(s, spaces); i >= 0 {
		rate, rest = s[:i], strings.TrimLeft(s[i:], spaces)
		if !visitTimeSyntax(rest) {
			return false
		}
	}
	pages, secs, ok := strings.Cut(rate, "/")
	if n := len(secs); n > 0 && strings.IndexByte("smhd", secs[n-1]) >= 0 {
		secs = secs[:n-1]
	}
	return ok && pages != "" && secs != "" && all(pages, isDigit) && all(secs, isDigit)
}

// visitTimeSyntax reports whether s is HHMM-HHMM: [0-9]{4}-[0-9]{4}
func visitTimeSyntax(s string) bool {
	return len(s) == 9 && s[4] == '-' && all(s[:4], isDigit) && all(s[5:], isDigit)
}

// spaces are the octets \s stands for in a regular expression of package
// regexp.
const spaces = "\t\n\f\r "

func all(s string, f func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !f(s[i]) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isAlnum(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
