package report

import (
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/robotsexclusion/robots/internal/swar"
)

// AppendShown appends s as it is when it prints plainly on a terminal, and
// otherwise quoted as strconv.Quote quotes it, as lint quotes values: so
// that no control sequence in an input line or a file (an escape, a
// carriage return, a C1 control, invalid UTF-8) reaches the terminal, and
// no tab splits a column.
func AppendShown(b []byte, s string) []byte {
	// Most lines are printable ASCII: eight octets a step up to the first
	// that is not (a control, DEL, or an octet of UTF-8), then rune by rune.
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := swar.Load8(s[i:])
		// An octet below 0x20 sets its high bit less 0x20 (or one below
		// it does, whose borrow sets it), one of 0x7F sets it plus 1, and
		// one of 0x80 or more has it: printable ASCII sets none.
		if ((w-0x20*swar.Ones)|(w+swar.Ones)|w)&swar.Highs != 0 {
			break
		}
	}
	for i < len(s) {
		if c := s[i]; 0x20 <= c && c < 0x7F {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 || !unicode.IsPrint(r) {
			return strconv.AppendQuote(b, s)
		}
		i += n
	}
	return append(b, s...)
}

// Shown is AppendShown for a string.
func Shown(s string) string { return string(AppendShown(nil, s)) }
