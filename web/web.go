// Package web is the robots.txt tester page: a static page of plain HTML,
// CSS and JavaScript modules that runs the library in the browser through
// one WebAssembly module (package main in web/wasm), so that nothing typed
// into it leaves the browser. It answers every question through the same
// code as robots COMMAND -json: verdicts with their
// deciding lines, explanations, the four dialects side by side, lint marks
// in the editor, the semantic diff of two versions, the AI crawlers of the
// registry, and an expectations file for robots test.
//
// go generate ./web builds it, into two artifacts that are not committed:
// web/dist (split files, for any static host, embedded here) and
// web/robots.html (one self-contained file, the module inlined, that works
// opened from disk). The module stays within 1.2 MB gzipped.
//
// This package serves the embedded page (robots serve) with an endpoint
// the static page cannot have, CORS forbidding it: fetching a live
// robots.txt through package fetch's RFC 9309 policy. The endpoint is for
// one user on loopback (see Server), and fetches only /robots.txt, over
// http or https, on the ports it is given.
package web

//go:generate go run gen.go

import (
	"embed"
	"errors"
	"io/fs"
	"net"
	"strings"
)

//go:embed dist
var dist embed.FS

// ErrNotGenerated is returned when the page was not generated before the
// program was built: the embedded files are then only a README.
var ErrNotGenerated = errors.New("the tester page was not generated: run go generate ./web, then build the command again (go install ./cmd/robots)")

// pageFS returns the page's files, index.html at the top, or
// ErrNotGenerated.
func pageFS() (fs.FS, error) {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil, err
	}
	return generated(sub)
}

// generated returns page when it holds the generated files, or
// ErrNotGenerated.
func generated(page fs.FS) (fs.FS, error) {
	for _, name := range []string{"index.html", "boot.js", "robots.wasm", "wasm_exec.js", "js/app.js"} {
		if _, err := fs.Stat(page, name); err != nil {
			return nil, ErrNotGenerated
		}
	}
	return page, nil
}

// loopbackHost reports whether the Host of a request names this machine by
// loopback: a page reached by another name (DNS rebinding) gets nothing.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Loopback reports whether addr, a host:port to listen on, is a loopback
// address, as Server wants: "127.0.0.1:8080", "[::1]:0", "localhost:8080".
// An empty host (":8080", every interface) is not.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	return err == nil && host != "" && loopbackHost(host)
}
