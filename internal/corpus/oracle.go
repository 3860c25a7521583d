package corpus

// This file reads the oracle: Google's own answers, the verdict and matching
// line of Google's robots.txt library on real and generated cases, kept as
// gzipped JSON Lines beside the repository (../shared/oracle, described in
// its README.md). The Google dialect, and the reference in that dialect, are
// tested against it.

import (
	"bufio"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// An OracleCase is one answer of Google's library.
type OracleCase struct {
	Category string   // what a generated case targets; "" for a corpus case
	Site     string   // a corpus case's site: its body is the file of that name
	Body     []byte   // the robots.txt body, exact bytes
	Agents   []string // the agent, or with Multi the list of agents
	Multi    bool     // Agents was asked as a list (AllowedByRobots), of any length
	URL      string   // the URL, exact bytes
	Allowed  bool     // Google's verdict
	Line     int      // Google's matching_line(): 0 when no rule matched
}

// oracleLine is an oracle line as written: of each pair of fields exactly
// one is set (site, for corpus cases, in place of a body).
type oracleLine struct {
	Category     string    `json:"category"`
	Site         string    `json:"site"`
	Robots       *string   `json:"robots"`
	RobotsBase64 *string   `json:"robots_base64"`
	Agent        *string   `json:"agent"`
	Agents       *[]string `json:"agents"`
	URL          *string   `json:"url"`
	URLBase64    *string   `json:"url_base64"`
	Allowed      bool      `json:"allowed"`
	Line         int       `json:"line"`
}

// ReadOracle calls fn on each case of the oracle file at path, in file
// order, and stops at the first error. The body of a corpus case is read
// from the directory corpus (../shared/corpus/robots); consecutive cases of
// one site share one Body, which fn must not modify.
func ReadOracle(path, corpus string, fn func(*OracleCase) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var site string
	var siteBody []byte
	for n := 1; sc.Scan(); n++ {
		var l oracleLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
		c := &OracleCase{Category: l.Category, Site: l.Site, Allowed: l.Allowed, Line: l.Line}
		if l.Site != "" && l.Site != site {
			if siteBody, err = os.ReadFile(filepath.Join(corpus, l.Site)); err != nil {
				return fmt.Errorf("%s:%d: %w", path, n, err)
			}
			site = l.Site
		}
		if err := l.decode(c, siteBody); err != nil {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
		if err := fn(c); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// decode fills the body, agents and URL of c.
func (l *oracleLine) decode(c *OracleCase, siteBody []byte) error {
	var err error
	switch {
	case l.Robots != nil:
		c.Body = []byte(*l.Robots)
	case l.RobotsBase64 != nil:
		if c.Body, err = base64.StdEncoding.DecodeString(*l.RobotsBase64); err != nil {
			return err
		}
	case l.Site != "":
		c.Body = siteBody
	default:
		return errors.New("no robots, robots_base64 or site")
	}
	switch {
	case l.Agent != nil:
		c.Agents = []string{*l.Agent}
	case l.Agents != nil:
		c.Agents, c.Multi = *l.Agents, true
	default:
		return errors.New("no agent or agents")
	}
	switch {
	case l.URL != nil:
		c.URL = *l.URL
	case l.URLBase64 != nil:
		b, err := base64.StdEncoding.DecodeString(*l.URLBase64)
		if err != nil {
			return err
		}
		c.URL = string(b)
	default:
		return errors.New("no url or url_base64")
	}
	return nil
}
