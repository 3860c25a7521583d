package compile

import (
	"strings"
	"testing"

	"github.com/robotsexclusion/robots/internal/swar"
)

// TestRobotsTxtText checks that the text a Program's scan keeps for the
// patterns the dialects add is those patterns end to end, as it must be
// to be kept rather than copied.
func TestRobotsTxtText(t *testing.T) {
	if got, want := robotsTxtText, strings.Join(robotsTxt[:], ""); got != want {
		t.Errorf("robotsTxtText = %q, want %q", got, want)
	}
}

// TestNotPlainWord checks that notPlainWord flags exactly the octets that
// valueOctets marks, and '!' and '"', each octet in each place of a word
// among others of every kind.
func TestNotPlainWord(t *testing.T) {
	for c := range 256 {
		for at := range 8 {
			for _, fill := range []byte{'a', ' ', 0, 0x7f, '#', '%', 0x80, 0xff, '/'} {
				b := []byte(strings.Repeat(string(rune(fill)), 8))[:8]
				if fill >= 0x80 {
					b = []byte{fill, fill, fill, fill, fill, fill, fill, fill}
				}
				b[at] = byte(c)
				m := notPlainWord(swar.Load8(string(b)))
				for i := range 8 {
					if got, want := m>>(8*i+7)&1 != 0, valueOctets[b[i]] != 0 || b[i] == '!' || b[i] == '"'; got != want {
						t.Fatalf("notPlainWord(%q) flags octet %d: %v, want %v", b, i, got, want)
					}
				}
			}
		}
	}
}

// TestControlWord checks that controlWord flags exactly the octets below
// 0x0e, outside ASCII and, when asked, '#', each octet in each place of a
// word among others of every kind.
func TestControlWord(t *testing.T) {
	for c := range 256 {
		for at := range 8 {
			for _, fill := range []byte{'a', ' ', 0, '\n', '#', 0x80, 0xff, 0x0d, 0x0e, 0x7f} {
				b := []byte{fill, fill, fill, fill, fill, fill, fill, fill}
				b[at] = byte(c)
				for _, hash := range []bool{false, true} {
					m := controlWord(swar.Load8(string(b)), hash)
					for i := range 8 {
						want := b[i] < 0x0e || b[i] >= 0x80 || hash && b[i] == '#'
						if got := m>>(8*i+7)&1 != 0; got != want {
							t.Fatalf("controlWord(%q, %v) flags octet %d: %v, want %v", b, hash, i, got, want)
						}
					}
				}
			}
		}
	}
}
