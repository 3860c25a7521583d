package fetch

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/robotsexclusion/robots/normalize"
)

// TestReadBody holds readBody, which sizes its buffer by the declared
// length, to normalize.ReadBody's octets and error on the same body:
// declared lengths right, short, long and absent, bodies that fail part
// way, read one octet at a time, and at and past the limit.
func TestReadBody(t *testing.T) {
	const limit = 100
	failure := errors.New("connection reset")
	for _, tc := range []struct {
		name     string
		body     string
		declared int64
		fail     bool // the body fails after its octets
		oneByte  bool
	}{
		{"empty", "", 0, false, false},
		{"as declared", "User-agent: *\nDisallow: /x\n", 27, false, false},
		{"as declared, octet by octet", "User-agent: *\nDisallow: /x\n", 27, false, true},
		{"shorter than declared", "User-agent: *\n", 27, false, false},
		{"longer than declared", "User-agent: *\nDisallow: /x\n", 5, false, false},
		{"longer than declared, octet by octet", "User-agent: *\nDisallow: /x\n", 5, false, true},
		{"no length", "User-agent: *\nDisallow: /x\n", -1, false, false},
		{"fails", "User-agent: *\n", 27, true, false},
		{"fails past the declared length", "User-agent: *\nDisallow: /x\n", 5, true, false},
		{"declared at the limit", strings.Repeat("a", limit), limit, false, false},
		{"declared below the limit, longer than every bound", strings.Repeat("b", 700<<10), limit - 1, false, false},
		{"declared past every bound", strings.Repeat("c", 700<<10), 700 << 10, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			open := func() io.Reader {
				var r io.Reader = strings.NewReader(tc.body)
				if tc.fail {
					r = io.MultiReader(r, iotest.ErrReader(failure))
				}
				if tc.oneByte {
					r = iotest.OneByteReader(r)
				}
				return r
			}
			want, wantErr := normalize.ReadBody(open(), limit)
			got, err := readBody(open(), limit, tc.declared)
			if !errors.Is(err, wantErr) || (err == nil) != (wantErr == nil) {
				t.Fatalf("error %v, want %v", err, wantErr)
			}
			if err == nil && !bytes.Equal(got, want) {
				t.Errorf("read %d octets %.20q..., want %d %.20q...", len(got), got, len(want), want)
			}
		})
	}
}
