//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main says how to build the module: it runs only in a browser.
func main() {
	fmt.Fprintln(os.Stderr, "the tester page's module runs in a browser: build it with go generate ./web (GOOS=js GOARCH=wasm)")
	os.Exit(2)
}
