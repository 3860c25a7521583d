//go:build js && wasm

package main

import (
	"fmt"
	"runtime/debug"
	"strings"
	"syscall/js"
)

func main() {
	js.Global().Get("performance").Call("mark", "robots:main") // the runtime is up: the page's load figures read it
	// A page's heap is small and its pauses are the user's: collect when
	// the heap has grown fivefold, not twofold, so that a keystroke on a
	// large file seldom waits for the collector.
	debug.SetGCPercent(400)
	js.Global().Set("robotsDo", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return string(do(args))
	}))
	select {} // serve calls until the page goes
}

// do reads a request from args, a JSON string, and answers it.
func do(args []js.Value) (out []byte) {
	defer func() {
		if e := recover(); e != nil { // JSON.parse threw: not JSON
			out = failure(fmt.Sprintf("the request is not JSON: %v", e))
		}
	}()
	if len(args) != 1 || args[0].Type() != js.TypeString {
		return failure("robotsDo takes one argument, a JSON string")
	}
	v := js.Global().Get("JSON").Call("parse", args[0])
	if v.Type() != js.TypeObject || js.Global().Get("Array").Call("isArray", v).Bool() {
		return failure("the request is not a JSON object")
	}
	req, err := readRequest(jsObject{v})
	if err != nil {
		return failure(err.Error())
	}
	return answer(req)
}

// jsObject is an object parsed by the browser.
type jsObject struct{ v js.Value }

func (o jsObject) get(key string) (js.Value, bool) {
	v := o.v.Get(key)
	return v, !v.IsUndefined() && !v.IsNull()
}

func (o jsObject) str(key string) (string, error) {
	v, ok := o.get(key)
	switch {
	case !ok:
		return "", nil
	case v.Type() != js.TypeString:
		return "", fmt.Errorf("%s: want a string", key)
	}
	return v.String(), nil
}

func (o jsObject) strs(key string) ([]string, error) {
	v, ok := o.get(key)
	switch {
	case !ok:
		return nil, nil
	case !js.Global().Get("Array").Call("isArray", v).Bool():
		return nil, fmt.Errorf("%s: want a list of strings", key)
	}
	if n := v.Length(); n > 0 && allStrings(v) {
		// A list of strings crosses into Go as one string, joined by NULs,
		// when none holds a NUL: a crossing per element costs more than
		// deciding it.
		if joined := v.Call("join", "\x00").String(); strings.Count(joined, "\x00") == n-1 {
			return strings.Split(joined, "\x00"), nil
		}
	}
	out := make([]string, v.Length())
	for i := range out {
		e := v.Index(i)
		if e.IsNull() {
			continue // "", as encoding/json reads a null
		}
		if e.Type() != js.TypeString {
			return nil, fmt.Errorf("%s: want a list of strings", key)
		}
		out[i] = e.String()
	}
	return out, nil
}

// allStrings reports whether every element of the array v is a string:
// then it is written in JSON as it is after String is applied to each.
// The texts are compared where they are, in the browser.
func allStrings(v js.Value) bool {
	g := js.Global()
	json := g.Get("JSON")
	as := json.Call("stringify", v)
	strs := json.Call("stringify", v.Call("map", g.Get("String")))
	return g.Get("Object").Call("is", as, strs).Bool()
}

func (o jsObject) flag(key string) (bool, error) {
	v, ok := o.get(key)
	switch {
	case !ok:
		return false, nil
	case v.Type() != js.TypeBoolean:
		return false, fmt.Errorf("%s: want true or false", key)
	}
	return v.Bool(), nil
}
