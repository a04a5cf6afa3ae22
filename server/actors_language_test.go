package server_test

import (
	"context"
	"html"
	"net/url"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The snapshots page and the judge console say who took a snapshot or
// started a game log as the change log does, in the organiser's language:
// a snapshot kept when a player's report finished the event or when the
// server completed a round, and the game tracker's log from a player's
// phone, are not "player Ann" and "system" on a German or Japanese page;
// an account keeps its username.
func TestSnapshotsAndGameLogsSayWhoInTheOrganisersLanguage(t *testing.T) {
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cy", "Di")
	d.pairAndPublish(1) // a snapshot by org
	for _, actor := range []storage.Actor{storage.PlayerActor("Ann"), storage.ActorSystem} {
		if err := a.store.SaveSnapshot(ctx, actor, &storage.Snapshot{EventID: d.id, Reason: storage.SnapshotFinish}, []byte("{}")); err != nil {
			t.Fatal(err)
		}
	}
	match := d.roundMatches(1)[0]
	if _, _, err := a.store.CreateTrackerLog(ctx, storage.PlayerActor(d.nameOf(match.P1EntryID)),
		&storage.GameLog{EventID: d.id, MatchID: &match.ID, Title: "Game 1", Body: firstTurnAttack}); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		org.get("/language?" + url.Values{"lang": {lang}, "back": {"/"}}.Encode())
		snapshots := org.get(d.path + "/snapshots").body
		mustContain(t, lang+" snapshots", snapshots,
			" · "+html.EscapeString(i18n.T(ctx, "StaffAuditByPlayer", i18n.Args{"Name": "Ann"}))+"</p>",
			" · "+html.EscapeString(i18n.T(ctx, "StaffAuditBySystem", nil))+"</p>",
			" · org</p>")
		console := org.get(d.path + "/judge").body
		mustContain(t, lang+" judge console", console,
			html.EscapeString(i18n.T(ctx, "StaffAuditByPlayer", i18n.Args{"Name": d.nameOf(match.P1EntryID)}))+" · ")
		for page, body := range map[string]string{"snapshots": snapshots, "judge console": console} {
			for _, english := range []string{"player Ann", "player " + d.nameOf(match.P1EntryID), " · system</p>"} {
				if strings.Contains(body, english) {
					t.Errorf("%s %s says %q", lang, page, english)
				}
			}
		}
	}
}
