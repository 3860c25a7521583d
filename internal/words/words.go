// Package words writes the small phrases the tools' messages share:
// counts of things and lists of lines, as people read them.
package words

import (
	"strconv"
	"strings"
)

// Count returns n and the noun, in the plural unless n is 1: "1 rule",
// "3 rules".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Plural returns one when n is 1, else many.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// maxLines is how many line numbers Lines writes; the others are counted.
const maxLines = 10

// Lines writes line numbers as a list: "4", "4 and 5", "4, 5 and 9", and
// past maxLines of them "4, 5, ..., 13 and 20 more".
func Lines(lines []int) string {
	shown := lines[:min(len(lines), maxLines)]
	parts := make([]string, len(shown))
	for i, n := range shown {
		parts[i] = strconv.Itoa(n)
	}
	switch {
	case len(lines) > maxLines:
		return strings.Join(parts, ", ") + " and " + strconv.Itoa(len(lines)-maxLines) + " more"
	case len(parts) < 2:
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
