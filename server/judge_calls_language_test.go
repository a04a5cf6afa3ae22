package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The judge calls page says why each call was made in the judge's
// language: a dispute and a call from a player's phone (whatever the
// phone's language), kept in English, are said in German and Japanese; a
// reason given otherwise stays as it is (TestCallReasonText has the game
// tracker's).
func TestJudgeCallReasonsInTheJudgesLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cy", "Di")
	d.pairAndPublish(1)
	// The first table's players both say they won: a dispute; a player of
	// the second calls a judge from a phone in Japanese.
	ms := d.roundMatches(1)
	first, second := d.nameOf(ms[0].P1EntryID), d.nameOf(*ms[0].P2EntryID)
	d.report(d.phone(first), first, "won")
	d.report(d.phone(second), second, "won")
	caller, firstID := d.nameOf(ms[1].P1EntryID), ms[0].P1EntryID
	phone := a.browser()
	phone.get("/language?" + url.Values{"lang": {"ja"}, "back": {"/"}}.Encode())
	expectStatus(t, "call a judge", phone.post(d.links[caller], d.links[caller]+"/judge", nil), http.StatusSeeOther)
	// And one from an imported event, in its own words.
	if _, err := judging.New(a.store).OpenJudgeCall(context.Background(), d.id, &firstID, nil, "Deck check at table 9"); err != nil {
		t.Fatal(err)
	}
	calls, err := judging.New(a.store).JudgeCalls(context.Background(), d.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range calls {
		if c.EntryID != nil && *c.EntryID == d.ids[caller] && c.Reason != i18n.T(context.Background(), "PhoneCallReason", nil) {
			t.Errorf("the phone's call is kept as %q, not in English", c.Reason)
		}
	}
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		org.get("/language?" + url.Values{"lang": {lang}, "back": {"/"}}.Encode())
		body := org.get(d.path + "/calls").body
		mustContain(t, lang+" judge calls", body,
			"<p>"+i18n.T(ctx, "PhoneCallDisputeReason", nil)+"</p>",
			"<p>"+i18n.T(ctx, "PhoneCallReason", nil)+"</p>",
			"<p>Deck check at table 9</p>")
		for _, other := range []string{storage.DisputeReason, "Called from the player's phone.", "プレイヤーのスマホから呼び出し。"} {
			if other != i18n.T(ctx, "PhoneCallReason", nil) && strings.Contains(body, "<p>"+other+"</p>") {
				t.Errorf("%s judge calls say %q", lang, other)
			}
		}
	}
	if got := i18n.T(context.Background(), "PhoneCallDisputeReason", nil); got != storage.DisputeReason {
		t.Errorf("PhoneCallDisputeReason in English is %q, storage's DisputeReason %q", got, storage.DisputeReason)
	}
}
