package normalize

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
)

// DefaultLimit is the number of octets of a robots.txt body that are parsed:
// RFC 9309 section 2.5 asks crawlers to parse at least 500 kibibytes.
const DefaultLimit = 500 << 10

// BodyInfo says what Body did to a robots.txt body.
type BodyInfo struct {
	BOM       string // "UTF-8", "UTF-16BE" or "UTF-16LE" when a byte order mark was found
	Charset   string // the charset the body was transcoded from, "" when kept as it was
	Truncated bool   // content past the parse limit was dropped
	CutLine   int    // when Truncated, the number of the first line dropped
}

// Body prepares a robots.txt body for parsing. It keeps the first limit
// octets (never fewer than DefaultLimit; a line that straddles the limit is
// kept whole and the rest dropped), drops a UTF-8 byte order mark (also a
// partial one, as Google's crawler does), transcodes UTF-16 with a byte order
// mark, and transcodes from charset, a label as in a Content-Type header
// ("iso-8859-1", "windows-1251"), when one is given. Otherwise the octets are
// kept as they are. An unknown charset label is reported as an error and
// the body is then kept as it is; the body returned is always usable.
func Body(body []byte, charset string, limit int) ([]byte, BodyInfo, error) {
	limit = max(limit, 0) // Body always has a limit
	return Prepare(body, BodyOptions{Charset: charset, Limit: limit})
}

// BodyOptions say how Prepare reads a body. The zero value is Body's
// reading with the default limit.
type BodyOptions struct {
	Charset string // a charset label, as Body's charset; "" for none
	// Limit is the number of octets parsed, raised to DefaultLimit when
	// smaller; a negative Limit keeps the whole body, as Google's library
	// does.
	Limit int
	// KeepUTF16 keeps a body that starts with a UTF-16 byte order mark as
	// it is, octet by octet, as Google's library does, instead of
	// transcoding it.
	KeepUTF16 bool
}

// Prepare is Body with options.
func Prepare(body []byte, o BodyOptions) ([]byte, BodyInfo, error) {
	var info BodyInfo
	limit, charset := o.Limit, o.Charset
	if limit >= 0 && limit < DefaultLimit {
		limit = DefaultLimit
	}
	if limit >= 0 && len(body) > limit {
		cut := limit
		if i := bytes.IndexAny(body[limit:], "\r\n"); i >= 0 {
			cut = limit + i
		} else {
			cut = len(body)
		}
		// Line ends alone past the cut lose nothing: no truncation.
		if len(bytes.Trim(body[cut:], "\r\n")) > 0 {
			info.Truncated = true
			info.CutLine = lineCount(body[:cut]) + 2
		}
		body = body[:cut]
	}

	switch {
	case o.KeepUTF16:
	case bytes.HasPrefix(body, []byte{0xFE, 0xFF}):
		info.BOM = "UTF-16BE"
		return transcode(body, unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM), info, "UTF-16BE")
	case bytes.HasPrefix(body, []byte{0xFF, 0xFE}):
		info.BOM = "UTF-16LE"
		return transcode(body, unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM), info, "UTF-16LE")
	}
	if n := bomLen(body); n > 0 {
		info.BOM = "UTF-8"
		body = body[n:]
	}

	label := strings.ToLower(strings.TrimSpace(charset))
	if label == "" {
		return body, info, nil
	}
	enc, err := htmlindex.Get(label)
	if err != nil {
		return body, info, fmt.Errorf("normalize: charset %q: %w", charset, err)
	}
	if name, _ := htmlindex.Name(enc); name == "utf-8" {
		return body, info, nil
	}
	// A body that is already valid UTF-8 and pure ASCII needs no work.
	if isASCII(body) {
		return body, info, nil
	}
	return transcode(body, enc, info, label)
}

// bomLen returns how many leading octets of b are a UTF-8 byte order mark or
// a prefix of one.
func bomLen(b []byte) int {
	const bom = "\xEF\xBB\xBF"
	n := 0
	for n < len(bom) && n < len(b) && b[n] == bom[n] {
		n++
	}
	return n
}

func transcode(body []byte, enc encoding.Encoding, info BodyInfo, name string) ([]byte, BodyInfo, error) {
	out, err := enc.NewDecoder().Bytes(body)
	if err != nil {
		return body, info, fmt.Errorf("normalize: decoding %s: %w", name, err)
	}
	info.Charset = name
	return out, info, nil
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// lineCount counts the lines of b the way the parser numbers them: LF, CR
// and CRLF each end a line.
func lineCount(b []byte) int {
	n := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '\n':
			n++
		case '\r':
			n++
			if i+1 < len(b) && b[i+1] == '\n' {
				i++
			}
		}
	}
	return n
}
