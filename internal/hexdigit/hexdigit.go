// Package hexdigit reads the hexadecimal digits of percent-escapes, and
// says which octets RFC 3986 leaves unreserved, for the packages that
// decode or write escapes (automaton's inputs, normalize's forms, the
// fetch policy's origins), which must read them alike. It imports nothing.
package hexdigit

// Value returns the value of hexadecimal digit c, of either case, and
// whether c is one.
func Value(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// Unreserved reports whether c is an unreserved character of RFC 3986
// (letters, digits, '-', '.', '_', '~'): one whose percent-escape means
// the octet itself.
func Unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
