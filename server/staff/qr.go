package staff

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"
	qrcode "github.com/skip2/go-qrcode"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// qrSVG draws text as a QR code in inline SVG (the content security policy
// allows inline SVG and data: images, but no script). Every dark module is a
// unit square of one path, so the code scales to any size and prints sharp.
// The SVG holds nothing but numbers and fixed markup, so it is safe to emit
// unescaped; the text it encodes is given as an accessible label ("QR code:
// …" in the page's language), escaped.
func qrSVG(ctx context.Context, text string) (templ.Component, error) {
	s, err := qrSVGString(ctx, text)
	if err != nil {
		return nil, err
	}
	return templ.Raw(s), nil
}

// qrKept keeps drawn QR codes by language and text: a round's result
// slips draw one per match (about 10 ms each), and print again. At most
// maxKeptQR are kept, about 3 KB each.
var qrKept struct {
	sync.Mutex
	svg map[[2]string]string
}

const maxKeptQR = 2048

// qrSVGString is qrSVG as a string (for tests and non-templ use).
func qrSVGString(ctx context.Context, text string) (string, error) {
	key := [2]string{i18n.Lang(ctx), text}
	qrKept.Lock()
	svg, ok := qrKept.svg[key]
	qrKept.Unlock()
	if ok {
		return svg, nil
	}
	svg, err := drawQRSVG(ctx, text)
	if err != nil {
		return "", err
	}
	qrKept.Lock()
	if qrKept.svg == nil || len(qrKept.svg) >= maxKeptQR {
		qrKept.svg = map[[2]string]string{}
	}
	qrKept.svg[key] = svg
	qrKept.Unlock()
	return svg, nil
}

// drawQRSVG draws text's QR code (qrSVG).
func drawQRSVG(ctx context.Context, text string) (string, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return "", err
	}
	bm := q.Bitmap() // includes the four-module quiet zone
	n := len(bm)
	var b strings.Builder
	b.Grow(n * n * 4)
	size := strconv.Itoa(n)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 ` + size + " " + size +
		`" shape-rendering="crispEdges" role="img" aria-label="`)
	b.WriteString(templ.EscapeString(i18n.T(ctx, "QRCodeOf", i18n.Args{"Link": text})))
	b.WriteString(`"><rect width="` + size + `" height="` + size + `" fill="#fff"/><path fill="#000" d="`)
	for y, row := range bm {
		for x := 0; x < len(row); x++ {
			if !row[x] {
				continue
			}
			// Merge a horizontal run of dark modules into one rectangle.
			run := 1
			for x+run < len(row) && row[x+run] {
				run++
			}
			b.WriteString("M" + strconv.Itoa(x) + " " + strconv.Itoa(y) + "h" + strconv.Itoa(run) + "v1h-" + strconv.Itoa(run) + "z")
			x += run - 1
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}
