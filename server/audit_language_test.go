package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The event page's change log says who made each change in the organiser's
// language: a player reporting from their phone and a player registering
// themselves are not "player Ann" and "self-registration" on a German or a
// Japanese page; an account keeps its username.
func TestChangeLogSaysWhoInTheOrganisersLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	// Four players with the self-registered one: nobody has a bye, so Ann
	// always has a match to report (with three, the bye fell on her at random).
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Dee")
	if r := a.browser().post(d.path+"/register", d.path+"/register", url.Values{"player_name": {"Cy"}}); r.status != http.StatusSeeOther {
		t.Fatalf("self-registration: %d\n%s", r.status, excerpt(r.body))
	}
	d.pairAndPublish(1)
	expectRedirect(t, "Ann reports", d.report(d.phone("Ann"), "Ann", "won"), d.links["Ann"])
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		org.get("/language?" + url.Values{"lang": {lang}, "back": {"/"}}.Encode())
		body := org.get(d.path).body
		i := strings.Index(body, `data-testid="audit"`)
		if i < 0 {
			t.Fatalf("%s: no change log on the event page\n%s", lang, excerpt(body))
		}
		log := body[i:]
		mustContain(t, lang+" change log", log,
			" · "+i18n.T(ctx, "StaffAuditByPlayer", i18n.Args{"Name": "Ann"})+" · ",
			" · "+i18n.T(ctx, "StaffAuditBySelfRegistration", nil)+" · ",
			" · org · ")
		for _, english := range []string{" · player Ann · ", " · self-registration · "} {
			if strings.Contains(log, english) {
				t.Errorf("%s change log says %q", lang, english)
			}
		}
	}
}
