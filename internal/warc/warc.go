// Package warc reads WARC files (ISO 28500: WARC/1.0 and WARC/1.1) record
// by record, as robots audit reads Common Crawl's robotstxt files: gzip per
// record (each record its own gzip member, .warc.gz), a whole file in one
// gzip stream, or uncompressed (.warc), told apart record by record.
//
// It is a reader for one job, kept small and bounded, not a general WARC
// library: it reads the header fields a robots.txt audit uses, keeps the
// first Reader.Keep octets of each block, and computes the SHA-1 digest of
// an HTTP payload as WARC's WARC-Payload-Digest field writes it. It was
// written because the well-kept library it was measured against,
// github.com/nlnwa/gowarc v3.1.0, spent 5.6 times the time of decompressing
// the same file in its read loop (it copies every block into a buffer of
// its own to validate digests before handing it out), which left no room
// for an audit within 1.5 times decompression.
//
// Damage does not stop a read: a record that cannot be read whole comes
// back with Err set (ErrCorrupt, ErrTruncated, ErrHeader) and the fields
// read before the damage, and the next call goes on at the next record: for
// a corrupt gzip member, at the next gzip header that starts a WARC record
// (searched from the octet after the member's start when the input can
// seek, else from where the damage was found); for octets that are not a
// record, at the next record. Only an error of the underlying reader stops
// it.
//
// Bounds: a record's header is at most MaxHeader octets (a longer one is
// ErrHeader); a block is read through but at most Keep octets of it are
// kept; the reader holds one buffer of Keep octets and its read buffers
// (64 KiB each), whatever the input.
package warc

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/base32"
	"errors"
	"fmt"
	"hash"
	"io"
	"strconv"

	"github.com/klauspost/compress/gzip"
)

// MaxHeader is the longest record header read, version line and fields
// together.
const MaxHeader = 64 << 10

// DefaultKeep is how many octets of a block a Reader keeps when Keep is
// not set.
const DefaultKeep = 1 << 20

// bufSize is the size of the read buffers, the compressed and the
// decompressed one: at least MaxHeader, so that a header line is read in
// one piece.
const bufSize = MaxHeader

// Errors of a record, in Record.Err.
var (
	// ErrCorrupt: a gzip member that does not decompress, or whose
	// checksum is wrong.
	ErrCorrupt = errors.New("corrupt gzip member")
	// ErrTruncated: the file ends inside the record.
	ErrTruncated = errors.New("the file ends inside the record")
	// ErrHeader: octets that do not start a WARC record, or a header that
	// cannot be read (too long, no Content-Length).
	ErrHeader = errors.New("not a WARC record")
)

// A Record is one WARC record as read: where it is, its header fields, and
// the first octets of its block.
type Record struct {
	Offset int64 // where it starts in the file: the first octet of its gzip member, or of the record
	Length int64 // octets it takes in the file, its gzip member's when the member holds only it; 0 when unknown

	Version       string // "WARC/1.0", "WARC/1.1"
	Type          string // WARC-Type: warcinfo, request, response, metadata, resource, revisit, ...
	TargetURI     string // WARC-Target-URI
	Date          string // WARC-Date, as written
	RecordID      string // WARC-Record-ID
	ContentType   string // Content-Type of the block
	Truncated     string // WARC-Truncated: why the crawler cut the payload ("length", "time"); "" when it did not
	PayloadDigest string // WARC-Payload-Digest, as written

	Block       []byte // the first Keep octets of the block; valid until the next call of Next
	BlockLength int64  // octets of the block read: its Content-Length when the record is whole
	Digest      string // with Reader.Digest, for an application/http block: "sha1:" and the base32 SHA-1 of its payload (the block after the HTTP header), as WARC-Payload-Digest writes it; else ""

	Err error // what was wrong with the record; nil when it was read whole
}

// A Reader reads the records of a WARC file. Set its fields before the
// first call of Next.
type Reader struct {
	// Keep is how many octets of each block Next keeps in Record.Block;
	// zero means DefaultKeep.
	Keep int
	// Digest asks for the digest of HTTP payloads (Record.Digest).
	Digest bool
	// Types, when not nil, holds the WARC-Type values of the records that
	// Next returns whole. A record of another type is read through and
	// checked all the same, but unless it is damaged only its Version,
	// Type, ContentType and BlockLength are set: Block is empty, Digest
	// "", and the other header fields are left empty. A damaged one is
	// returned as without Types, but for its Block, which may be empty. A
	// reader that wants only responses so neither keeps nor turns into
	// strings the requests and metadata around them.
	Types map[string]bool

	src    io.Reader
	seeker io.Seeker // src, when it can seek
	cr     countingReader
	br     *bufio.Reader // over cr: the file's octets
	zr     *gzip.Reader
	dr     *bufio.Reader // over zr: a member's octets
	member int64         // offset of the open member; -1 when none is open
	rec    Record
	block  []byte
	sha    hash.Hash
	sum    [sha1.Size]byte // the payload's digest, when summed
	summed bool
	eof    bool

	// The values of the record's header fields kept as strings, one after
	// the other, and where each is (spans, [0 0] when absent): they
	// become strings, all in one, once the record is read (fields).
	vals  []byte
	spans [numFields][2]int
}

// The header fields that vals holds.
const (
	fieldTargetURI = iota
	fieldDate
	fieldRecordID
	fieldTruncated
	fieldPayloadDigest
	numFields
)

// NewReader returns a Reader of r. When r is an io.Seeker, positioned at
// its start, a corrupt gzip member is skipped by seeking back to search for
// the next record, so that no whole record after it is lost.
func NewReader(r io.Reader) *Reader {
	rd := &Reader{src: r, member: -1}
	rd.seeker, _ = r.(io.Seeker)
	rd.cr.r = r
	rd.br = bufio.NewReaderSize(&rd.cr, bufSize)
	return rd
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// Position returns how many octets of the file the Reader has read: where
// the record after the last one returned starts, or a little past it when
// a damaged record was skipped.
func (r *Reader) Position() int64 { return r.pos() }

// pos returns the offset in the file of the next octet br gives.
func (r *Reader) pos() int64 { return r.cr.n - int64(r.br.Buffered()) }

var (
	gzipMagic = []byte{0x1f, 0x8b, 0x08}
	warcMagic = []byte("WARC/")
)

// Next returns the next record, or io.EOF at the end of the file. A
// damaged record is returned with Err set, and the next call goes on after
// it; the error is non-nil only when the underlying reader failed. The
// Record is valid until the next call.
func (r *Reader) Next() (*Record, error) {
	rec, err := r.next()
	if rec != nil {
		r.fields()
	}
	return rec, err
}

// fields sets the header fields of the record read from vals, unless the
// record is whole and of a type not asked for (Types).
func (r *Reader) fields() {
	rec := &r.rec
	if rec.Err == nil && r.Types != nil && !r.Types[rec.Type] {
		rec.Block = rec.Block[:0]
		return
	}
	if r.summed {
		rec.Digest = "sha1:" + base32.StdEncoding.EncodeToString(r.sum[:])
	}
	if len(r.vals) == 0 {
		return
	}
	all := string(r.vals)
	get := func(f int) string { return all[r.spans[f][0]:r.spans[f][1]] }
	rec.TargetURI, rec.Date, rec.RecordID = get(fieldTargetURI), get(fieldDate), get(fieldRecordID)
	rec.Truncated, rec.PayloadDigest = get(fieldTruncated), get(fieldPayloadDigest)
}

// keepField keeps the value of header field f in vals.
func (r *Reader) keepField(f int, value []byte) {
	at := len(r.vals)
	r.vals = append(r.vals, value...)
	r.spans[f] = [2]int{at, len(r.vals)}
}

func (r *Reader) next() (*Record, error) {
	r.rec = Record{}
	r.vals, r.spans, r.summed = r.vals[:0], [numFields][2]int{}, false
	rec := &r.rec
	if r.member >= 0 {
		// A member that holds more than one record: read the next.
		rec.Offset = r.member
		r.readRecord(r.dr, true)
		return rec, nil
	}
	if r.eof {
		return nil, io.EOF
	}
	head, err := r.br.Peek(5)
	if len(head) == 0 {
		if err == io.EOF {
			r.eof = true
			return nil, io.EOF
		}
		return nil, err
	}
	rec.Offset = r.pos()
	switch {
	case bytes.HasPrefix(head, gzipMagic):
		r.openMember(rec)
	case bytes.HasPrefix(head, warcMagic):
		r.readRecord(r.br, false)
		rec.Length = r.pos() - rec.Offset
	default:
		skipped, err := r.resync(rec.Offset)
		if err != nil {
			return nil, err
		}
		rec.Err = fmt.Errorf("%w: %d octets that start no record", ErrHeader, skipped)
		rec.Length = skipped
	}
	return rec, nil
}

// openMember reads the record that starts the gzip member at the reader's
// position.
func (r *Reader) openMember(rec *Record) {
	start := rec.Offset
	var err error
	if r.zr == nil {
		r.zr, err = gzip.NewReader(r.br)
	} else {
		err = r.zr.Reset(r.br)
	}
	if err != nil {
		r.damaged(rec, start, err)
		return
	}
	r.zr.Multistream(false)
	if r.dr == nil {
		r.dr = bufio.NewReaderSize(r.zr, bufSize)
	} else {
		r.dr.Reset(r.zr)
	}
	r.member = start
	r.readRecord(r.dr, true)
}

// readRecord reads one record from src into r.rec; inMember says that src
// is the open member's octets.
func (r *Reader) readRecord(src *bufio.Reader, inMember bool) {
	rec := &r.rec
	length, err := r.readHeader(src)
	if err == nil && length < 0 {
		err = fmt.Errorf("%w: no valid Content-Length", ErrHeader)
	}
	if err == nil {
		err = r.readBlock(src, length)
	}
	if err == nil {
		err = readEnd(src)
	}
	if !inMember {
		if err != nil {
			r.plainDamage(rec, err)
		}
		return
	}
	if err == nil {
		// Is there another record in this member? Peek reads on to the
		// member's end, where gzip checks its checksum.
		_, err = src.Peek(1)
		if err == nil {
			return // the next call reads it, at the member's offset
		}
		if err == io.EOF {
			rec.Length = r.pos() - r.member
			r.member = -1
			return
		}
	}
	r.damaged(rec, r.member, err)
}

// damaged sets rec.Err for a member that could not be read and moves past
// it: to the end of the file when it was cut short, else to the next
// record.
func (r *Reader) damaged(rec *Record, start int64, err error) {
	r.member = -1
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		rec.Err = fmt.Errorf("%w (gzip member at offset %d): %v", ErrTruncated, start, err)
		rec.Length = r.pos() - start
		r.eof = true
		return
	}
	if errors.Is(err, ErrHeader) {
		rec.Err = fmt.Errorf("%w (gzip member at offset %d): %v", ErrHeader, start, err)
	} else {
		rec.Err = fmt.Errorf("%w at offset %d: %v", ErrCorrupt, start, err)
	}
	from := r.pos()
	if r.seeker != nil {
		if _, serr := r.seeker.Seek(start+1, io.SeekStart); serr == nil {
			r.cr.n = start + 1
			r.br.Reset(&r.cr)
			from = start + 1
		}
	}
	skipped, rerr := r.resync(from)
	rec.Length = from + skipped - start
	if rerr != nil {
		r.eof = true
	}
}

// plainDamage sets rec.Err for an uncompressed record that could not be
// read whole, and moves to the next record.
func (r *Reader) plainDamage(rec *Record, err error) {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		rec.Err = fmt.Errorf("%w: %v", ErrTruncated, err)
		r.eof = true
	} else {
		rec.Err = err
		r.resync(r.pos())
	}
	rec.Length = r.pos() - rec.Offset
}

// resync skips octets from the reader's position, which is at from, to the
// next gzip member that starts a WARC record or the next "WARC/" at the
// start of a line, and returns how many it skipped.
func (r *Reader) resync(from int64) (int64, error) {
	skipped := int64(0)
	for {
		buf, err := r.br.Peek(bufSize)
		if len(buf) < len(warcMagic) {
			n, _ := r.br.Discard(len(buf))
			skipped += int64(n)
			if err == io.EOF || err == nil {
				r.eof = true
				return skipped, nil
			}
			return skipped, err
		}
		i := nextStart(buf)
		if i < 0 {
			// Keep the last octets: a magic may straddle the buffers.
			n, _ := r.br.Discard(len(buf) - len(warcMagic) + 1)
			skipped += int64(n)
			continue
		}
		r.br.Discard(i)
		skipped += int64(i)
		if buf[i] != 0x1f || r.startsRecord() {
			return skipped, nil
		}
		r.br.Discard(1)
		skipped++
	}
}

// nextStart returns the index in buf of the first gzip magic or "WARC/"
// that starts buf or a line of it, or -1.
func nextStart(buf []byte) int {
	for i := 0; i+len(warcMagic) <= len(buf); i++ {
		switch buf[i] {
		case 0x1f:
			if bytes.HasPrefix(buf[i:], gzipMagic) {
				return i
			}
		case 'W':
			if (i == 0 || buf[i-1] == '\n') && bytes.HasPrefix(buf[i:], warcMagic) {
				return i
			}
		}
	}
	return -1
}

// startsRecord reports whether the gzip member at the reader's position,
// in the first octets that Peek can see, holds a whole gzip header and
// decompresses to "WARC/". It does not move the reader.
func (r *Reader) startsRecord() bool {
	buf, _ := r.br.Peek(bufSize)
	zr, err := gzip.NewReader(bytes.NewReader(buf))
	if err != nil {
		return false
	}
	var head [5]byte
	n, _ := io.ReadFull(zr, head[:])
	return bytes.Equal(head[:n], warcMagic)
}

// readHeader reads the version line and the header fields, and returns
// the Content-Length, -1 when there is none or it is not a length.
func (r *Reader) readHeader(src *bufio.Reader) (int64, error) {
	rec := &r.rec
	total := 0
	length := int64(-1)
	line, err := readLine(src, &total)
	if err != nil {
		return length, err
	}
	if !bytes.HasPrefix(line, warcMagic) {
		return length, fmt.Errorf("%w: the record starts %q", ErrHeader, clip(line))
	}
	rec.Version = intern(line)
	for {
		line, err := readLine(src, &total)
		if err != nil {
			return length, err
		}
		if len(line) == 0 {
			return length, nil
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			continue // not a field: ignored, as readers of damaged files do
		}
		name, value = bytes.TrimSpace(name), bytes.TrimSpace(value)
		switch {
		case fieldIs(name, "WARC-Type"):
			rec.Type = intern(value)
		case fieldIs(name, "WARC-Target-URI"):
			// WARC/1.0 files may write the URI in angle brackets.
			r.keepField(fieldTargetURI, bytes.TrimSuffix(bytes.TrimPrefix(value, []byte("<")), []byte(">")))
		case fieldIs(name, "WARC-Date"):
			r.keepField(fieldDate, value)
		case fieldIs(name, "WARC-Record-ID"):
			r.keepField(fieldRecordID, value)
		case fieldIs(name, "Content-Type"):
			rec.ContentType = intern(value)
		case fieldIs(name, "WARC-Truncated"):
			r.keepField(fieldTruncated, value)
		case fieldIs(name, "WARC-Payload-Digest"):
			r.keepField(fieldPayloadDigest, value)
		case fieldIs(name, "Content-Length"):
			length = parseLength(value)
		}
	}
}

// intern returns b as a string, without allocating one for the versions,
// types and block types that most records have.
func intern(b []byte) string {
	switch string(b) {
	case "WARC/1.0":
		return "WARC/1.0"
	case "WARC/1.1":
		return "WARC/1.1"
	case "request":
		return "request"
	case "response":
		return "response"
	case "metadata":
		return "metadata"
	case "application/http; msgtype=request":
		return "application/http; msgtype=request"
	case "application/http; msgtype=response":
		return "application/http; msgtype=response"
	case "application/http;msgtype=request":
		return "application/http;msgtype=request"
	case "application/http;msgtype=response":
		return "application/http;msgtype=response"
	case "application/warc-fields":
		return "application/warc-fields"
	}
	return string(b)
}

// parseLength reads a Content-Length value; -1 when it is not one.
func parseLength(v []byte) int64 {
	n, err := strconv.ParseInt(string(v), 10, 64)
	if err != nil || n < 0 {
		return -1
	}
	return n
}

// fieldIs reports whether a field name, without the spaces around it, is
// want, ignoring ASCII case.
func fieldIs(name []byte, want string) bool {
	if len(name) != len(want) {
		return false
	}
	for i := range name {
		a, b := name[i], want[i]
		if 'A' <= a && a <= 'Z' {
			a += 'a' - 'A'
		}
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if a != b {
			return false
		}
	}
	return true
}

// readLine reads a line of the header without its line end, counting its
// octets in total, which may not pass MaxHeader.
func readLine(src *bufio.Reader, total *int) ([]byte, error) {
	line, err := src.ReadSlice('\n')
	*total += len(line)
	switch {
	case err == bufio.ErrBufferFull || *total > MaxHeader:
		return nil, fmt.Errorf("%w: a header longer than %d octets", ErrHeader, MaxHeader)
	case err != nil:
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	// bytes.TrimRight(line, "\r\n"), without building its set of octets
	// for every line.
	for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
		line = line[:len(line)-1]
	}
	return line, nil
}

// clip returns the start of a line, for messages.
func clip(b []byte) []byte {
	if len(b) > 32 {
		return b[:32]
	}
	return b
}

// readBlock reads length octets of block, keeping the first Keep, and
// hashing the payload of an HTTP block when asked.
func (r *Reader) readBlock(src *bufio.Reader, length int64) error {
	rec := &r.rec
	keep := r.Keep
	if keep <= 0 {
		keep = DefaultKeep
	}
	if r.block == nil {
		r.block = make([]byte, 0, min(keep, 64<<10))
	}
	r.block = r.block[:0]
	hashing := r.Digest && isHTTP(rec.ContentType)
	if !hashing && r.Types != nil && !r.Types[rec.Type] {
		// Nothing of it is needed, whatever happens: an HTTP block is
		// kept and hashed all the same, for the digest of a record found
		// damaged after its block (fields).
		keep = 0
	}
	payloadAt := -1 // where the payload starts in the block; -1 until its header has been seen
	if hashing {
		if r.sha == nil {
			r.sha = sha1.New()
		}
		r.sha.Reset()
	}
	var read int64
	for read < length {
		buf, err := src.Peek(int(min(length-read, bufSize)))
		if len(buf) == 0 {
			rec.Block, rec.BlockLength = r.block, read
			if err == nil || err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return err
		}
		start := read
		if room := keep - len(r.block); room > 0 {
			r.block = append(r.block, buf[:min(room, len(buf))]...)
		}
		if hashing {
			if payloadAt < 0 {
				payloadAt = headerEnd(r.block)
				if payloadAt < 0 && len(r.block) >= keep {
					hashing = false // a header longer than what is kept: no digest
				}
			}
			if payloadAt >= 0 {
				from := max(int64(payloadAt)-start, 0)
				if from < int64(len(buf)) {
					r.sha.Write(buf[from:])
				}
			}
		}
		read += int64(len(buf))
		src.Discard(len(buf))
	}
	rec.Block, rec.BlockLength = r.block, read
	if hashing {
		// Without an end of header, nothing was hashed: an empty payload.
		r.sha.Sum(r.sum[:0])
		r.summed = true // Next writes it as Digest (fields)
	}
	return nil
}

// isHTTP reports whether a block's Content-Type is application/http.
func isHTTP(ct string) bool {
	const want = "application/http"
	return len(ct) >= len(want) && fieldIs([]byte(ct[:len(want)]), want)
}

// headerEnd returns the offset of the first octet after an HTTP header
// that b holds whole (ended by an empty line, CRLF or LF), or -1.
func headerEnd(b []byte) int {
	for i := 0; i < len(b); i++ {
		if b[i] != '\n' {
			continue
		}
		switch {
		case i+1 < len(b) && b[i+1] == '\n':
			return i + 2
		case i+2 < len(b) && b[i+1] == '\r' && b[i+2] == '\n':
			return i + 3
		}
	}
	return -1
}

// maxEnd is how many CR and LF octets readEnd reads after a block.
const maxEnd = 64

// readEnd reads the end of a record: two CRLFs, or what a lenient reader
// accepts in their place (more or fewer CRs and LFs, up to maxEnd, or
// nothing before the next record or the end).
func readEnd(src *bufio.Reader) error {
	for range maxEnd {
		c, err := src.ReadByte()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if c != '\r' && c != '\n' {
			src.UnreadByte()
			return nil
		}
	}
	return nil
}
