package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"hash/fnv"
	"io"
	"io/fs"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"
	"github.com/andybalholm/brotli"
	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// Pages, style sheet and script are sent compressed when the browser says
// it can read gzip or brotli (browsers offer brotli only over HTTPS; on a
// LAN served over plain HTTP gzip is what they ask for). Every answer that
// could be compressed says so in Vary, so no cache hands a compressed copy
// to a browser that cannot read it.

const (
	encGzip   = "gzip"
	encBrotli = "br"
	// Bodies smaller than this gain too little to be worth compressing.
	minCompressSize = 1024
)

// acceptedEncoding picks brotli or gzip from an Accept-Encoding header, or
// "" for neither. Brotli wins when both are offered at the same weight; an
// encoding with q=0 is refused.
func acceptedEncoding(header string) string {
	best, bestQ := "", 0.0
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != encGzip && name != encBrotli {
			continue
		}
		q := 1.0
		if k, v, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.TrimSpace(k) == "q" {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				q = f
			}
		}
		if q <= 0 {
			continue
		}
		if q > bestQ || (q == bestQ && name == encBrotli) {
			best, bestQ = name, q
		}
	}
	return best
}

// Pages made for one request are compressed fast (gzip's fastest level,
// brotli quality 1), since that is work on every request; pages shared by
// many requests are compressed harder, once. Level 1 still shrinks a page
// to about a fifth.
var (
	gzipFast   = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed); return w }}
	gzipShared = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression); return w }}
	brFast     = sync.Pool{New: func() any { return brotli.NewWriterLevel(io.Discard, 1) }}
	brShared   = sync.Pool{New: func() any { return brotli.NewWriterLevel(io.Discard, 5) }}
)

// compressing bounds how many bodies are compressed at once. An encoder
// holds close to a megabyte (gzip's hash tables, brotli's window): when a
// thousand phones ask at once, unbounded they would each take one. The work
// is all CPU, so more at once than there are cores gains nothing.
var compressing = make(chan struct{}, max(2, 2*runtime.GOMAXPROCS(0)))

// compressTo writes body to w (a buffer: see compressing) in the encoding;
// shared says the result is sent many times (so it is worth compressing
// harder).
func compressTo(w io.Writer, enc string, body []byte, shared bool) error {
	if enc == encGzip || enc == encBrotli {
		compressing <- struct{}{}
		defer func() { <-compressing }()
	}
	switch enc {
	case encGzip:
		pool := &gzipFast
		if shared {
			pool = &gzipShared
		}
		zw := pool.Get().(*gzip.Writer)
		defer pool.Put(zw)
		zw.Reset(w)
		if _, err := zw.Write(body); err != nil {
			return err
		}
		return zw.Close()
	case encBrotli:
		pool := &brFast
		if shared {
			pool = &brShared
		}
		bw := pool.Get().(*brotli.Writer)
		defer pool.Put(bw)
		bw.Reset(w)
		if _, err := bw.Write(body); err != nil {
			return err
		}
		return bw.Close()
	}
	_, err := w.Write(body)
	return err
}

// sendPage writes a page (HTML) compressed when the browser asks, with a
// strong ETag of its content: a browser that revalidates an unchanged page
// gets 304 and no body. Pages may be someone's own (a player's, a signed-in
// organiser's), so caches are told to keep them private and revalidate.
func sendPage(c echo.Context, status int, body []byte) error {
	h := c.Response().Header()
	pageHeaders(h)
	enc := ""
	if len(body) >= minCompressSize {
		enc = acceptedEncoding(c.Request().Header.Get(echo.HeaderAcceptEncoding))
	}
	if status == http.StatusOK {
		f := fnv.New64a()
		f.Write(body)
		etag := `"` + strconv.FormatUint(f.Sum64(), 36) + etagSuffix(enc) + `"`
		h.Set("ETag", etag)
		if ETagMatches(c.Request().Header.Get("If-None-Match"), etag) {
			return c.NoContent(http.StatusNotModified)
		}
	}
	if enc == "" {
		return c.HTMLBlob(status, body)
	}
	// Compressed into memory first: the network write, which waits for a
	// slow phone, must not hold one of the few compression slots.
	out := templ.GetBuffer()
	defer templ.ReleaseBuffer(out)
	if err := compressTo(out, enc, body, false); err != nil {
		return err
	}
	h.Set(echo.HeaderContentEncoding, enc)
	return c.HTMLBlob(status, out.Bytes())
}

// pageHeaders are the headers of every page's answer.
func pageHeaders(h http.Header) {
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	if h.Get(echo.HeaderCacheControl) == "" {
		h.Set(echo.HeaderCacheControl, "private, no-cache")
	}
	h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
}

func etagSuffix(enc string) string {
	if enc == "" {
		return ""
	}
	return "-" + enc
}

// staticAsset is an embedded file with its compressed copies, made once.
type staticAsset struct {
	plain, gzip, brotli []byte
	contentType         string
	etag                string // of the plain content; the encoding is appended
}

var (
	staticOnce   sync.Once
	staticAssets map[string]*staticAsset
)

// loadStaticAssets compresses every embedded asset once, at the best
// settings (it is done once per process, for a few dozen kilobytes).
func loadStaticAssets() map[string]*staticAsset {
	staticOnce.Do(func() {
		staticAssets = map[string]*staticAsset{}
		_ = fs.WalkDir(views.Static, ".", func(name string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(views.Static, name)
			if err != nil {
				return err
			}
			a := &staticAsset{plain: b, contentType: staticContentType(name)}
			f := fnv.New64a()
			f.Write(b)
			a.etag = strconv.FormatUint(f.Sum64(), 36)
			if compressible(a.contentType) && len(b) >= minCompressSize {
				var gz bytes.Buffer
				zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
				zw.Write(b)
				zw.Close()
				a.gzip = gz.Bytes()
				var br bytes.Buffer
				bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
				bw.Write(b)
				bw.Close()
				a.brotli = br.Bytes()
			}
			staticAssets[name] = a
			return nil
		})
	})
	return staticAssets
}

func staticContentType(name string) string {
	switch {
	case strings.HasSuffix(name, ".css"):
		return "text/css; charset=utf-8"
	case strings.HasSuffix(name, ".js"):
		return "text/javascript; charset=utf-8"
	case strings.HasSuffix(name, ".ico"):
		return "image/x-icon"
	case strings.HasSuffix(name, ".svg"):
		return "image/svg+xml"
	case strings.HasSuffix(name, ".png"):
		return "image/png"
	}
	return "application/octet-stream"
}

func compressible(contentType string) bool {
	return strings.HasPrefix(contentType, "text/") || strings.HasPrefix(contentType, "image/svg")
}

// SendAsset writes an embedded asset, compressed when the browser asks,
// with its ETag and the given Cache-Control.
func SendAsset(c echo.Context, name, cacheControl string) error {
	a := loadStaticAssets()[name]
	if a == nil {
		return NotFound()
	}
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, cacheControl)
	body, enc := a.plain, ""
	if a.gzip != nil {
		h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
		switch acceptedEncoding(c.Request().Header.Get(echo.HeaderAcceptEncoding)) {
		case encBrotli:
			body, enc = a.brotli, encBrotli
		case encGzip:
			body, enc = a.gzip, encGzip
		}
	}
	etag := `"` + a.etag + etagSuffix(enc) + `"`
	h.Set("ETag", etag)
	if ETagMatches(c.Request().Header.Get("If-None-Match"), etag) {
		return c.NoContent(http.StatusNotModified)
	}
	if enc != "" {
		h.Set(echo.HeaderContentEncoding, enc)
	}
	h.Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
	if c.Request().Method == http.MethodHead {
		h.Set(echo.HeaderContentType, a.contentType)
		return c.NoContent(http.StatusOK)
	}
	return c.Blob(http.StatusOK, a.contentType, body)
}

// A SharedPage is a page whose body is the same for everyone who sees it
// (the public standings of a snapshot, say): rendered once, each encoding
// compressed once on first demand, then only written.
type SharedPage struct {
	plain []byte
	etag  string
	once  [2]sync.Once
	enc   [2][]byte // gzip, brotli
}

func newSharedPage(body []byte) *SharedPage {
	f := fnv.New64a()
	f.Write(body)
	return &SharedPage{plain: body, etag: strconv.FormatUint(f.Sum64(), 36)}
}

// RenderShared renders a component for a SharedPage.
func RenderShared(ctx context.Context, comp templ.Component) (*SharedPage, error) {
	var buf bytes.Buffer
	if err := comp.Render(ctx, &buf); err != nil {
		return nil, err
	}
	return newSharedPage(buf.Bytes()), nil
}

func (p *SharedPage) encoded(enc string) []byte {
	i := 0
	if enc == encBrotli {
		i = 1
	}
	p.once[i].Do(func() {
		var b bytes.Buffer
		if compressTo(&b, enc, p.plain, true) == nil {
			p.enc[i] = b.Bytes()
		}
	})
	return p.enc[i]
}

// SendShared writes a shared page as sendPage writes a page.
func SendShared(c echo.Context, p *SharedPage) error {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	h.Set(echo.HeaderCacheControl, "private, no-cache")
	h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	body, enc := p.plain, ""
	if len(p.plain) >= minCompressSize {
		if enc = acceptedEncoding(c.Request().Header.Get(echo.HeaderAcceptEncoding)); enc != "" {
			if body = p.encoded(enc); body == nil {
				body, enc = p.plain, ""
			}
		}
	}
	etag := `"` + p.etag + etagSuffix(enc) + `"`
	h.Set("ETag", etag)
	if ETagMatches(c.Request().Header.Get("If-None-Match"), etag) {
		return c.NoContent(http.StatusNotModified)
	}
	if enc != "" {
		h.Set(echo.HeaderContentEncoding, enc)
	}
	return c.HTMLBlob(http.StatusOK, body)
}

// ETagMatches applies If-None-Match: a list of tags (weak ones compare
// weakly, as RFC 9110 says for GET), or "*".
func ETagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}
