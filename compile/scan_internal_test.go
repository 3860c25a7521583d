package compile

import (
	"strings"
	"testing"
)

// TestRobotsTxtText checks that the text a Program's scan keeps for the
// patterns the dialects add is those patterns end to end, as it must be
// to be kept rather than copied.
func TestRobotsTxtText(t *testing.T) {
	if got, want := robotsTxtText, strings.Join(robotsTxt[:], ""); got != want {
		t.Errorf("robotsTxtText = %q, want %q", got, want)
	}
}
