package server_test

import (
	"bytes"
	"context"
	"html"
	"net/url"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The snapshots page writes sizes as the page's language does: a decimal
// comma in German and French, French's ko and Mo, bytes in words.
func TestSnapshotSizesInThePagesLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	for _, n := range []int{1234, 2_500_000} {
		if err := eventfile.New(a.store).SaveSnapshot(ctx, storage.ActorSystem, &eventfile.Snapshot{EventID: d.id, Reason: storage.SnapshotManual}, bytes.Repeat([]byte(" "), n)); err != nil {
			t.Fatal(err)
		}
	}
	list, err := eventfile.New(a.store).Snapshots(ctx, d.id)
	if err != nil || len(list) != 2 {
		t.Fatalf("snapshots: %v %v", list, err)
	}
	var stored int64
	for _, sn := range list {
		stored += sn.StoredBytes
	}
	// Gzipped, the large one takes a few kB and the small one some bytes.
	if big, small := list[0].StoredBytes, list[1].StoredBytes; big < 1000 || stored >= 9950 || small < 2 || small >= 1000 {
		t.Fatalf("the gzipped snapshots take %d and %d bytes", big, small)
	}
	for _, lang := range []string{"en", "de", "fr", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		org.get("/language?" + url.Values{"lang": {lang}, "back": {"/"}}.Encode())
		page := org.get(d.path + "/snapshots").body
		bytesOf := func(n int64) string { return i18n.N(ctx, "SizeBytes", int(n), nil) }
		kB := func(n int64) string {
			return i18n.T(ctx, "SizeKB", i18n.Args{"Size": i18n.Decimal(ctx, float64(n)/1e3, 1)})
		}
		mustContain(t, lang+" snapshots", page,
			html.EscapeString(i18n.T(ctx, "SnapshotSize", i18n.Args{"Size": i18n.T(ctx, "SizeMB", i18n.Args{"Size": i18n.Decimal(ctx, 2.5, 1)}), "Stored": kB(list[0].StoredBytes)})),
			html.EscapeString(i18n.T(ctx, "SnapshotSize", i18n.Args{"Size": i18n.T(ctx, "SizeKB", i18n.Args{"Size": i18n.Decimal(ctx, 1.234, 1)}), "Stored": bytesOf(list[1].StoredBytes)})),
			html.EscapeString(i18n.N(ctx, "SnapshotTotal", 2, i18n.Args{"Stored": kB(stored)})))
		if (lang == "de" || lang == "fr") && (strings.Contains(page, "1.2 kB") || strings.Contains(page, "2.5 MB")) {
			t.Errorf("%s snapshots: sizes written in English", lang)
		}
	}
	fr := i18n.WithLanguage(context.Background(), "fr")
	if got := i18n.T(fr, "SizeKB", i18n.Args{"Size": "1,2"}); got != "1,2 ko" {
		t.Errorf("SizeKB in French: %q", got)
	}
}

// The snapshots page and the judge console say who took a snapshot or
// started a game log as the change log does, in the organiser's language:
// a snapshot kept when a player's report finished the event or when the
// server completed a round, and the game tracker's log from a player's
// phone, are not "player Ann" and "system" on a German or Japanese page;
// an account keeps its username.
func TestSnapshotsAndGameLogsSayWhoInTheOrganisersLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cy", "Di")
	d.pairAndPublish(1) // a snapshot by org
	for _, actor := range []storage.Actor{storage.PlayerActor("Ann"), storage.ActorSystem} {
		if err := eventfile.New(a.store).SaveSnapshot(ctx, actor, &eventfile.Snapshot{EventID: d.id, Reason: storage.SnapshotFinish}, []byte("{}")); err != nil {
			t.Fatal(err)
		}
	}
	match := d.roundMatches(1)[0]
	if _, _, err := judging.New(a.store).CreateTrackerLog(ctx, storage.PlayerActor(d.nameOf(match.P1EntryID)),
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
