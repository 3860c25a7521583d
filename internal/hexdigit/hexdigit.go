// Package hexdigit reads the hexadecimal digits of percent-escapes, for
// the packages that decode them (automaton's inputs, normalize's forms),
// which must read them alike. It imports nothing.
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
