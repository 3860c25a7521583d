package main

import (
	"bytes"
	"strings"
)

// runCmd runs a command of the tool in-process with the given standard
// input, as main would with those arguments.
func runCmd(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut}
	code = run(e, args)
	return code, out.String(), errOut.String()
}
