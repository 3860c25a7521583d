// Package field reads the response headers that state what may be done
// with a page: the values of a field however its name is cased, and the
// usage-preference fields Content-Usage and Content-Signal, each with what
// is wrong with it. Package meta reads a page's preferences through it,
// and the robots command lists each usage header through it, so that both
// read a header one way.
//
// Bounds: a structured field, its lines joined, is read up to MaxLen
// octets (64 KiB); a longer one is not read, and RawLen octets (100) of
// its text are kept.
package field

import (
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/robotsexclusion/robots/internal/diag"
	"github.com/robotsexclusion/robots/internal/jsonw"
	"github.com/robotsexclusion/robots/usage"
)

// MaxLen is the longest value, in octets, of a structured header that is
// read: the Robots-Tag, Content-Usage or Content-Signal headers of a
// response, each field's lines joined. draft-illyes-repext asks for a
// limit of at least 8 KiB; this one is eight times that. A longer field is
// not read and is reported.
const MaxLen = 64 << 10

// RawLen caps the text kept of a field that is not read.
const RawLen = 100

// The usage-preference header names.
const (
	ContentUsage  = "Content-Usage"
	ContentSignal = "Content-Signal"
)

// Values returns the values of every header of h named name, compared
// without regard to case, the names in sorted order.
func Values(h http.Header, name string) []string {
	var keys []string
	for k := range h {
		if strings.EqualFold(k, name) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		out = append(out, h[k]...)
	}
	return out
}

// A Usage is one usage-preference header of a response, as read.
type Usage struct {
	Field       string            // ContentUsage or ContentSignal
	Value       string            // the value, its lines joined by ", "; an octet not part of valid UTF-8 percent-encoded ("%E9")
	Prefs       usage.Set         // what it states
	Diagnostics []diag.Diagnostic // what is wrong with it, with usage codes (diag.UsageSyntax, ...)
}

// ReadUsage reads the Content-Usage and Content-Signal headers of h, in
// that order, those h has. The lines of one field are joined, as RFC 9651
// says, so that a key given again in a later line replaces the earlier
// value.
func ReadUsage(h http.Header) []Usage {
	var out []Usage
	for _, f := range []struct {
		name  string
		parse func(string, usage.Source) (usage.Set, []diag.Diagnostic)
	}{
		{ContentUsage, usage.Parse},
		{ContentSignal, usage.ParseSignal},
	} {
		values := Values(h, f.name)
		if values == nil {
			continue
		}
		u := Usage{Field: f.name, Value: strings.Join(values, ", ")}
		if len(u.Value) > MaxLen {
			u.Value = jsonw.PercentInvalid(u.Value[:RawLen]) + "..."
			u.Diagnostics = []diag.Diagnostic{{Code: diag.UsageSyntax,
				Message: "longer than " + strconv.Itoa(MaxLen) + " bytes: not read, every category unknown"}}
		} else {
			u.Prefs, u.Diagnostics = f.parse(u.Value, usage.Source{Field: f.name})
			u.Value = jsonw.PercentInvalid(u.Value)
		}
		out = append(out, u)
	}
	return out
}
