package server_test

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Why the pairing tools refuse is said in the organiser's language over
// HTTP: pairing the next round while a result is missing (naming the round
// and table), and starting a top cut with too few players left (also on the
// bracket's print sheet, in the event's language).
func TestPairingProblemsInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "2", "Ann", "Ben")
	ev, _ := a.store.EventByID(context.Background(), d.id)
	ev.SwissRounds = ptrInt(1)
	if err := a.store.UpdateEvent(context.Background(), storage.Actor{Name: "t"}, ev); err != nil {
		t.Fatal(err)
	}
	d.pairAndPublish(1)
	english := []string{"no result yet", "report every result", "players who have not dropped", "there is 1", "Cannot pair yet"}
	noEnglish := func(what, body string) {
		t.Helper()
		for _, en := range english {
			if strings.Contains(body, en) {
				t.Errorf("%s: English left: %q", what, en)
			}
		}
	}
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		org.get("/language?lang=" + lang + "&back=" + d.path + "/rounds")
		r := org.post(d.path+"/rounds", d.path+"/rounds", url.Values{"decks_ok": {"1"}})
		expectStatus(t, lang+" pair with a result missing", r, http.StatusConflict)
		body := html.UnescapeString(r.body)
		reason := i18n.T(ctx, "StaffPairingNoResultAtTable", i18n.Args{"Round": 1, "Table": 1})
		mustContain(t, lang+" pair with a result missing", body, i18n.T(ctx, "StaffErrCannotPair", i18n.Args{"Reason": reason}))
		mustContain(t, lang+" the round and table", reason, map[string]string{"de": "Runde 1, Tisch 1", "ja": "ラウンド1の1番テーブル"}[lang])
		noEnglish(lang+" pair with a result missing", body)
	}

	// Round 1 played, then Ben drops: a top 2 has one player left.
	expectRedirect(t, "r1", d.report(d.phone("Ann"), "Ann", "won"), d.links["Ann"])
	expectRedirect(t, "r1", d.report(d.phone("Ben"), "Ben", "lost"), d.links["Ben"])
	players := d.path + "/players"
	en, _ := a.store.EntryByID(context.Background(), d.id, d.ids["Ben"])
	expectRedirect(t, "drop", org.post(players, players+"/"+strconv.FormatInt(en.ID, 10), url.Values{"action": {"drop"}, "version": {strconv.Itoa(en.Version)}}), players)
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		org.get("/language?lang=" + lang + "&back=" + d.path + "/rounds")
		r := org.post(d.path+"/rounds", d.path+"/topcut", nil)
		expectStatus(t, lang+" top cut with too few", r, http.StatusConflict)
		body := html.UnescapeString(r.body)
		reason := i18n.N(ctx, "StaffPairingCutTooFewLeft", 1, i18n.Args{"Size": 2})
		mustContain(t, lang+" top cut with too few", body, i18n.T(ctx, "StaffErrCannotStartCut", i18n.Args{"Reason": reason}))
		noEnglish(lang+" top cut with too few", body)
	}
	// The bracket's print sheet, in the event's language, says it too.
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		ev, _ := a.store.EventByID(context.Background(), d.id)
		ev.Language = lang
		if err := a.store.UpdateEvent(context.Background(), storage.Actor{Name: "t"}, ev); err != nil {
			t.Fatal(err)
		}
		r := org.get(d.path + "/print/bracket")
		expectStatus(t, lang+" bracket sheet", r, http.StatusOK)
		body := html.UnescapeString(r.body)
		reason := i18n.N(ctx, "StaffPairingCutTooFewLeft", 1, i18n.Args{"Size": 2})
		mustContain(t, lang+" bracket sheet", body, i18n.T(ctx, "StaffPrintBracketProblem", i18n.Args{"Reason": reason}))
		noEnglish(lang+" bracket sheet", body)
	}
	org.get("/language?lang=en&back=" + d.path + "/rounds")
	r := org.post(d.path+"/rounds", d.path+"/topcut", nil)
	mustContain(t, "en top cut with too few", r.body, "Cannot start the top cut: a top 2 needs 2 players who have not dropped; there is 1")
}
