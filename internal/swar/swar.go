// Package swar tests eight octets of a string at once, in one 64-bit word
// ("SIMD within a register"), for the scans that find the first octet of a
// small set, such as the end of a URL's authority, and for compares of
// eight octets at once. A scan loads a word (Load8), flags the octets of
// the set in it (HasZero of the word xor'd with each octet, or'd
// together), and, when any is flagged, takes the first (First).
//
// The flags are exact for the lowest flagged octet of each test, and only
// for it: a borrow out of a flagged octet may flag octets above it. Since
// every false flag lies above a true one of the same test, the lowest flag
// of several tests or'd together is a true one too, which is all a scan
// for the first octet needs.
package swar

import "math/bits"

// Ones has the octet 1 in each of its eight octets: c*Ones repeats c.
const Ones = 0x0101010101010101

// Highs has the high bit of each octet set.
const Highs = 0x80 * Ones

// Load8 returns s[:8], which must hold eight octets, as a little-endian
// word: the octet at s[i] in bits 8i to 8i+7. The compiler makes it one
// load.
func Load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// HasZero sets the high bit of the lowest zero octet of w; see the package
// comment for the octets above it. HasZero(w ^ c*Ones) flags the octet c.
func HasZero(w uint64) uint64 { return (w - Ones) &^ w & Highs }

// First returns the index of the lowest flagged octet of m, which is not
// zero.
func First(m uint64) int { return bits.TrailingZeros64(m) >> 3 }
