package server_test

import (
	"context"
	"html"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

var qrLabelRE = regexp.MustCompile(`<svg xmlns="http://www.w3.org/2000/svg" class="qr"[^>]*aria-label="([^"]*)"`)

// A QR code says what it is, for a screen reader, in the page's language:
// a player's phone link on the organiser's page (the organiser's language),
// the match slips and the registration poster (the event's).
func TestQRCodesAreLabelledInThePagesLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	for _, c := range []struct{ staff, event string }{{"de", "ja"}, {"ja", "de"}} {
		org.get("/language?" + url.Values{"lang": {c.staff}, "back": {"/"}}.Encode())
		setEventLanguage(t, a, d.id, c.event)
		for _, p := range []struct{ lang, name, path string }{
			{c.staff, "player link", d.path + "/players/" + strconv.FormatInt(d.ids["Ann"], 10)},
			{c.event, "match slips", d.path + "/print/slips?round=1"},
			{c.event, "registration poster", d.path + "/print/registration"},
		} {
			r := org.get(p.path)
			expectStatus(t, p.name, r, 200)
			labels := qrLabelRE.FindAllStringSubmatch(r.body, -1)
			if len(labels) == 0 {
				t.Fatalf("%s in %s: no QR code\n%s", p.name, p.lang, excerpt(r.body))
			}
			want := i18n.T(i18n.WithLanguage(context.Background(), p.lang), "QRCodeOf", i18n.Args{"Link": a.srv.URL})
			for _, l := range labels {
				if got := html.UnescapeString(l[1]); !strings.HasPrefix(got, want) {
					t.Errorf("%s in %s: the QR code is labelled %q, not %q…", p.name, p.lang, got, want)
				}
			}
		}
	}
}
