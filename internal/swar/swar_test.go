package swar

import (
	"math/rand/v2"
	"testing"
)

// TestFirstFlag checks, on random words rich in the octets tested, that the
// lowest flag of HasZero, and of several HasZero or'd together, is the first
// octet a byte-by-byte scan finds.
func TestFirstFlag(t *testing.T) {
	const alphabet = "\x00\x01\x0d\x0e#:/?\x7f\x80\xff a"
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		var b [8]byte
		for i := range b {
			if r.IntN(4) == 0 {
				b[i] = byte(r.Uint32())
			} else {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
		}
		w := Load8(string(b[:]))
		first := func(in func(c byte) bool) int {
			for i, c := range b {
				if in(c) {
					return i
				}
			}
			return 8
		}
		at := func(m uint64) int {
			if m == 0 {
				return 8
			}
			return First(m)
		}
		isHash := func(c byte) bool { return c == '#' }
		isColon := func(c byte) bool { return c == ':' }
		if got, want := at(HasZero(w^'#'*Ones)), first(isHash); got != want {
			t.Fatalf("%q: HasZero finds '#' at %d, want %d", b, got, want)
		}
		if got, want := at(HasZero(w)), first(func(c byte) bool { return c == 0 }); got != want {
			t.Fatalf("%q: HasZero finds a zero octet at %d, want %d", b, got, want)
		}
		if got, want := at(HasZero(w^'#'*Ones)|HasZero(w^':'*Ones)|w&Highs), first(func(c byte) bool { return isHash(c) || isColon(c) || c >= 0x80 }); got != want {
			t.Fatalf("%q: the tests or'd find %d, want %d", b, got, want)
		}
	}
}

func TestLoad8(t *testing.T) {
	if got, want := Load8("\x01\x02\x03\x04\x05\x06\x07\x08tail"), uint64(0x0807060504030201); got != want {
		t.Errorf("Load8 = %#x, want %#x", got, want)
	}
}
