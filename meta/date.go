package meta

// This file reads the date of an unavailable_after directive. Search engines
// document RFC 822, RFC 850 and ISO 8601 dates; pages also use RFC 1123,
// asctime, RFC 3339 and the "June 25, 2010" style. parseDate first brings a
// date to a few plain shapes (no weekday, no commas, three-letter month
// names, numeric zone offsets), then tries a short list of layouts. It runs
// in time linear in the length of the text, which it caps at maxDateLen.

import (
	"strings"
	"time"
)

// maxDateLen is the longest text read as a date; longer ones are not dates.
const maxDateLen = 100

// isoLayouts are the ISO 8601 and RFC 3339 shapes, tried on the text as
// written (upper-cased). A date without a zone is in UTC.
var isoLayouts = []string{
	"2006-01-02T15:04:05Z07:00",
	"2006-01-02T15:04:05Z0700",
	"2006-01-02T15:04:05",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04Z0700",
	"2006-01-02T15:04",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04:05 Z07:00",
	"2006-01-02 15:04:05 -0700",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2006-01-02",
	"2006/01/02 15:04:05",
	"2006/01/02",
	"20060102T150405Z0700",
	"20060102",
}

// wordLayouts are the shapes of dates with a month name, after normalizeDate.
// A date without a zone is in UTC; two-digit years are read as Go does
// (69-99 are 19xx, 00-68 are 20xx).
var wordLayouts = []string{
	"2 Jan 2006 15:04:05 -0700", // RFC 1123 (weekday dropped), Google's example
	"2 Jan 2006 15:04 -0700",
	"2 Jan 2006 15:04:05",
	"2 Jan 2006 15:04",
	"2 Jan 2006",
	"2 Jan 06 15:04:05 -0700", // RFC 822 and RFC 850 (weekday dropped)
	"2 Jan 06 15:04 -0700",
	"2 Jan 06 15:04:05",
	"2 Jan 06 15:04",
	"2 Jan 06",
	"Jan 2 15:04:05 2006",       // asctime
	"Jan 2 15:04:05 -0700 2006", // Unix date(1)
	"Jan 2 2006 15:04:05 -0700", // JavaScript's Date.toString
	"Jan 2 2006 15:04:05",
	"Jan 2 2006 15:04",
	"Jan 2 2006", // "June 25, 2010"
}

// zones are the zone abbreviations that are read, with their offsets: those
// of RFC 822 and a few in wide use. Others make a date unreadable, where Go's
// time.Parse would silently read them as UTC.
var zones = map[string]string{
	"UT": "+0000", "UTC": "+0000", "GMT": "+0000", "Z": "+0000",
	"EST": "-0500", "EDT": "-0400", "CST": "-0600", "CDT": "-0500",
	"MST": "-0700", "MDT": "-0600", "PST": "-0800", "PDT": "-0700",
	"AKST": "-0900", "AKDT": "-0800", "HST": "-1000",
	"WET": "+0000", "WEST": "+0100", "BST": "+0100",
	"CET": "+0100", "CEST": "+0200", "EET": "+0200", "EEST": "+0300",
	"MSK": "+0300", "JST": "+0900", "KST": "+0900", "AEST": "+1000", "AEDT": "+1100",
}

var weekdays = map[string]bool{
	"mon": true, "tue": true, "wed": true, "thu": true, "fri": true, "sat": true, "sun": true,
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true,
	"friday": true, "saturday": true, "sunday": true,
	"tues": true, "thur": true, "thurs": true,
}

var months = map[string]string{
	"january": "Jan", "february": "Feb", "march": "Mar", "april": "Apr", "may": "May",
	"june": "Jun", "july": "Jul", "august": "Aug", "september": "Sep", "october": "Oct",
	"november": "Nov", "december": "Dec", "sept": "Sep",
}

var monthAbbrevs = map[string]bool{
	"jan": true, "feb": true, "mar": true, "apr": true, "may": true, "jun": true,
	"jul": true, "aug": true, "sep": true, "oct": true, "nov": true, "dec": true,
}

// isWeekday reports whether s is a day name, as a date split at its comma
// leaves it ("Fri" of "Fri, 25 Jun 2010").
func isWeekday(s string) bool {
	return weekdays[strings.ToLower(strings.TrimSpace(s))]
}

// parseDate reads a date in one of the forms described at the top of this
// file and returns it in UTC, to the second.
func parseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 8 || len(s) > maxDateLen || !strings.ContainsAny(s, "0123456789") {
		return time.Time{}, false // "20100625" is the shortest date
	}
	var t time.Time
	var err error
	ok := false
	if isDigit(s[0]) && isDigit(s[1]) && isDigit(s[2]) && isDigit(s[3]) {
		up := strings.ToUpper(s)
		for _, layout := range isoLayouts {
			if t, err = time.Parse(layout, up); err == nil {
				ok = true
				break
			}
		}
	}
	if !ok && strings.IndexFunc(s, isLetter) >= 0 { // a month name
		n := normalizeDate(s)
		for _, layout := range wordLayouts {
			if t, err = time.Parse(layout, n); err == nil {
				ok = true
				break
			}
		}
	}
	if !ok {
		return time.Time{}, false
	}
	t = t.UTC().Truncate(time.Second)
	if y := t.Year(); y < 1 || y > 9999 {
		return time.Time{}, false
	}
	return t, true
}

// normalizeDate drops a trailing parenthesized comment, commas and a leading
// weekday, splits 25-Jun-10 into three fields, shortens month names and turns
// zone abbreviations into offsets. It leaves whatever it does not know for
// time.Parse to reject.
func normalizeDate(s string) string {
	if strings.HasSuffix(s, ")") {
		if i := strings.LastIndexByte(s, '('); i >= 0 {
			s = s[:i]
		}
	}
	s = strings.ReplaceAll(s, ",", " ")
	var fields []string
	for _, f := range strings.Fields(s) {
		if strings.Count(f, "-") == 2 && strings.IndexFunc(f, isLetter) >= 0 {
			fields = append(fields, strings.Split(f, "-")...) // 25-Jun-10
			continue
		}
		fields = append(fields, f)
	}
	if len(fields) > 0 && isWeekday(fields[0]) {
		fields = fields[1:]
	}
	for i, f := range fields {
		lower := strings.ToLower(f)
		if m, ok := months[lower]; ok {
			fields[i] = m
			continue
		}
		if z, ok := zones[strings.ToUpper(f)]; ok {
			fields[i] = z
			continue
		}
		fields[i] = offset(f)
	}
	return strings.Join(fields, " ")
}

// offset rewrites the zone forms GMT+hhmm, UTC+hh:mm, +hh:mm and +hh as
// +hhmm. Other text is returned as it is.
func offset(f string) string {
	up := strings.ToUpper(f)
	for _, p := range []string{"GMT", "UTC"} {
		if strings.HasPrefix(up, p+"+") || strings.HasPrefix(up, p+"-") {
			f = f[len(p):]
			break
		}
	}
	if len(f) < 2 || (f[0] != '+' && f[0] != '-') {
		return f
	}
	sign, digits := f[:1], strings.Replace(f[1:], ":", "", 1)
	for i := 0; i < len(digits); i++ {
		if !isDigit(digits[i]) {
			return f
		}
	}
	switch len(digits) {
	case 1:
		return sign + "0" + digits + "00"
	case 2:
		return sign + digits + "00"
	case 4:
		return sign + digits
	}
	return f
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isLetter(r rune) bool { return 'a' <= r|0x20 && r|0x20 <= 'z' }
