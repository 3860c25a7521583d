package automaton_test

import (
	"math/rand/v2"
	"testing"

	"github.com/robotsexclusion/robots/automaton"
	"github.com/robotsexclusion/robots/normalize"
)

// read yields the octets of st as an engine reads them: runs of Plain(max)
// octets, and Next where Plain has none.
func read(st automaton.Input, max int) []byte {
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

// TestInputPlain checks that reading an Input in Plain runs yields the
// same octets as reading it with Next alone, for every Form and run length,
// on random strings rich in the octets that forms treat specially.
func TestInputPlain(t *testing.T) {
	const alphabet = "/%2fF7eEaA*$?#;:\x00\x80\xFFxy"
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		b := make([]byte, r.IntN(16))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		url := string(b)
		for _, f := range []normalize.Form{normalize.Canonical, normalize.Raw, normalize.Decoded} {
			want := f.URL(url)
			for _, max := range []int{1, 3, 16} {
				if got := read(f.Input(url), max); string(got) != want {
					t.Fatalf("%v.Input(%q) read in Plain(%d) runs yields %q, URL gives %q", f, url, max, got, want)
				}
			}
		}
	}
}

// TestInputPlainRuns checks where Plain stops: before an octet to escape
// or decode, an end of the path, or max octets.
func TestInputPlainRuns(t *testing.T) {
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
		st := normalize.Canonical.Input(c.url)
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

// TestInputSkipPlain checks SkipPlain against reading one octet at a
// time: it passes over exactly the plain octets outside its set, up to the
// first that is in it or not plain, on random strings and sets.
func TestInputSkipPlain(t *testing.T) {
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
		for _, f := range []normalize.Form{normalize.Canonical, normalize.Raw, normalize.Decoded, normalize.Form(9)} { // an unknown Form reads as Canonical
			for _, first := range []bool{false, true} {
				st, ref := f.Input(url), f.Input(url)
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
					t.Fatalf("%v.Input(%q), first %v: after SkipPlain reads %q, want %q", f, url, first, got, want)
				}
			}
		}
	}
}

// TestStringBytes checks that an Input of a string or of bytes is read as
// its octets, every one of them: no path is looked for ("//host/x" is
// those eight octets) and no octet ends or escapes.
func TestStringBytes(t *testing.T) {
	rules := []automaton.Rule{{Pattern: "abc", Rank: 3}, {Pattern: "//h*x$", Rank: 5}, {Pattern: "a#%zz*\x00", Rank: 7}}
	for _, c := range []struct {
		in   string
		want int32
	}{
		{"abc", 0},
		{"abcd", 0},
		{"ab", -1},
		{"//host/x", 1},
		{"//host/xy", -1},
		{"a#%zz\xff\x00", 2},
	} {
		for _, lim := range automaton.AllEngines() {
			m := automaton.Compile(rules, lim)
			if got := m.Match(automaton.String(c.in)); got != c.want {
				t.Errorf("%v: String(%q) matched %d, want %d", lim, c.in, got, c.want)
			}
			if got := m.Match(automaton.Bytes([]byte(c.in))); got != c.want {
				t.Errorf("%v: Bytes(%q) matched %d, want %d", lim, c.in, got, c.want)
			}
		}
		if got := string(automaton.String(c.in).AppendTo(nil)); got != c.in {
			t.Errorf("String(%q) reads %q", c.in, got)
		}
	}
	b := []byte("/some/path")
	if n := testing.AllocsPerRun(100, func() { automaton.Bytes(b) }); n != 0 {
		t.Errorf("Bytes allocates %.0f times", n)
	}
}

// TestRewrite checks a Rewriting of each kind of octet, with a prefix.
func TestRewrite(t *testing.T) {
	r := automaton.NewRewriting(
		func(c byte) bool { return c == '#' },
		func(c byte) bool { return c == ' ' || c >= 0x80 },
		func(c byte) bool { return 'a' <= c && c <= 'z' },
	)
	for _, c := range []struct{ s, prefix, want string }{
		{"a b", "", "a%20b"},
		{"%61%62%2f", "/", "/ab%2F"},
		{"%zz%", "", "%25zz%25"},
		{"x#y", "", "x"},
		{"\xff", "", "%FF"},
	} {
		if got := string(automaton.Rewrite(c.s, 0, c.prefix, r).AppendTo(nil)); got != c.want {
			t.Errorf("Rewrite(%q, %q) reads %q, want %q", c.s, c.prefix, got, c.want)
		}
	}
}
