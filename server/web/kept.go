package web

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"hash/fnv"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
)

// A KeptPage is one reader's page as it was sent (compressed in Enc), kept
// to be sent again while what it shows holds (Tag says what it shows).
//
// A page may have one part that changes by the second (a running round
// clock): then it is kept in two halves around that part, each compressed
// once, and the part is filled in as the page is sent (for gzip as a stored
// deflate block between the halves, which costs no compression).
type KeptPage struct {
	Tag string
	Enc string
	// body is the whole page (no part to fill in).
	body []byte
	// split: head and tail as sent (gzip: head's deflate flushed, tail's
	// final), and what the gzip trailer's checksum needs.
	split      bool
	head, tail []byte
	headCRC    uint32
	headLen    int
	tailPlain  []byte
}

// Split reports whether the page was kept in halves around a part.
func (p *KeptPage) Split() bool { return p.split }

// Size is the memory the page holds, for bounding a cache of them.
func (p *KeptPage) Size() int { return len(p.body) + len(p.head) + len(p.tail) + len(p.tailPlain) }

// VersionTag is a weak ETag made from what a page shows (version says it,
// without rendering it) and the encoding the request asks for, with that
// encoding: a page kept for one encoding is never sent in another.
func VersionTag(c echo.Context, version string) (etag, enc string) {
	enc = acceptedEncoding(c.Request().Header.Get(echo.HeaderAcceptEncoding))
	return VersionTagIn(enc, version), enc
}

// VersionTagIn is VersionTag for a page in encoding enc (one VersionTag
// gave).
func VersionTagIn(enc, version string) string {
	f := fnv.New64a()
	f.Write([]byte(version))
	return `W/"v` + strconv.FormatUint(f.Sum64(), 36) + etagSuffix(enc) + `"`
}

// Splittable reports whether a page in encoding enc can be kept in halves
// around a part filled in as it is sent (brotli cannot).
func Splittable(enc string) bool { return enc != encBrotli }

// NotModified answers 304 when the request revalidates etag, and reports
// whether it did.
func NotModified(c echo.Context, etag string) (bool, error) {
	if !ETagMatches(c.Request().Header.Get("If-None-Match"), strings.TrimPrefix(etag, "W/")) {
		return false, nil
	}
	h := c.Response().Header()
	pageHeaders(h)
	h.Set("ETag", etag)
	return true, c.NoContent(http.StatusNotModified)
}

// RenderKept renders a page for a KeptPage in encoding enc (VersionTag),
// compressed as sendPage would send it. When part is given and finds the
// changing part (start and end in the rendered page), the page is kept in
// halves around it.
func RenderKept(c echo.Context, comp templ.Component, tag, enc string, part func([]byte) (int, int, bool)) (*KeptPage, error) {
	buf := templ.GetBuffer()
	defer templ.ReleaseBuffer(buf)
	if err := comp.Render(c.Request().Context(), buf); err != nil {
		return nil, err
	}
	page := buf.Bytes()
	if len(page) < minCompressSize {
		enc = ""
	}
	kp := &KeptPage{Tag: tag, Enc: enc}
	if part != nil && Splittable(enc) {
		if start, end, ok := part(page); ok {
			return kp, kp.keepHalves(page[:start], page[end:])
		}
	}
	out := bytes.NewBuffer(make([]byte, 0, len(page)/3))
	if err := compressTo(out, enc, page, false); err != nil {
		return nil, err
	}
	kp.body = out.Bytes()
	return kp, nil
}

var flateFast = sync.Pool{New: func() any { w, _ := flate.NewWriter(io.Discard, flate.BestSpeed); return w }}

// keepHalves keeps a page's head and tail, compressed when the page is.
func (p *KeptPage) keepHalves(head, tail []byte) error {
	p.split = true
	if p.Enc == "" {
		p.head, p.tail = bytes.Clone(head), bytes.Clone(tail)
		return nil
	}
	compressing <- struct{}{}
	defer func() { <-compressing }()
	zw := flateFast.Get().(*flate.Writer)
	defer flateFast.Put(zw)
	var hb, tb bytes.Buffer
	zw.Reset(&hb)
	if _, err := zw.Write(head); err != nil {
		return err
	}
	// A flush ends the head on a byte with its blocks not final, so more
	// blocks may follow it.
	if err := zw.Flush(); err != nil {
		return err
	}
	zw.Reset(&tb)
	if _, err := zw.Write(tail); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	p.head, p.tail = hb.Bytes(), tb.Bytes()
	p.headCRC, p.headLen = crc32.ChecksumIEEE(head), len(head)
	p.tailPlain = bytes.Clone(tail)
	return nil
}

// gzipHeader starts a gzip member: deflate, no name, no time, unknown OS.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

// appendTo appends the split page with part filled in to out.
func (p *KeptPage) appendTo(out, part []byte) []byte {
	if p.Enc == "" {
		return append(append(append(out, p.head...), part...), p.tail...)
	}
	out = slices.Grow(out, len(gzipHeader)+len(p.head)+len(part)+len(p.tail)+5*(len(part)/0xffff+1)+8)
	out = append(out, gzipHeader...)
	out = append(out, p.head...)
	for rest := part; len(rest) > 0; {
		// Stored blocks (type 00, not final), at most 65,535 bytes each.
		n := min(len(rest), 0xffff)
		out = append(out, 0, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
		out = append(out, rest[:n]...)
		rest = rest[n:]
	}
	out = append(out, p.tail...)
	crc := crc32.Update(crc32.Update(p.headCRC, crc32.IEEETable, part), crc32.IEEETable, p.tailPlain)
	out = binary.LittleEndian.AppendUint32(out, crc)
	return binary.LittleEndian.AppendUint32(out, uint32(p.headLen+len(part)+len(p.tailPlain)))
}

// SendKept writes a kept page under etag (200, or 304 when the request
// revalidates it), with part filled in if the page was kept in halves.
func SendKept(c echo.Context, p *KeptPage, etag string, part []byte) error {
	if done, err := NotModified(c, etag); done {
		return err
	}
	h := c.Response().Header()
	pageHeaders(h)
	h.Set("ETag", etag)
	if p.Enc != "" {
		h.Set(echo.HeaderContentEncoding, p.Enc)
	}
	body := p.body
	if p.split {
		buf := sentPages.Get().(*[]byte)
		defer sentPages.Put(buf)
		*buf = p.appendTo((*buf)[:0], part)
		body = *buf
	}
	// Said, so that the page goes out in one piece rather than chunked.
	h.Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
	return c.HTMLBlob(http.StatusOK, body)
}

// sentPages are buffers for split pages being sent: the response copies
// the page, so the buffer serves the next one.
var sentPages = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}
