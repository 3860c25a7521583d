package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/robotsexclusion/robots"
	"github.com/robotsexclusion/robots/fetch"
	"github.com/robotsexclusion/robots/normalize"
)

// readRobotsBody reads a robots.txt file, or standard input for "-", as
// package normalize bounds every body: at most the parse limit and the
// Slack a straddling line may run past it (normalize.ReadBody).
func readRobotsBody(e *env, name string) ([]byte, error) {
	var r io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	body, err := normalize.ReadBody(r, robots.DefaultParseLimit)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return body, nil
}

// isURL reports whether a command's argument names a robots.txt by URL
// rather than by file.
func isURL(arg string) bool {
	return strings.HasPrefix(arg, "http://") || strings.HasPrefix(arg, "https://")
}

// A loaded robots.txt: a file's, or what fetching a URL's came to.
type loaded struct {
	name string
	r    *robots.Robots
	note string // for a fetch that found no file: what the rules are instead
}

// loadRobots reads a robots.txt file, or fetches the robots.txt of a URL's
// origin through cache. A fetch that finds no file (4xx) stands for an empty
// file, and one that finds the host unreachable or refusing (5xx, 429, a
// timeout) for a file that disallows everything, as RFC 9309 2.3.1 says;
// the note says so.
func loadRobots(e *env, arg string, cache *fetch.Cache, opts ...robots.Option) (*loaded, error) {
	if !isURL(arg) {
		body, err := readRobotsBody(e, arg)
		if err != nil {
			return nil, err
		}
		return &loaded{name: arg, r: robots.Parse(body, opts...)}, nil
	}
	res, err := cache.Get(context.Background(), arg)
	if err != nil {
		return nil, err
	}
	l := &loaded{name: res.Origin + "/robots.txt"}
	switch {
	case res.Outcome == fetch.OK && res.Robots != nil:
		l.r = res.Robots
	case res.Outcome == fetch.Unavailable:
		l.r, l.note = robots.Parse(nil, opts...), res.String()+": no file, everything allowed"
	default:
		l.r = robots.Parse([]byte("User-agent: *\nDisallow: /\n"), opts...)
		l.note = res.String() + ": everything disallowed (read as User-agent: * / Disallow: /)"
	}
	return l, nil
}
