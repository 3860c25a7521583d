// Package lend is where the root package lends package lint what its API
// copies for every caller: the parsed file's groups, which Robots.Groups
// copies so that no caller can change them, and which lint's checks only
// read. Copying them cost robots audit, which lints every capture, more
// than a kilobyte and a dozen allocations a file. It imports only
// package compile, so that the root package can import it.
package lend

import "github.com/robotsexclusion/robots/compile"

// Groups returns the groups of r, a *robots.Robots, in file order: the
// file's own, which the caller must not change. The root package sets it
// when it is initialized.
var Groups func(r any) []compile.Group
