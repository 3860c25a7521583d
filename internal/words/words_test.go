package words

import "testing"

func TestWords(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{Count(1, "rule"), "1 rule"},
		{Count(0, "rule"), "0 rules"},
		{Plural(2, "does", "do"), "do"},
		{Lines(nil), ""},
		{Lines([]int{4}), "4"},
		{Lines([]int{4, 5}), "4 and 5"},
		{Lines([]int{4, 5, 9}), "4, 5 and 9"},
		{Lines([]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}), "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
