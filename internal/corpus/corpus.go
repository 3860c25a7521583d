// Package corpus reads, for the module's tests, the data kept beside the
// repository in ../shared (described in its README.md): the real-world
// corpus of robots.txt files and URLs (Read), and the oracle, Google's
// library's own answers on real and generated cases (ReadOracle). Tests
// that need them skip cleanly when they are absent.
package corpus

// This file reads the real-world corpus (../shared/corpus): the robots.txt
// files of real sites under robots/<site> and URLs of those sites, one a
// line, under links/<site>. Tests that walk it (the engine against the
// reference, the command line's explanations against Decide) read it
// through Read.

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A Site is one site of the corpus that has both a robots.txt and URLs.
type Site struct {
	Name   string   // the site's file name under robots/ and links/
	Robots []byte   // its robots.txt, exact bytes
	URLs   []string // its URLs, in file order, blank lines left out
}

// maxCorpusLine is the longest URL line Read reads.
const maxCorpusLine = 1 << 20

// Read reads every site of the corpus in dir that has both a robots.txt
// and a URL list, in name order. An absent dir is reported as an error that
// wraps fs.ErrNotExist, so that tests can skip.
func Read(dir string) ([]Site, error) {
	names, err := os.ReadDir(filepath.Join(dir, "links"))
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	var sites []Site
	for _, n := range names {
		body, err := os.ReadFile(filepath.Join(dir, "robots", n.Name()))
		if err != nil {
			continue // a URL list without a robots file
		}
		links, err := os.ReadFile(filepath.Join(dir, "links", n.Name()))
		if err != nil {
			return nil, fmt.Errorf("corpus: %w", err)
		}
		s := Site{Name: n.Name(), Robots: body}
		sc := bufio.NewScanner(bytes.NewReader(links))
		sc.Buffer(nil, maxCorpusLine)
		for sc.Scan() {
			if u := strings.TrimSpace(sc.Text()); u != "" {
				s.URLs = append(s.URLs, u)
			}
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("corpus: %s: %w", n.Name(), err)
		}
		sites = append(sites, s)
	}
	return sites, nil
}
