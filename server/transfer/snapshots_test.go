package transfer

import (
	"context"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Sizes are in decimal units, with one decimal below 10, in the page's
// language.
func TestSizeText(t *testing.T) {
	en, de := context.Background(), i18n.WithLanguage(context.Background(), "de")
	for _, c := range []struct {
		ctx  context.Context
		n    int64
		want string
	}{
		{en, 1, "1 byte"}, {en, 999, "999 bytes"}, {en, 1000, "1.0 kB"}, {en, 9949, "9.9 kB"}, {en, 9950, "10 kB"},
		{en, 999_499, "999 kB"}, {en, 999_500, "1.0 MB"}, {en, 12_345_678, "12 MB"}, {en, 1_234_567_890, "1,235 MB"},
		{de, 1234, "1,2 kB"}, {de, 5, "5 Byte"}, {de, 1_234_567_890, "1.235 MB"},
	} {
		if got := sizeText(c.n).In(c.ctx); got != c.want {
			t.Errorf("sizeText(%s, %d) = %q, want %q", i18n.Lang(c.ctx), c.n, got, c.want)
		}
	}
}
