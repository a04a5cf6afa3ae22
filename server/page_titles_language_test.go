package server_test

import (
	"context"
	"html"
	"net/url"
	"regexp"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

var titleRE = regexp.MustCompile(`<title>([^<]*)</title>`)

// pageTitle is a page's <title> as the browser shows it.
func pageTitle(t *testing.T, what string, r response) string {
	t.Helper()
	m := titleRE.FindStringSubmatch(r.body)
	if r.status != 200 || m == nil {
		t.Fatalf("%s: status %d, no <title>\n%s", what, r.status, excerpt(r.body))
	}
	return html.UnescapeString(m[1])
}

// A page's title (the browser's tab, the first words a screen reader says)
// is in the page's language like its heading: the penalties, judge calls
// and decklists pages, the standings every visitor sees, and the projector
// (in the event's language), whose bye is said in it too.
func TestPageTitlesInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cy")
	d.pairAndPublish(1)
	ev, err := a.store.EventByID(context.Background(), d.id)
	if err != nil {
		t.Fatal(err)
	}
	event := i18n.Args{"Event": ev.Name}
	visitor := a.browser()
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		titled := func(id string) string {
			return i18n.T(ctx, "AdminPageTitle", i18n.Args{"Title": i18n.T(ctx, id, event)})
		}
		for _, b := range []*browser{org, visitor} {
			b.get("/language?" + url.Values{"lang": {lang}, "back": {"/"}}.Encode())
		}
		setEventLanguage(t, a, d.id, lang)
		for _, c := range []struct {
			who        *browser
			path, want string
		}{
			{org, d.path + "/penalties", titled("PhonePenaltiesTitle")},
			{org, d.path + "/calls", titled("PhoneJudgeCallsTitle")},
			{org, d.path + "/decklists", titled("PhonePublicDecklistsTitle")},
			{visitor, d.path + "/standings", titled("StaffStandingsTitle")},
			{visitor, d.path + "/projector", i18n.T(ctx, "ProjectorPageTitle", event) + " · Tenkaichi"},
		} {
			if got := pageTitle(t, lang+" "+c.path, c.who.get(c.path)); got != c.want {
				t.Errorf("%s %s: <title>%s</title>, want %q", lang, c.path, got, c.want)
			}
		}
		bye := i18n.T(ctx, "StaffBye", nil)
		mustContain(t, lang+" projector's bye", visitor.get(d.path+"/projector").body, `<td class="name">`+bye+`</td>`)
		mustContain(t, lang+" projector's bye by name", visitor.get(d.path+"/projector?view=pairings").body, `<span class="pn-table">`+bye+`</span>`)
	}
}
