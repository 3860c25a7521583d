package main

import (
	"fmt"
	"io"
	"os"

	"github.com/robotsexclusion/robots"
)

// maxRobotsRead is the most the tools (test, explain, diff, agents) read of
// a robots.txt file: the parse limit, and the 64 KiB that a line straddling
// it may run past, as package fetch reads.
const maxRobotsRead = robots.DefaultParseLimit + 64<<10

// readRobotsBody reads a robots.txt file, or standard input for "-", up to
// maxRobotsRead octets.
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
	body, err := io.ReadAll(io.LimitReader(r, maxRobotsRead))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return body, nil
}
