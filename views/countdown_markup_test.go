package views

import (
	"bytes"
	"context"
	"strconv"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// CountdownMarkup must give what rendering CountdownTime gives, at every
// millisecond, across the seconds and the minutes where the announcements'
// words change, in more than one language and with an extension.
func TestCountdownMarkupIsTheRenderedCountdown(t *testing.T) {
	kept := 0
	for _, lang := range []string{"en", "de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		for _, ext := range []int64{0, 120000} {
			for _, state := range []string{"running", "paused"} {
				for ms := int64(58990); ms <= 61020; ms += 3 {
					c := Clock{EventID: 4, Round: 2, State: state, RemainingMS: ms, ExtensionMS: ext,
						Text: clockTextForTest(ms + ext)}
					var want bytes.Buffer
					if err := CountdownTime(c).Render(ctx, &want); err != nil {
						t.Fatal(err)
					}
					if _, ok := countdowns.get(countdownKey{c: Clock{EventID: 4, Round: 2, State: state, ExtensionMS: ext, Text: c.Text}, minutes: minutesLeft(c), lang: lang}); ok {
						kept++
					}
					got, err := CountdownMarkup(ctx, c)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want.Bytes()) {
						t.Fatalf("%s, %d ms, extension %d, %s:\n got %s\nwant %s", lang, ms, ext, state, got, want.Bytes())
					}
				}
			}
		}
	}
	// Most calls must have been answered from kept markup, or nothing was
	// tested of it.
	if kept < 3000 {
		t.Fatalf("only %d calls found their markup kept", kept)
	}
}

// clockTextForTest is m:ss rounded up (web.ClockText, which views may not
// import).
func clockTextForTest(ms int64) string {
	secs := (ms + 999) / 1000
	s := secs % 60
	pad := ""
	if s < 10 {
		pad = "0"
	}
	return strconv.FormatInt(secs/60, 10) + ":" + pad + strconv.FormatInt(s, 10)
}
