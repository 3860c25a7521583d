// Package hostile draws robots.txt files built to cost the matcher the
// most, and searches among them for the worst: the hostile families of the
// benchmarks come from here, not from hand-written patterns alone.
//
// A draw is a file of wildcard rules made from Params (the octets its
// segments use, the stars of a line, the length of a segment, a shared
// literal prefix, lines that share their first segments, end anchors, the
// mix of Allow, Disallow, literal and Content-Usage lines, the groups and
// the file's size), every line distinct, and URLs built to feed it: random
// octets of the alphabet, the segments of its lines joined, runs of one
// octet. Search climbs from random draws towards those whose URLs cost
// the most work as the decision budget counts it (robots.Matcher.Cost),
// or whose compile allocates the most, so that a search from a seed is the
// same on any machine, however busy.
package hostile

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/robotsexclusion/robots"
)

// alphabet holds the octets a draw's segments and URLs use, the first
// Params.Alphabet of them: octets a URL path holds as they are.
const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-._~ABCDEFGHIJKLMNOPQRSTUVWXYZ/=&!,;:@+"

// MaxAlphabet is the most octets a draw's alphabet holds.
const MaxAlphabet = len(alphabet)

// MaxGroups is the most groups a draw spreads its lines over.
const MaxGroups = 64

// URLOctets is the length of the path of every URL a draw builds: 1 KiB.
const URLOctets = 1 << 10

// Params are what a draw is drawn from. Shares are chances, from 0 to 1
// in steps of 1/20, that a line is of a kind.
type Params struct {
	Seed     uint64
	Alphabet int // octets of the alphabet segments draw from, 1 to MaxAlphabet
	StarsMin int // stars a wildcard line, at least 1
	StarsMax int
	SegMin   int // octets a segment, at least 1
	SegMax   int
	Prefix   int     // octets of a literal prefix that every line starts with, after its '/'
	Share    float64 // a wildcard line starts with the first segments of an earlier one
	Anchor   float64 // a line ends in '$'
	Allow    float64 // a rule line is an Allow line
	Literal  float64 // a rule line has no '*'
	Usage    float64 // a line is a Content-Usage line with a path
	Groups   int     // "User-agent: *" groups the lines are spread over, 1 to MaxGroups
	Size     int     // octets of the file, at most the default parse limit
}

// String gives the parameters as the README's hostile table shows them.
func (p Params) String() string {
	return fmt.Sprintf("seed=%d alphabet=%d stars=%d-%d seg=%d-%d prefix=%d share=%.2f anchor=%.2f allow=%.2f literal=%.2f usage=%.2f groups=%d size=%d",
		p.Seed, p.Alphabet, p.StarsMin, p.StarsMax, p.SegMin, p.SegMax, p.Prefix, p.Share, p.Anchor, p.Allow, p.Literal, p.Usage, p.Groups, p.Size)
}

// clamp returns p with every parameter in its range.
func (p Params) clamp() Params {
	p.Alphabet = min(max(p.Alphabet, 1), MaxAlphabet)
	p.StarsMin = min(max(p.StarsMin, 1), 4096)
	p.StarsMax = min(max(p.StarsMax, p.StarsMin), 4096)
	p.SegMin = min(max(p.SegMin, 1), 4096)
	p.SegMax = min(max(p.SegMax, p.SegMin), 4096)
	p.Prefix = min(max(p.Prefix, 0), 64)
	for _, f := range []*float64{&p.Share, &p.Anchor, &p.Allow, &p.Literal, &p.Usage} {
		// In steps of 1/20, so that String's two decimals read back the
		// same value.
		*f = math.Round(min(max(*f, 0), 1)*20) / 20
	}
	p.Groups = min(max(p.Groups, 1), MaxGroups)
	p.Size = min(max(p.Size, 1<<10), robots.DefaultParseLimit)
	return p
}

// A Draw is a file drawn from Params and the URLs built to feed it.
type Draw struct {
	Params Params
	Body   []byte
	Lines  int      // rule and Content-Usage lines, all distinct
	URLs   []string // each a path of URLOctets octets
}

// gen draws the lines of one file.
type gen struct {
	p      Params
	r      *rand.Rand
	prefix string
	segs   [][]string // the segments of the wildcard lines drawn, in order
	seen   map[string]bool
}

// seg draws one segment.
func (g *gen) seg() string {
	n := g.p.SegMin + g.r.IntN(g.p.SegMax-g.p.SegMin+1)
	var b strings.Builder
	for range n {
		b.WriteByte(alphabet[g.r.IntN(g.p.Alphabet)])
	}
	return b.String()
}

// pattern draws a pattern, and for a wildcard one the segments after its
// stars.
func (g *gen) pattern() (string, []string) {
	var b strings.Builder
	b.WriteByte('/')
	b.WriteString(g.prefix)
	if g.r.Float64() < g.p.Literal {
		b.WriteString(g.seg())
		return b.String(), nil
	}
	k := g.p.StarsMin + g.r.IntN(g.p.StarsMax-g.p.StarsMin+1)
	var segs []string
	if len(g.segs) > 0 && g.r.Float64() < g.p.Share {
		from := g.segs[g.r.IntN(len(g.segs))]
		segs = append(segs, from[:1+g.r.IntN(len(from))]...)
	}
	for len(segs) < k {
		segs = append(segs, g.seg())
	}
	segs = segs[:k]
	for _, s := range segs {
		b.WriteByte('*')
		b.WriteString(s)
	}
	return b.String(), segs
}

// line draws a distinct line, or "" when a hundred tries find none.
func (g *gen) line() string {
	for range 100 {
		p, segs := g.pattern()
		if g.r.Float64() < g.p.Anchor {
			p += "$"
		}
		var l string
		switch {
		case g.r.Float64() < g.p.Usage:
			l = "Content-Usage: " + p + " train-ai=" + "ny"[g.r.IntN(2):][:1] + "\n"
		case g.r.Float64() < g.p.Allow:
			l = "Allow: " + p + "\n"
		default:
			l = "Disallow: " + p + "\n"
		}
		if g.seen[l] {
			continue
		}
		g.seen[l] = true
		if segs != nil {
			g.segs = append(g.segs, segs)
		}
		return l
	}
	return ""
}

// New draws the file and URLs of p.
func New(p Params) Draw {
	p = p.clamp()
	g := &gen{p: p, r: rand.New(rand.NewPCG(p.Seed, 0x6f73746c)), seen: map[string]bool{}}
	var pb strings.Builder
	for range p.Prefix {
		pb.WriteByte(alphabet[g.r.IntN(p.Alphabet)])
	}
	g.prefix = pb.String()
	var lines []string
	size := 0
	for {
		l := g.line()
		if l == "" || size+len(l)+len("User-agent: *\n")*(p.Groups+1) > p.Size {
			break
		}
		lines = append(lines, l)
		size += len(l)
	}
	var b strings.Builder
	for i, l := range lines {
		if i*p.Groups/max(len(lines), 1) != (i-1)*p.Groups/max(len(lines), 1) || i == 0 {
			b.WriteString("User-agent: *\n")
		}
		b.WriteString(l)
	}
	return Draw{Params: p, Body: []byte(b.String()), Lines: len(lines), URLs: g.urls()}
}

// urls builds the URLs that feed the draw's lines: random octets of the
// alphabet; segments of its lines in their order, a few octets between
// them; a run of one octet; and the shared prefix followed by segments.
func (g *gen) urls() []string {
	fit := func(b *strings.Builder) string {
		s := b.String()
		for len(s) < URLOctets {
			s += s[len(s)-1:]
		}
		return s[:URLOctets]
	}
	joined := func(prefix string) string {
		var b strings.Builder
		b.WriteByte('/')
		b.WriteString(prefix)
		for b.Len() < URLOctets && len(g.segs) > 0 {
			for _, s := range g.segs[g.r.IntN(len(g.segs))] {
				for range g.r.IntN(3) {
					b.WriteByte(alphabet[g.r.IntN(g.p.Alphabet)])
				}
				b.WriteString(s)
			}
		}
		if b.Len() < 2 {
			b.WriteByte(alphabet[0])
		}
		return fit(&b)
	}
	var out []string
	for range 2 {
		var b strings.Builder
		b.WriteByte('/')
		for b.Len() < URLOctets {
			b.WriteByte(alphabet[g.r.IntN(g.p.Alphabet)])
		}
		out = append(out, fit(&b))
	}
	out = append(out, joined(""), joined(""), joined(g.prefix))
	x := alphabet[g.r.IntN(g.p.Alphabet)]
	if len(g.segs) > 0 {
		s := g.segs[g.r.IntN(len(g.segs))]
		x = s[0][0]
	}
	out = append(out, "/"+g.prefix+strings.Repeat(string(x), URLOctets-1-len(g.prefix)))
	return out
}

// ParseParams reads parameters as Params.String writes them.
func ParseParams(s string) (Params, error) {
	var p Params
	_, err := fmt.Sscanf(s, "seed=%d alphabet=%d stars=%d-%d seg=%d-%d prefix=%d share=%g anchor=%g allow=%g literal=%g usage=%g groups=%d size=%d",
		&p.Seed, &p.Alphabet, &p.StarsMin, &p.StarsMax, &p.SegMin, &p.SegMax, &p.Prefix, &p.Share, &p.Anchor, &p.Allow, &p.Literal, &p.Usage, &p.Groups, &p.Size)
	if err != nil {
		return Params{}, fmt.Errorf("hostile: parameters %q: %w", s, err)
	}
	return p, nil
}
