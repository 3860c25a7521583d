package robots

import (
	"github.com/robotsexclusion/robots/compile"
	"github.com/robotsexclusion/robots/internal/lend"
)

// Package lint reads the groups of every file it checks and changes none:
// it borrows them through package lend rather than copying them with
// Groups.
func init() {
	lend.Groups = func(r any) []compile.Group { return r.(*Robots).file.Groups }
}
