package normalize

// A Stream yields the octets of a URL's path and query one at a time, in
// canonical form (or another Form), without building a string: the engine
// walks it directly. It is a small value; copy it to walk the same URL again.
type Stream struct {
	s       string
	i       int
	tab     *[256]class // which octets are not written as themselves
	form    Form
	pending [3]byte
	k, n    uint8 // pending[k:n] are still to be read
}

// NewStream returns a Stream over the path and query of url (see
// PathBounds), in canonical form.
func NewStream(url string) Stream { return Canonical.Stream(url) }

// NewRawStream is NewStream without canonicalization: the octets of the
// path and query exactly as written, as Google's crawler compares them. It
// is Raw.Stream.
func NewRawStream(url string) Stream { return Raw.Stream(url) }

// Next returns the next octet, or ok false at the end.
func (st *Stream) Next() (c byte, ok bool) {
	if st.k < st.n {
		c = st.pending[st.k]
		st.k++
		return c, true
	}
	if st.i >= len(st.s) {
		return 0, false
	}
	c = st.s[st.i]
	if st.tab[c] == plain {
		st.i++
		return c, true
	}
	return st.escape()
}

// Plain returns at most max octets from the stream's position, up to the
// first one that is not written as itself (an escape to write, an escape
// pending, or the end of the path), and moves past them. It returns ""
// when the next octet is not plain; Next then reads it. An engine reads a
// URL fastest as short Plain runs, each taken in a tight loop, with Next
// between them; a small max keeps the scan from running far past the
// point where the engine's outcome is settled.
func (st *Stream) Plain(max int) string {
	if st.k < st.n {
		return ""
	}
	rest := st.s[st.i:]
	if len(rest) > max {
		rest = rest[:max]
	}
	tab, j := st.tab, 0
	for j < len(rest) && tab[rest[j]] == plain {
		j++
	}
	st.i += j
	return rest[:j]
}

// SkipPlain moves past the plain octets (see Plain) from the stream's
// position that are not in stop, a set of octets (octet c is in it when
// bit c%64 of stop[c/64] is set): after it, the next octet is in stop, is
// not plain, or is the end. An engine waiting for certain octets skips the
// others so in one pass, rather than reading them with Plain and then
// looking at each again.
func (st *Stream) SkipPlain(stop *[4]uint64) {
	if st.k < st.n {
		return
	}
	// One test an octet: the octets in stop and those of the form that
	// are not plain, as one set.
	np := &notPlain[st.form]
	set := [4]uint64{stop[0] | np[0], stop[1] | np[1], stop[2] | np[2], stop[3] | np[3]}
	rest, j := st.s[st.i:], 0
	for ; j < len(rest); j++ {
		if c := rest[j]; set[c>>6]>>(c&63)&1 != 0 {
			break
		}
	}
	st.i += j
}

// escape handles an octet that is not written as itself: the end of the
// path ("#" or NUL), or the start of an escape.
func (st *Stream) escape() (byte, bool) {
	if st.tab[st.s[st.i]] == stop {
		st.i = len(st.s)
		return 0, false
	}
	var o Octets
	if st.form == Decoded {
		o, st.i = NextDecoded(st.s, st.i)
	} else {
		o, st.i = Next(st.s, st.i)
	}
	st.pending, st.k, st.n = o.B, 1, uint8(o.N)
	return o.B[0], true
}

// Stream tables: the form's classes, with "#" and NUL ending the path.
var (
	canonicalStream = withStops(classes)
	rawStream       = withStops(rawClasses)
	decodedStream   = withStops(decodedClasses)
)

// notPlain holds, for each Form, the octets its Stream table does not
// write as themselves, octet c as bit c%64 of word c/64 (see SkipPlain).
var notPlain = [...][4]uint64{
	Canonical: octetSet(canonicalStream),
	Raw:       octetSet(rawStream),
	Decoded:   octetSet(decodedStream),
}

func octetSet(t *[256]class) (set [4]uint64) {
	for c, k := range t {
		if k != plain {
			set[c/64] |= 1 << (c % 64)
		}
	}
	return set
}

func withStops(t [256]class) *[256]class {
	t['#'], t[0] = stop, stop
	return &t
}
