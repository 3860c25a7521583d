package hostile

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"

	"github.com/robotsexclusion/robots"
)

// A Family is a hostile file written by hand, and the URL that costs it
// the most. Both are built when asked for, not when the package is
// loaded: a searched family's file is a draw of hundreds of kilobytes,
// and a process that measures one family cold should not have built and
// dropped the others first.
type Family struct {
	Name string
	Body func() []byte
	URL  func() string
}

// Families are the hand-written hostile files, each filling the default
// parse limit unless it is one line, every line distinct:
//
//	manystar=k  lines "Disallow: /*x*y*...$" of k stars, each followed by a
//	            letter drawn from five, on a URL of those letters
//	abcd        lines "Disallow: /*a*b*c*d$" of four letters drawn from 26,
//	            spread over 64 groups
//	astar       lines "Disallow: /*a_i*b_i", whose union needs 2^k DFA states
//	literal     one literal line of 500 KiB
//	longstar    one line "Disallow: /*q*q*...$" of 176 KB
//	straddle    500 KiB of comments, then one line "Disallow: /*q*q*..." of
//	            5 MB that straddles the limit (read up to the 64 KiB slack)
//	distinct    one line "Disallow: /*aaa*baa*caa*..." of 564 KiB: 144,000
//	            distinct segments of three octets, the most segments the
//	            limit admits
//	nested      lines "Disallow: /*a^i*b$" for i = 1, 2, ...: a run of 'a'
//	            ends hundreds of segments at each octet
//	asleep      lines "Disallow: /*z*a^i*b$": the same segments, waiting on
//	            a star node ("/*z*") that a run of 'a' never reaches
//	late        lines "Disallow: /*a^400*a^i*b$": the same segments, waiting
//	            on a star node reached in the middle of a run of 'a'
//	usage-astar lines "Content-Usage: /*a_i*b_i train-ai=n, search=y": the
//	            astar patterns as usage rules of two categories
//	usage-same  the line "Content-Usage: /*a_i train-ai=n, search=y": one
//	            wildcard path a line, whose equal lengths once took a check
//	            quadratic in the lines
//	wildlit     one line "Disallow: /*.pdf$" and literal lines to the limit:
//	            the NFA tier under a literal DFA of 500 KiB
//	longseg     one rule of about 2 KB, four stars, a segment of 1,100
//	            octets, on a URL of 2 KB that holds its segments (the
//	            differential run's long-segment files)
//	usage-params lines "Content-Usage: x_i;a": a value package usage reads
//	            with its general reader, the parse's costliest per octet
//	signal-params lines "Content-Signal: x_i;a", the same for
//	            Content-Signal
//	groups      lines "User-agent: a_i" and "Disallow: /b_i" in turn: a
//	            group of one agent and one rule every 30 octets
//	scanrun     a file small enough to be decided by a scan before its
//	            automaton is built (32 KB of patterns): 31 lines of four
//	            segments of a hundred-odd 'a' and another letter, and
//	            literal lines, on a run of 'a' that every segment almost
//	            matches at every octet
//	searched-*  the worst draws of the search (SearchedDecide,
//	            SearchedCompile, and those numbered after them)
var Families = []Family{
	{"manystar=100", func() []byte { return manyStar(100) }, fixed(letters(5, 1))},
	{"manystar=1000", func() []byte { return manyStar(1000) }, fixed(letters(5, 2))},
	{"abcd", abcd, fixed(letters(26, 3))},
	{"astar", func() []byte {
		return fill(1, func(i int) string { return fmt.Sprintf("Disallow: /*a%d*b%d\n", i, i) })
	}, numbered},
	{"literal", func() []byte {
		return []byte("User-agent: *\nDisallow: /" + strings.Repeat("abcdefgh", robots.DefaultParseLimit/8-8) + "\n")
	}, numbered},
	{"longstar", func() []byte {
		return []byte("User-agent: *\nDisallow: /" + strings.Repeat("*q", 88000) + "$\n")
	}, numbered},
	{"straddle", func() []byte {
		head := "User-agent: *\n" + strings.Repeat("# "+strings.Repeat("c", 61)+"\n", robots.DefaultParseLimit/64-1)
		return []byte(head + "Disallow: /" + strings.Repeat("*q", 5<<20/2) + "\n")
	}, numbered},
	{"distinct", distinctSegments, numbered},
	{"nested", func() []byte {
		return fill(1, func(i int) string { return "Disallow: /*" + strings.Repeat("a", i+1) + "*b$\n" })
	}, fixed(runOfA)},
	{"asleep", func() []byte {
		return fill(1, func(i int) string { return "Disallow: /*z*" + strings.Repeat("a", i+1) + "*b$\n" })
	}, fixed(runOfA)},
	{"late", func() []byte {
		return fill(1, func(i int) string {
			return "Disallow: /*" + strings.Repeat("a", 400) + "*" + strings.Repeat("a", i+1) + "*b$\n"
		})
	}, fixed(runOfA)},
	{"usage-astar", func() []byte {
		return fill(1, func(i int) string { return fmt.Sprintf("Content-Usage: /*a%d*b%d train-ai=n, search=y\n", i, i) })
	}, numbered},
	{"usage-same", func() []byte {
		return fill(1, func(i int) string { return fmt.Sprintf("Content-Usage: /*a%d train-ai=n, search=y\n", i) })
	}, numbered},
	{"wildlit", func() []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\nDisallow: /*.pdf$\n")
		for i := 0; b.Len() < robots.DefaultParseLimit-40; i++ {
			fmt.Fprintf(&b, "Disallow: /%x/%d/page\n", i*7919, i)
		}
		return []byte(b.String())
	}, numbered},
	{"longseg", func() []byte { return []byte("User-agent: *\nDisallow: " + longSegRule + "\n") }, fixed(longSegURL)},
	{"usage-params", func() []byte {
		return fill(1, func(i int) string { return fmt.Sprintf("Content-Usage: x%d;a\n", i) })
	}, numbered},
	{"signal-params", func() []byte {
		return fill(1, func(i int) string { return fmt.Sprintf("Content-Signal: x%d;a\n", i) })
	}, numbered},
	{"scanrun", scanRun, fixed(runOfA)},
	{"groups", func() []byte {
		return fill(1, func(i int) string { return fmt.Sprintf("User-agent: a%d\nDisallow: /b%d\n", i, i) })
	}, numbered},
	searched("searched-decide", SearchedDecide, 0),
	searched("searched-compile", SearchedCompile, 2),
	searched("searched-decide-2", SearchedDecide2, 5),
	searched("searched-compile-2", SearchedCompile2, 4),
	searched("searched-compile-3", SearchedCompile3, 0),
	searched("searched-compile-4", SearchedCompile4, 2),
	searched("searched-compile-5", SearchedCompile5, 2),
}

// The worst draws the search found (cmd/hostilesearch), on its two
// objectives, kept so that the benchmarks and the tests run them:
//
//	go run ./cmd/hostilesearch -seed 1 -restarts 60 -steps 1000000 -duration 20m
//	go run ./cmd/hostilesearch -objective compile -seed 2 -restarts 60 -steps 1000000 -duration 15m
//
// SearchedDecide is the draw whose costliest URL costs the most work, 15.8
// times the decision budget: lines of 372 to 735 stars, each followed by
// one or two 'a', every line anchored, on a URL of 'a'. SearchedCompile is
// the one whose compile allocates the most: 6,157 lines of 5 to 28 stars
// over 75 octets, segments of three or four, nearly every one distinct,
// over 64 groups.
var (
	SearchedDecide = Params{Seed: 10609496759593355090, Alphabet: 1, StarsMin: 372, StarsMax: 735, SegMin: 1, SegMax: 2,
		Anchor: 1, Allow: 0.85, Literal: 0.25, Usage: 0.25, Groups: 8, Size: 512000}
	SearchedCompile = Params{Seed: 16175519326528355080, Alphabet: 75, StarsMin: 5, StarsMax: 28, SegMin: 3, SegMax: 4,
		Allow: 1, Groups: 64, Size: 511999}
)

// The worst draws of the search once the segment tier's build has a
// budget (past it, the scan plan), fifteen minutes on each objective:
//
//	go run ./cmd/hostilesearch -objective compile -seed 3 -restarts 60 -steps 1000000 -duration 15m
//	go run ./cmd/hostilesearch -seed 4 -restarts 60 -steps 1000000 -duration 15m
//
// SearchedDecide2 costs the most work on a URL, 1,116 times the decision
// budget, failing closed: 11,971 lines of three stars, segments of eight
// or nine octets over seven, a shared prefix, most lines anchored.
// SearchedCompile2 allocates the most to compile, 13 MiB: 20,232 lines
// over 15 groups, half of them literal, a quarter Content-Usage lines,
// wildcard ones of three stars and segments of three to five octets over
// 26, all anchored.
var (
	SearchedDecide2 = Params{Seed: 1522717521909654861, Alphabet: 7, StarsMin: 3, StarsMax: 3, SegMin: 8, SegMax: 9,
		Prefix: 2, Share: 1, Anchor: 0.8, Groups: 1, Size: 512000}
	SearchedCompile2 = Params{Seed: 12486042135743607993, Alphabet: 26, StarsMin: 3, StarsMax: 3, SegMin: 3, SegMax: 5,
		Share: 0.5, Anchor: 1, Allow: 0.55, Literal: 0.5, Usage: 0.25, Groups: 15, Size: 512000}
)

// The worst draw of twenty minutes more of the compile search, once the
// segment build counts its units before it builds the trie of star nodes:
//
//	go run ./cmd/hostilesearch -objective compile -seed 3 -restarts 60 -steps 1000000 -duration 20m
//
// SearchedCompile3 allocates 13.5 MiB to compile on that build: 19,004
// lines over 11 groups, 11,441 Content-Usage lines with paths and 7,563
// Allow lines, a third of each literal, the wildcard ones of two stars
// and segments of one to five octets over 74, none anchored.
var SearchedCompile3 = Params{Seed: 10589260450523744427, Alphabet: 74, StarsMin: 2, StarsMax: 2, SegMin: 1, SegMax: 5,
	Share: 0.5, Allow: 1, Literal: 0.35, Usage: 0.6, Groups: 11, Size: 511998}

// The worst draw of thirty minutes of the compile search once the budget
// counts the bytes all of a Compile's builds are predicted to allocate:
//
//	go run ./cmd/hostilesearch -objective compile -seed 6 -restarts 60 -steps 1000000 -duration 30m
//
// SearchedCompile4 allocates 5.04 MiB to compile, less than the kept
// families above, but costs the most instructions of them all (about 150
// million a compile, against 100 to 115): 164 lines over 64 groups,
// nearly all of five or six stars between segments of 417 to 427 octets
// over 37, anchored, whose tries of segments (360,000 nodes, with their
// failure links) are the compile's work. Its segment matcher was built
// and bounded, 138 octets under the budget; once the tries of segments
// count the tables that find their failure links, it is over the budget
// and gets the scan plan, on which its URL fails closed.
var SearchedCompile4 = Params{Seed: 13942695332322294065, Alphabet: 37, StarsMin: 5, StarsMax: 6, SegMin: 417, SegMax: 427,
	Share: 0.25, Anchor: 1, Literal: 0.05, Groups: 64, Size: 360118}

// The worst draw of thirty minutes of the compile search once the tries of
// segments count the tables that find their failure links:
//
//	go run ./cmd/hostilesearch -objective compile -seed 6 -restarts 60 -steps 1000000 -duration 30m
//
// SearchedCompile5 allocates 5.04 MiB to compile, as SearchedCompile4 did
// on the build before, and is of its kind: 115 lines over 64 groups, of
// five to ten stars between segments of 417 to 426 octets over 72,
// anchored, whose tries of segments are the compile's work (85 million
// instructions a compile, against 127 million for SearchedCompile4 on the
// build before). Its segment matcher is built and bounded, and decides
// exactly.
var SearchedCompile5 = Params{Seed: 2290643786287670584, Alphabet: 72, StarsMin: 5, StarsMax: 10, SegMin: 417, SegMax: 426,
	Share: 0.25, Anchor: 1, Allow: 1, Groups: 64, Size: 360105}

// searched returns the family of draw p, decided on its URL i.
func searched(name string, p Params, i int) Family {
	draw := sync.OnceValue(func() Draw { return New(p) })
	return Family{name, func() []byte { return draw().Body }, func() string { return draw().URLs[i] }}
}

// scanRun is the scanrun family: the most rules that search and the most
// octets a scan takes (31 rules, 32 KiB of patterns and rules), in
// segments a run of 'a' almost matches everywhere. A scan that searched
// each at every octet ran past the decision budget on it, and the Matcher
// built its automaton inside the first decision.
func scanRun() []byte {
	r := rand.New(rand.NewPCG(11, 0))
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	octets, i := 0, 0
	for ; i < 31; i++ {
		p := "/"
		for range 4 {
			p += "*" + strings.Repeat("a", 100+r.IntN(40)) + string(rune('b'+r.IntN(6))) + letters3(r)
		}
		p += fmt.Sprintf("*z%d", i)
		octets += len(p)
		b.WriteString("Disallow: " + p + "\n")
	}
	for ; octets+i < 32000; i++ {
		p := fmt.Sprintf("/lit%05d/%s", i, strings.Repeat("q", 40))
		octets += len(p)
		b.WriteString("Disallow: " + p + "\n")
	}
	return []byte(b.String())
}

// letters3 returns three letters drawn from "ab".
func letters3(r *rand.Rand) string {
	return string([]byte{"ab"[r.IntN(2)], "ab"[r.IntN(2)], "ab"[r.IntN(2)]})
}

// fixed returns a URL of a Family that is built with the package.
func fixed(url string) func() string { return func() string { return url } }

// Family returns the hand-written family of the given name.
func FamilyOf(name string) (Family, bool) {
	for _, f := range Families {
		if f.Name == name {
			return f, true
		}
	}
	return Family{}, false
}

// fill returns a file of the lines line(0), line(1), ... up to the default
// parse limit, spread over groups "User-agent: *" groups.
func fill(groups int, line func(i int) string) []byte {
	var lines []string
	size := len("User-agent: *\n") * groups
	for i := 0; ; i++ {
		l := line(i)
		if size+len(l) > robots.DefaultParseLimit {
			break
		}
		lines = append(lines, l)
		size += len(l)
	}
	var b strings.Builder
	for i, l := range lines {
		if i == 0 || i*groups/len(lines) != (i-1)*groups/len(lines) {
			b.WriteString("User-agent: *\n")
		}
		b.WriteString(l)
	}
	return []byte(b.String())
}

// distinct returns line(r), drawn again until it differs from every line
// before it.
func distinct(r *rand.Rand, line func(r *rand.Rand) string) func(int) string {
	seen := map[string]bool{}
	return func(int) string {
		for {
			if l := line(r); !seen[l] {
				seen[l] = true
				return l
			}
		}
	}
}

// distinctSegments is one line of distinct segments of three octets, up
// to the parse limit and the slack of a line that straddles it.
func distinctSegments() []byte {
	const alpha = "abcdefghijklmnopqrstuvwxyz0123456789-._~ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /")
	for i := 0; b.Len()+5 < robots.DefaultParseLimit+64<<10-64; i++ {
		b.WriteByte('*')
		for j, k := 0, i; j < 3; j, k = j+1, k/len(alpha) {
			b.WriteByte(alpha[k%len(alpha)])
		}
	}
	b.WriteByte('\n')
	return []byte(b.String())
}

// manyStar fills the limit with anchored lines of k stars, each star
// followed by a letter drawn from five, every line distinct.
func manyStar(k int) []byte {
	r := rand.New(rand.NewPCG(uint64(k), 5))
	return fill(1, distinct(r, func(r *rand.Rand) string {
		var b strings.Builder
		b.WriteString("Disallow: /")
		for range k {
			b.WriteByte('*')
			b.WriteByte(byte('a' + r.IntN(5)))
		}
		b.WriteString("$\n")
		return b.String()
	}))
}

// abcd fills the limit with lines "Disallow: /*a*b*c*d$" of four letters
// drawn from 26, every line distinct, spread over 64 groups.
func abcd() []byte {
	r := rand.New(rand.NewPCG(4, 26))
	return fill(64, distinct(r, func(r *rand.Rand) string {
		return fmt.Sprintf("Disallow: /*%c*%c*%c*%c$\n", 'a'+r.IntN(26), 'a'+r.IntN(26), 'a'+r.IntN(26), 'a'+r.IntN(26))
	}))
}

// letters returns a URL of URLOctets octets of path, '/' and letters drawn
// from the first n.
func letters(n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	var b strings.Builder
	b.WriteByte('/')
	for b.Len() < URLOctets {
		b.WriteByte(byte('a' + r.IntN(n)))
	}
	return b.String()
}

// numbered returns a URL of URLOctets octets of path whose octets feed
// the families of letters and numbers: the a_i, b_i of astar.
func numbered() string {
	var b strings.Builder
	b.WriteByte('/')
	for i := 0; b.Len() < URLOctets; i++ {
		b.WriteByte(byte('a' + i%26))
		if i%5 == 0 {
			b.WriteString(strconv.Itoa(i % 97))
		}
	}
	return b.String()[:URLOctets]
}

// runOfA is the URL of the families of runs of 'a': 1 KiB of 'a', which
// ends the segments a^1 ... a^j at the j+1st octet.
var runOfA = "/" + strings.Repeat("a", URLOctets-1)

// longSegRule and longSegURL are a long-segment file's rule and URL: four
// stars, segments of 20, 100 and 200 octets and one of 1,100, over 26
// letters, and a URL that holds the rule's segments in order, its stars
// read as one octet each.
var longSegRule, longSegURL = func() (string, string) {
	r := rand.New(rand.NewPCG(26, 1100))
	seg := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('a' + r.IntN(26)))
		}
		return b.String()
	}
	segs := []string{seg(20), seg(100), seg(200), seg(1100), seg(300)}
	return "/" + strings.Join(segs, "*") + "$", "/" + strings.Join(segs, "x")
}()

// LongSegment returns a file of the kind the differential run against
// Google's library drew: one rule of about 2 KB, of three to five stars,
// one of whose segments is of about 1,100 octets, and URLs of 1 to 2.5 KB
// of path that hold its segments in order, a few octets between them, or
// all but the end of the long one, or random letters.
func LongSegment(seed uint64) ([]byte, []string) {
	r := rand.New(rand.NewPCG(seed, 1100))
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('a' + r.IntN(26)))
		}
		return b.String()
	}
	stars := 3 + r.IntN(3)
	segs := make([]string, stars+1)
	long := 1 + r.IntN(stars)
	for i := range segs {
		segs[i] = word(20 + r.IntN(200))
	}
	segs[long] = word(1000 + r.IntN(200))
	rule := "/" + strings.Join(segs, "*")
	if r.IntN(2) == 0 {
		rule += "$"
	}
	var urls []string
	for k := range 6 {
		var b strings.Builder
		b.WriteByte('/')
		for i, s := range segs {
			if i > 0 {
				b.WriteString(word(r.IntN(300)))
			}
			if k%3 == 1 && i == long {
				s = s[:len(s)-1-r.IntN(50)]
			}
			b.WriteString(s)
		}
		if k%3 == 2 {
			b.Reset()
			b.WriteByte('/')
			b.WriteString(word(1000 + r.IntN(1500)))
		}
		urls = append(urls, b.String())
	}
	return []byte("User-agent: *\nDisallow: " + rule + "\n"), urls
}
