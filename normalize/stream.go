package normalize

import (
	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/internal/hexdigit"
)

// This file builds the engine's input for a URL: its path and query read
// in a Form, octet by octet, as package automaton reads an Input, without
// building the string.

// The Rewritings of the forms: each reads a URL's octets as Form.URL
// writes them, and ends at "#" or NUL. They are values, so that the
// Input of a Form points at a fixed address.
var (
	canonicalInput = *automaton.NewRewriting(endsPath, func(c byte) bool { return classes[c] != plain && classes[c] != percent }, hexdigit.Unreserved)
	rawInput       = *automaton.NewRewriting(endsPath, nil, nil)
	decodedInput   = *automaton.NewRewriting(endsPath, func(c byte) bool { return decodedClasses[c] != plain }, func(c byte) bool { return c != '/' && decodedClasses[c] == plain })
)

// endsPath reports whether c ends a URL's path and query: "#" starts the
// fragment, and NUL ends the string as a C library reads it.
func endsPath(c byte) bool { return c == '#' || c == 0 }
