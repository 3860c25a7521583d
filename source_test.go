package robots_test

import (
	"testing"

	"github.com/robotsexclusion/robots"
)

// TestSourceBodyOffset maps the start of each rule's value back into the
// body, in UTF-8 with a byte order mark, UTF-16LE and latin-1 transcoded.
func TestSourceBodyOffset(t *testing.T) {
	text := "User-agent: *\r\nDisallow: /caf\u00e9\nAllow: /x\n"
	latin1 := []byte("User-agent: *\r\nDisallow: /caf\xe9\nAllow: /x\n")
	tests := []struct {
		name string
		body []byte
		opts []robots.Option
		want []int // the body offset of the value of lines 2 and 3
	}{
		{"utf-8", []byte(text), nil, []int{25, 39}},
		{"utf-8 bom", append([]byte("\xEF\xBB\xBF"), text...), nil, []int{28, 42}},
		{"utf-16le", utf16LE(text), nil, []int{2 + 2*25, 2 + 2*38}},
		{"latin-1", latin1, []robots.Option{robots.WithCharset("iso-8859-1")}, []int{25, 38}},
	}
	for _, tt := range tests {
		_, src := robots.ParseSource(tt.body, tt.opts...)
		if len(src.Lines) != 3 {
			t.Fatalf("%s: %d lines", tt.name, len(src.Lines))
		}
		for i, want := range tt.want {
			l := src.Lines[i+1]
			if got := src.BodyOffset(l.Value.Start); got != want {
				t.Errorf("%s: line %d: value at body offset %d, want %d", tt.name, i+2, got, want)
			}
		}
	}
}
