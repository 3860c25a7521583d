package usage

// This file reads a value as an RFC 9651 Dictionary without building one:
// a file that repeats a line for every path, parameters, inner lists and
// bad values included, would otherwise pay a Dictionary's maps and slices
// (about 900 bytes) a line. The scanner checks the whole syntax (keys,
// every bare item type, parameters, inner lists) and keeps only what the
// vocabulary reads: for each key either vocabulary knows, where it first
// appears (the order of the diagnostics) and its last value (the one that
// counts). It allocates nothing; only diagnostics, when there are some,
// allocate their messages. FuzzDictionary compares its readings with
// github.com/dunglas/httpsfv's, diagnostics included.

import "unicode/utf8"

// kind is the type of a member's value, as a diagnostic names it.
type kind uint8

const (
	kindToken kind = iota
	kindTrue       // a Boolean ?1, or a key without a value
	kindFalse
	kindString
	kindInteger
	kindDecimal
	kindBytes
	kindDate
	kindDisplay
	kindInnerList
)

// member is a Dictionary member's value: its kind and, for a Token, the
// Token (a substring of the value read).
type member struct {
	kind kind
	tok  string
}

// numSlots is the number of keys the reader follows: every category's, and
// Content-Signal's use.
const numSlots = NumCategories + 1

// slot is what the reader keeps of one followed key.
type slot struct {
	named bool // a member names the key
	key   string
	last  member
}

// scanner reads an RFC 9651 Dictionary from s, following the keys of the
// vocabulary v and of the other one into slots when follow is set.
type scanner struct {
	s      string
	i      int
	v      Vocabulary
	follow bool
	slots  [numSlots]slot
	order  [numSlots]uint8 // the followed slots, in the order their keys first appear
	seen   uint8           // how many of order are set
}

// slotOf returns the slot of key, -1 when the reader does not follow it:
// the category of v it labels, else Content-Signal's use, else the other
// vocabulary's category, found in one pass over the table.
func (p *scanner) slotOf(key string) int {
	theirs := -1
	for c := range Category(NumCategories) {
		if vocabulary[c].label != key {
			continue
		}
		if vocabulary[c].vocabulary == p.v {
			return int(c)
		}
		theirs = int(c)
	}
	if p.v == ContentSignal && key == useKey {
		return NumCategories
	}
	return theirs
}

// otherOf returns the vocabulary that is not v.
func otherOf(v Vocabulary) Vocabulary {
	if v == AIPref {
		return ContentSignal
	}
	return AIPref
}

// dictionary reads the whole value, leading spaces skipped, and reports
// whether it is a Dictionary.
func (p *scanner) dictionary() bool {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
	for p.i < len(p.s) {
		key, ok := p.key()
		if !ok {
			return false
		}
		m := member{kind: kindTrue}
		switch {
		case p.i+1 < len(p.s) && p.s[p.i] == '=' && (p.s[p.i+1] == '*' || isAlpha(p.s[p.i+1])):
			// A Token, as most values are, read here rather than
			// through itemOrInnerList and bareItem.
			p.i++
			m = p.token()
			if p.i < len(p.s) && p.s[p.i] == ';' && !p.params() {
				return false
			}
		case p.i < len(p.s) && p.s[p.i] == '=':
			p.i++
			if m, ok = p.itemOrInnerList(); !ok {
				return false
			}
		case !p.params():
			return false
		}
		if p.follow {
			if k := p.slotOf(key); k >= 0 {
				sl := &p.slots[k]
				if !sl.named {
					sl.named, sl.key = true, key
					p.order[p.seen] = uint8(k)
					p.seen++
				}
				sl.last = m
			}
		}
		p.ows()
		if p.i == len(p.s) {
			return true
		}
		if p.s[p.i] != ',' {
			return false
		}
		p.i++
		p.ows()
		if p.i == len(p.s) {
			return false // a trailing comma
		}
	}
	return true
}

// ows skips spaces and tabs.
func (p *scanner) ows() {
	for p.i < len(p.s) && isBlank(p.s[p.i]) {
		p.i++
	}
}

// token reads a Token, whose first character the caller has checked.
func (p *scanner) token() member {
	t := p.i
	for p.i++; p.i < len(p.s) && isTokenChar(p.s[p.i]); p.i++ {
	}
	return member{kind: kindToken, tok: p.s[t:p.i]}
}

// key reads a key.
func (p *scanner) key() (string, bool) {
	k := p.i
	if p.i == len(p.s) || p.s[p.i] != '*' && (p.s[p.i] < 'a' || p.s[p.i] > 'z') {
		return "", false
	}
	for p.i++; p.i < len(p.s) && isKeyChar(p.s[p.i]); p.i++ {
	}
	return p.s[k:p.i], true
}

// params reads parameters, which the vocabulary ignores.
func (p *scanner) params() bool {
	for p.i < len(p.s) && p.s[p.i] == ';' {
		p.i++
		for p.i < len(p.s) && p.s[p.i] == ' ' {
			p.i++
		}
		if _, ok := p.key(); !ok {
			return false
		}
		if p.i < len(p.s) && p.s[p.i] == '=' {
			p.i++
			if _, ok := p.bareItem(); !ok {
				return false
			}
		}
	}
	return true
}

// itemOrInnerList reads a member's value.
func (p *scanner) itemOrInnerList() (member, bool) {
	if p.i < len(p.s) && p.s[p.i] == '(' {
		p.i++
		for p.i < len(p.s) {
			for p.i < len(p.s) && p.s[p.i] == ' ' {
				p.i++
			}
			if p.i == len(p.s) {
				return member{}, false
			}
			if p.s[p.i] == ')' {
				p.i++
				return member{kind: kindInnerList}, p.params()
			}
			if _, ok := p.bareItem(); !ok || !p.params() {
				return member{}, false
			}
			if p.i == len(p.s) || p.s[p.i] != ')' && p.s[p.i] != ' ' {
				return member{}, false
			}
		}
		return member{}, false
	}
	m, ok := p.bareItem()
	return m, ok && p.params()
}

// bareItem reads a bare item.
func (p *scanner) bareItem() (member, bool) {
	if p.i == len(p.s) {
		return member{}, false
	}
	switch c := p.s[p.i]; {
	case c == '"':
		return member{kind: kindString}, p.str()
	case c == '?':
		if p.i+1 < len(p.s) && (p.s[p.i+1] == '0' || p.s[p.i+1] == '1') {
			p.i += 2
			if p.s[p.i-1] == '1' {
				return member{kind: kindTrue}, true
			}
			return member{kind: kindFalse}, true
		}
		return member{}, false
	case c == '*' || isAlpha(c):
		return p.token(), true
	case c == ':':
		return member{kind: kindBytes}, p.bytes()
	case c == '-' || '0' <= c && c <= '9':
		k, ok := p.number()
		return member{kind: k}, ok
	case c == '@':
		p.i++
		k, ok := p.number()
		return member{kind: kindDate}, ok && k == kindInteger
	case c == '%':
		return member{kind: kindDisplay}, p.display()
	}
	return member{}, false
}

// str reads a String.
func (p *scanner) str() bool {
	for p.i++; p.i < len(p.s); p.i++ {
		switch c := p.s[p.i]; {
		case c == '\\':
			p.i++
			if p.i == len(p.s) || p.s[p.i] != '"' && p.s[p.i] != '\\' {
				return false
			}
		case c == '"':
			p.i++
			return true
		case c <= 0x1f || c >= 0x7f:
			return false
		}
	}
	return false
}

// number reads an Integer (at most 15 digits) or a Decimal (at most 12
// digits, a '.', then 1 to 3 digits), and returns which.
func (p *scanner) number() (kind, bool) {
	if p.i < len(p.s) && p.s[p.i] == '-' {
		p.i++
	}
	if p.i == len(p.s) || p.s[p.i] < '0' || p.s[p.i] > '9' {
		return 0, false
	}
	start, dot := p.i, -1
	for p.i++; p.i < len(p.s); p.i++ {
		c := p.s[p.i]
		if '0' <= c && c <= '9' {
			if n := p.i + 1 - start; dot < 0 && n > 15 || n > 16 {
				return 0, false
			}
			continue
		}
		if dot < 0 && c == '.' {
			if p.i-start > 12 {
				return 0, false
			}
			dot = p.i
			continue
		}
		break
	}
	if dot < 0 {
		return kindInteger, true
	}
	if frac := p.i - dot - 1; frac < 1 || frac > 3 {
		return 0, false
	}
	return kindDecimal, true
}

// bytes reads a Byte Sequence: padded base64 between colons, as
// encoding/base64's StdEncoding decodes it.
func (p *scanner) bytes() bool {
	p.i++
	start := p.i
	for ; p.i < len(p.s) && p.s[p.i] != ':'; p.i++ {
		if c := p.s[p.i]; !isAlpha(c) && (c < '0' || c > '9') && c != '+' && c != '/' && c != '=' {
			return false
		}
	}
	if p.i == len(p.s) {
		return false
	}
	b := p.s[start:p.i]
	p.i++
	if len(b)%4 != 0 {
		return false
	}
	for j := 0; j < len(b); j++ {
		if b[j] != '=' {
			continue
		}
		// Padding: the last one or two characters of the last quantum.
		return j >= len(b)-2 && j%4 >= 2 && b[len(b)-1] == '='
	}
	return true
}

// display reads a Display String: %" then printable ASCII and %xx escapes
// (lowercase hex) up to '"', whose bytes are UTF-8.
func (p *scanner) display() bool {
	if p.i+1 >= len(p.s) || p.s[p.i+1] != '"' {
		return false
	}
	var r [utf8.UTFMax]byte
	n := 0
	for p.i += 2; p.i < len(p.s); {
		c := p.s[p.i]
		p.i++
		switch {
		case c == '"':
			return n == 0
		case c == '%':
			if p.i+2 > len(p.s) {
				return false
			}
			hi, ok1 := unhex(p.s[p.i])
			lo, ok2 := unhex(p.s[p.i+1])
			if !ok1 || !ok2 {
				return false
			}
			p.i += 2
			c = hi<<4 | lo
		case c <= 0x1f || c >= 0x7f:
			return false
		}
		if n == 0 && c < utf8.RuneSelf {
			continue
		}
		r[n] = c
		n++
		if utf8.FullRune(r[:n]) {
			if dr, size := utf8.DecodeRune(r[:n]); size != n || dr == utf8.RuneError && size == 1 {
				return false
			}
			n = 0
		}
	}
	return false
}

// unhex returns the value of a lowercase hex digit.
func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

// isDictionary reports whether value is an RFC 9651 Dictionary.
func isDictionary(value string) bool {
	p := scanner{s: value}
	return p.dictionary()
}

// useOf returns the Use labelled tok, UseUnknown when none is.
func useOf(tok string) Use {
	for u, label := range useLabels {
		if label != "" && label == tok {
			return Use(u)
		}
	}
	return UseUnknown
}

// isKeyChar reports whether c may follow the first character of a key
// (RFC 9651 section 3.1.2: lcalpha, DIGIT, "_", "-", ".", "*").
func isKeyChar(c byte) bool { return octetClass[c]&keyChar != 0 }

// isAlpha reports whether c is an ASCII letter.
func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isTokenChar reports whether c may follow the first character of a Token
// (RFC 9651 section 3.3.4: tchar, ":" and "/").
func isTokenChar(c byte) bool { return octetClass[c]&tokenChar != 0 }

// The classes of octetClass.
const (
	keyChar   = 1 << iota // may follow a key's first character
	tokenChar             // may follow a Token's first character
)

// octetClass holds each octet's classes: a load, where the comparisons
// that define them cost a scanned key or Token five to ten instructions
// an octet.
var octetClass = func() (t [256]uint8) {
	for c := range 256 {
		b := byte(c)
		if 'a' <= b && b <= 'z' || '0' <= b && b <= '9' || b == '_' || b == '-' || b == '.' || b == '*' {
			t[c] |= keyChar
		}
		if isAlpha(b) || '0' <= b && b <= '9' {
			t[c] |= tokenChar
		}
	}
	for _, b := range []byte("!#$%&'*+-.^_`|~:/") {
		t[b] |= tokenChar
	}
	return t
}()
