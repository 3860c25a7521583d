package meta

import (
	"strings"
	"testing"
)

// BenchmarkParseHTML reads a typical head, a page with a large body (of
// which only the head is read), and heads built to be slow: many META tags,
// many dates, many unknown words.
func BenchmarkParseHTML(b *testing.B) {
	typical := `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mary's Antiques</title><link rel="stylesheet" href="/s.css">
<meta name="description" content="Welcome to Mary's Antiques web site">
<meta name="robots" content="noindex, max-snippet:50, max-image-preview:large">
<meta name="googlebot" content="unavailable_after: 25 Jun 2010 15:00:00 PST">
<script>window.dataLayer = [];</script></head>`
	cases := []struct{ name, doc string }{
		{"Typical", typical},
		{"HugeBody/6MB", typical + "<body>" + strings.Repeat("<p>lorem ipsum dolor sit amet</p>\n", 200_000)},
		{"ManyMetas/1MB", "<head>" + strings.Repeat(`<meta name=robots content="noindex, max-snippet:5">`, 20_000)},
		{"ManyDates/1MB", `<meta name=robots content="` + strings.Repeat("unavailable_after: Fri, 25 Jun 2010 15:00:00 PST,", 20_000) + `">`},
		{"ManyWords/1MB", `<meta name=robots content="` + strings.Repeat("a ", 500_000) + `">`},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.doc)))
			for b.Loop() {
				if _, err := ParseHTML(strings.NewReader(c.doc), "googlebot", 2<<20); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
