package dialect

import "testing"

func TestIsRobotsTxt(t *testing.T) {
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/robots.txt", true},
		{"/robots.txt?x=1", true},
		{"/robots.txt?", true},
		{"/robots.txtx", false},
		{"/robots.txt/", false},
		{"/a/robots.txt", false},
		{"/ROBOTS.TXT", false},
		{"", false},
	} {
		if got := IsRobotsTxt(tt.path); got != tt.want {
			t.Errorf("IsRobotsTxt(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

func TestIndexHTML(t *testing.T) {
	for _, tt := range []struct {
		pattern, want string
		ok            bool
	}{
		{"/d/index.html", "/d/$", true},
		{"/index.htm", "/$", true},
		{"/d/index.html?x", "/d/$", true},
		{"/d/index.php", "", false},
		{"/d/xindex.html", "", false},
		{"index.html", "", false},
		{"/d/", "", false},
	} {
		got, ok := IndexHTML(tt.pattern)
		if got != tt.want || ok != tt.ok {
			t.Errorf("IndexHTML(%q) = %q, %v; want %q, %v", tt.pattern, got, ok, tt.want, tt.ok)
		}
	}
}

// TestOf checks that a row out of range reads as the first, RFC 9309.
func TestOf(t *testing.T) {
	for _, d := range []int{-1, Len, 99} {
		if Of(d) != Of(0) {
			t.Errorf("Of(%d) is not row 0", d)
		}
	}
}
