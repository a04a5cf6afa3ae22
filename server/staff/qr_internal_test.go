package staff

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	qrcode "github.com/skip2/go-qrcode"
)

var qrRun = regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`)

// The SVG's squares are exactly the QR code's dark modules, quiet zone
// included, so a phone reads what the encoder meant.
func TestPrintQRSVGDrawsTheBitmap(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"http://192.168.1.20:8080/events/12/matches/345", "https://tenkaichi.example/events/1/register"} {
		svg, err := qrSVGString(context.Background(), text)
		if err != nil {
			t.Fatal(err)
		}
		q, err := qrcode.New(text, qrcode.Medium)
		if err != nil {
			t.Fatal(err)
		}
		want := q.Bitmap()
		n := len(want)
		if !strings.Contains(svg, `viewBox="0 0 `+strconv.Itoa(n)+" "+strconv.Itoa(n)+`"`) {
			t.Fatalf("viewBox is not %d modules: %.200s", n, svg)
		}
		got := make([][]bool, n)
		for i := range got {
			got[i] = make([]bool, n)
		}
		for _, m := range qrRun.FindAllStringSubmatch(svg, -1) {
			x, _ := strconv.Atoi(m[1])
			y, _ := strconv.Atoi(m[2])
			w, _ := strconv.Atoi(m[3])
			if m[3] != m[4] || x+w > n || y >= n {
				t.Fatalf("bad run %q", m[0])
			}
			for i := x; i < x+w; i++ {
				if got[y][i] {
					t.Fatalf("module %d,%d drawn twice", i, y)
				}
				got[y][i] = true
			}
		}
		for y := range want {
			for x := range want[y] {
				if got[y][x] != want[y][x] {
					t.Fatalf("%q: module %d,%d is %v, want %v", text, x, y, got[y][x], want[y][x])
				}
			}
		}
		// The quiet zone (4 modules) is light.
		for i := 0; i < n; i++ {
			if got[0][i] || got[i][0] || got[n-1][i] || got[i][n-1] {
				t.Fatalf("%q: quiet zone not light at %d", text, i)
			}
		}
	}
	if svg, _ := qrSVGString(context.Background(), `"><script>x</script>`); strings.Contains(svg, "<script>") {
		t.Fatal("the label must be escaped")
	}
}
