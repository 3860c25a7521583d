package main

import (
	"flag"

	"github.com/robotsexclusion/robots"
)

// dialectFlag is the -dialect flag of check and lint: the reading of
// robots.txt files (see robots.Dialect).
type dialectFlag struct{ d robots.Dialect }

// addDialectFlag defines -dialect on fs; its zero value is rfc9309.
func addDialectFlag(fs *flag.FlagSet) *dialectFlag {
	f := &dialectFlag{}
	fs.Var(f, "dialect", "read files as `D`: rfc9309, google (Google's library exactly), draft1996 or original1994 (first match)")
	return f
}

func (f *dialectFlag) String() string { return f.d.String() }

func (f *dialectFlag) Set(s string) error {
	d, err := robots.ParseDialect(s)
	if err != nil {
		return err
	}
	f.d = d
	return nil
}

// option returns the parse option of the flag.
func (f *dialectFlag) option() robots.Option { return robots.WithDialect(f.d) }
