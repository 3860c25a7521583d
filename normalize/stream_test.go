package normalize

import (
	"math/rand/v2"
	"testing"
)

// read yields the octets of st as an engine reads them: runs of Plain(max)
// octets, and Next where Plain has none.
func read(st Stream, max int) []byte {
	var got []byte
	for {
		if p := st.Plain(max); p != "" {
			if len(p) > max {
				panic("Plain returned more than max octets")
			}
			got = append(got, p...)
			continue
		}
		c, ok := st.Next()
		if !ok {
			return got
		}
		got = append(got, c)
	}
}

// TestStreamPlain checks that reading a Stream in Plain runs yields the
// same octets as reading it with Next alone, for every Form and run length,
// on random strings rich in the octets that forms treat specially.
func TestStreamPlain(t *testing.T) {
	const alphabet = "/%2fF7eEaA*$?#;:\x00\x80\xFFxy"
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		b := make([]byte, r.IntN(16))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		url := string(b)
		for _, f := range []Form{Canonical, Raw, Decoded} {
			want := f.URL(url)
			for _, max := range []int{1, 3, 16} {
				if got := read(f.Stream(url), max); string(got) != want {
					t.Fatalf("%v.Stream(%q) read in Plain(%d) runs yields %q, URL gives %q", f, url, max, got, want)
				}
			}
		}
	}
}

// TestStreamPlainRuns checks where Plain stops: before an octet to escape
// or decode, an end of the path, or max octets.
func TestStreamPlainRuns(t *testing.T) {
	for _, c := range []struct {
		url  string
		max  int
		runs []string // Plain's results up to the first "", in order
	}{
		{"/abc", 16, []string{"/abc"}},
		{"/abcdef", 4, []string{"/abc", "def"}},
		{"/ab%41c", 16, []string{"/ab"}},
		{"/a b", 16, []string{"/a"}},
		{"/a#b", 16, []string{"/a"}},
		{"https://h/x?y", 16, []string{"/x?y"}},
		{"https://h", 16, nil}, // the "/" of an empty path is pending
	} {
		st := NewStream(c.url)
		var runs []string
		for p := st.Plain(c.max); p != ""; p = st.Plain(c.max) {
			runs = append(runs, p)
		}
		if len(runs) != len(c.runs) {
			t.Errorf("Plain runs of %q = %q, want %q", c.url, runs, c.runs)
			continue
		}
		for i := range runs {
			if runs[i] != c.runs[i] {
				t.Errorf("Plain runs of %q = %q, want %q", c.url, runs, c.runs)
				break
			}
		}
	}
}

// TestStreamSkipPlain checks SkipPlain against reading one octet at a
// time: it passes over exactly the plain octets outside its set, up to the
// first that is in it or not plain, on random strings and sets.
func TestStreamSkipPlain(t *testing.T) {
	const alphabet = "/%2fF7eEaA*$?#;:\x00\x80\xFFxy"
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		b := make([]byte, r.IntN(16))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		url := string(b)
		var stop [4]uint64
		for range r.IntN(4) {
			c := alphabet[r.IntN(len(alphabet))]
			stop[c>>6] |= 1 << (c & 63)
		}
		for _, f := range []Form{Canonical, Raw, Decoded, Form(9)} { // an unknown Form reads as Canonical
			for _, first := range []bool{false, true} {
				st, ref := f.Stream(url), f.Stream(url)
				if first { // from a pending octet, or the second octet
					st.Next()
					ref.Next()
				}
				st.SkipPlain(&stop)
				var want []byte
				for {
					p := ref.Plain(1)
					if p == "" {
						break
					}
					if c := p[0]; stop[c>>6]>>(c&63)&1 != 0 {
						want = append(want, c) // the octet it stops at
						break
					}
				}
				want = append(want, read(ref, 16)...)
				if got := read(st, 16); string(got) != string(want) {
					t.Fatalf("%v.Stream(%q), first %v: after SkipPlain reads %q, want %q", f, url, first, got, want)
				}
			}
		}
	}
}
