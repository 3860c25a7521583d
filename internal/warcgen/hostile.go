package warcgen

import (
	"fmt"
	"strings"
)

// HostileKinds are the bodies Hostile writes, each built to cost the most
// of one part of an audit:
//
//	wild     500 KiB of wildcard rules under *, the automaton's worst family
//	agents   a group naming each of the given crawlers, a thousand rules each: a compile per crawler
//	probes   20,000 disallow rules each tied by an allow rule: no probe is disallowed, so all are decided
//	line     one line of 500 KiB
//	huge     a body of 4 MiB, past what a reader keeps
//	html     an HTML page of 500 KiB
var HostileKinds = []string{"wild", "agents", "probes", "line", "huge", "html"}

// HostileBody returns the body of a kind of HostileKinds; names are the
// crawlers the agents kind names.
func HostileBody(kind string, names []string) []byte {
	var b strings.Builder
	const limit = 500 << 10
	switch kind {
	case "wild":
		b.WriteString("User-agent: *\n")
		for i := 0; b.Len() < limit; i++ {
			fmt.Fprintf(&b, "Disallow: /*a%d*b*c%d*d*e*f$\n", i, i%97)
		}
	case "agents":
		for _, n := range names {
			fmt.Fprintf(&b, "User-agent: %s\n", n)
			for i := range 1000 {
				fmt.Fprintf(&b, "Disallow: /%s/%d/*.php\n", n, i)
			}
		}
	case "probes":
		b.WriteString("User-agent: *\n")
		for i := range 20000 {
			fmt.Fprintf(&b, "Disallow: /p%d\nAllow: /p%d\n", i, i)
		}
	case "line":
		b.WriteString("User-agent: *\nDisallow: /" + strings.Repeat("a", limit) + "\n")
	case "huge":
		for b.Len() < 4<<20 {
			b.WriteString("Disallow: /x\n")
		}
	case "html":
		b.WriteString("<!DOCTYPE html><html><body>")
		for b.Len() < limit {
			b.WriteString("<p>User-agent: * Disallow: /</p>\n")
		}
	}
	return []byte(b.String())
}

// Hostile writes n captures of hostile bodies, cycling over HostileKinds,
// each answered 200 as text/plain.
func Hostile(w *Writer, n int, names []string) error {
	if _, err := w.Warcinfo("HOSTILE-robotstxt.warc.gz"); err != nil {
		return err
	}
	bodies := make([][]byte, len(HostileKinds))
	for i, k := range HostileKinds {
		bodies[i] = HostileBody(k, names)
	}
	for i := range n {
		k := i % len(HostileKinds)
		c := Capture{URI: fmt.Sprintf("https://%s%d.hostile.example/robots.txt", HostileKinds[k], i), Status: 200,
			Header: TextHeader(), Body: bodies[k]}
		if _, err := w.Capture(c); err != nil {
			return err
		}
	}
	return nil
}
