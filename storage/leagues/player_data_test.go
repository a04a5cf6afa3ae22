package leagues_test

import (
	"database/sql"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// storeResults stores an event's results: places in the order given.
func storeResults(t *testing.T, st *storage.Store, eventID int64, entries ...storage.Entry) {
	t.Helper()
	v, err := st.PlayVersion(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	var rows []leagues.EventResult
	for i, e := range entries {
		rows = append(rows, leagues.EventResult{EntryID: e.ID, Place: i + 1, SwissRank: i + 1, Wins: len(entries) - i - 1, Losses: i})
	}
	if err := leagues.New(st).ReplaceEventResults(ctx, eventID, v, rows); err != nil {
		t.Fatal(err)
	}
}

// A removed player's entries stay, with their results, matches and
// decklists; the person's names, member number and links are gone
// everywhere, the audit log and a record merged into theirs included.
func TestAnonymiseKeepsEntriesAndResults(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	ev1, one := seeded(t, st, seedEvent{Name: "One", Day: "2026-01-01", Players: []seedPlayer{{"c", "Chi-Chi", "CC1"}, {"l", "Launch", ""}},
		Swiss: [][]seedMatch{{{P1: "c", P2: "l", Result: "p1"}}}})
	ev2, two := seeded(t, st, seedEvent{Name: "Two", Day: "2026-01-08", Players: []seedPlayer{{"c", "chichi", ""}, {"l", "Launch", ""}},
		Swiss: [][]seedMatch{{{P1: "l", P2: "c", Result: "draw"}}}})
	storeResults(t, st, ev1.ID, one["c"], one["l"])
	storeResults(t, st, ev2.ID, two["l"], two["c"])
	ev3 := newEvent("Three")
	if err := st.CreateEvent(ctx, org, ev3); err != nil {
		t.Fatal(err)
	}
	third := &storage.Entry{EventID: ev3.ID, PlayerName: "Chi-Chi", MemberID: "CC1", TokenHash: "third", DeckText: "1 FB01-001"}
	if err := st.CreateEntry(ctx, org, third); err != nil {
		t.Fatal(err)
	}
	id := playerOf(t, one["c"])
	if _, err := lgs.MergePlayers(ctx, org, id, playerOf(t, two["c"])); err != nil {
		t.Fatal(err)
	}
	results := func() [][]leagues.EventResult {
		a, _ := lgs.EventResults(ctx, ev1.ID)
		b, _ := lgs.EventResults(ctx, ev2.ID)
		return [][]leagues.EventResult{a, b}
	}
	before := results()
	launch, _ := st.PlayerByID(ctx, playerOf(t, one["l"]))

	if err := lgs.AnonymisePlayer(ctx, org, id); err != nil {
		t.Fatal(err)
	}
	name := storage.AnonymousName(id)
	for _, e := range []struct {
		event int64
		entry storage.Entry
	}{{ev1.ID, one["c"]}, {ev2.ID, two["c"]}, {ev3.ID, *third}} {
		got, err := st.EntryByID(ctx, e.event, e.entry.ID)
		if err != nil {
			t.Fatalf("entry %d is gone: %v", e.entry.ID, err)
		}
		if got.PlayerName != name || got.MemberID != "" || got.TokenHash == e.entry.TokenHash || got.PlayerID == nil || *got.PlayerID != id {
			t.Errorf("entry after the removal: %+v", got)
		}
	}
	if got, _ := st.EntryByID(ctx, ev3.ID, third.ID); got.DeckText != "1 FB01-001" {
		t.Errorf("decklist lost: %q", got.DeckText)
	}
	if got := results(); !reflect.DeepEqual(got, before) {
		t.Errorf("results changed:\n%+v\n%+v", got, before)
	}
	for _, pid := range []int64{id, playerOf(t, two["c"])} {
		p, _ := st.PlayerByID(ctx, pid)
		if p.Name != name || p.MemberID != "" || p.AnonymisedAt == nil || p.Public || p.HasPassword() {
			t.Errorf("record %d after the removal: %+v", pid, p)
		}
	}
	if after, _ := st.PlayerByID(ctx, launch.ID); !reflect.DeepEqual(after, launch) {
		t.Errorf("another player changed: %+v, was %+v", after, launch)
	}
	if _, err := st.PlayerByMemberID(ctx, "CC1"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("the member number still finds someone: %v", err)
	}
	if got, _ := lgs.SuggestPlayers(ctx, ev1.StoreID, "chi", 10); len(got) != 0 {
		t.Errorf("suggested after the removal: %+v", got)
	}
	rows, err := st.SQL().QueryContext(ctx, `SELECT before_json, after_json FROM audit_log`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var b, a string
		_ = rows.Scan(&b, &a)
		for _, old := range []string{"Chi-Chi", "chichi", "CC1"} {
			if strings.Contains(b+a, old) {
				t.Errorf("the audit log still names %q: %s / %s", old, b, a)
			}
		}
	}
	rows.Close()
	// Coming back with the same member number makes a new player.
	back := &storage.Entry{EventID: ev3.ID, PlayerName: "Chi-Chi", MemberID: "CC1", TokenHash: "back"}
	if err := st.CreateEntry(ctx, org, back); err != nil {
		t.Fatal(err)
	}
	if *back.PlayerID == id {
		t.Error("a new entry was linked to the removed player")
	}
	if err := lgs.AnonymisePlayer(ctx, org, id); !errors.Is(err, storage.ErrPlayerGone) {
		t.Errorf("removed twice: %v", err)
	}
}

// Everything stored about a player: entries with events and results,
// matches from their side with opponents, penalties, ratings, season
// standing, merges; never a password hash.
func TestPlayerDataHoldsEverything(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	ev, es := seeded(t, st, seedEvent{Name: "Cup", Day: "2026-02-02", Players: []seedPlayer{{"a", "Android 18", "18"}, {"b", "Krillin", ""}, {"c", "Marron", ""}},
		Swiss:  [][]seedMatch{{{P1: "a", P2: "b", Result: "p1"}, {P1: "c"}}, {{P1: "c", P2: "b", Result: "p2"}, {P1: "a"}}},
		TopCut: [][]seedMatch{{{P1: "c", P2: "a", Result: "p1"}}},
		Penalties: []eventfile.ImportedPenalty{{Entry: "a", At: eventfile.MatchRef{Round: 1, Match: 1},
			Penalty: judging.RulingPenalty{Kind: "warning", Infraction: "Slow play", JudgeName: "j", CreatedAt: time.Date(2026, 2, 2, 11, 0, 0, 0, time.UTC)}}},
	})
	storeResults(t, st, ev.ID, es["c"], es["a"], es["b"])
	id := playerOf(t, es["a"])
	season := &leagues.Season{Name: "Winter", Game: "fusion-world", StartsOn: day("2026-01-01"), EndsOn: day("2026-03-31"),
		StoreID: &ev.StoreID, PointsByPlacing: []int{5, 3, 1}}
	if err := lgs.CreateSeason(ctx, org, season); err != nil {
		t.Fatal(err)
	}
	if _, err := lgs.RecomputeRatings(ctx, "fusion-world"); err != nil {
		t.Fatal(err)
	}
	other, _ := seeded(t, st, seedEvent{Name: "Later", Day: "2026-06-01", Status: storage.StatusRunning, Players: []seedPlayer{{"x", "Lazuli", ""}}})
	xs, _ := st.Entries(ctx, other.ID)
	merge, err := lgs.MergePlayers(ctx, org, id, playerOf(t, xs[0]))
	if err != nil {
		t.Fatal(err)
	}
	if err := leagues.New(st).SetPlayerPassword(ctx, org, id, "secret-hash"); err != nil {
		t.Fatal(err)
	}

	d, err := lgs.PlayerDataOf(ctx, playerOf(t, xs[0])) // the merged record leads to the kept one
	if err != nil {
		t.Fatal(err)
	}
	if d.Player.ID != id || !d.Password || len(d.Merged) != 1 || d.Merged[0].Name != "Lazuli" {
		t.Errorf("player %+v, password %v, merged %+v", d.Player, d.Password, d.Merged)
	}
	if len(d.Entries) != 2 || d.Entries[0].EventName != "Later" || d.Entries[1].EventName != "Cup" ||
		d.Entries[1].Result == nil || d.Entries[1].Result.Place != 2 || d.Entries[1].StoreName == "" {
		t.Errorf("entries: %+v", d.Entries)
	}
	type seen struct{ Round, Opponent, Outcome string }
	var got []seen
	for _, m := range d.Matches {
		got = append(got, seen{m.Kind + string(rune('0'+m.Round)), m.Opponent, m.Outcome})
	}
	want := []seen{{"swiss1", "Krillin", "win"}, {"swiss2", "", "bye"}, {"top-cut3", "Marron", "loss"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("matches %+v, want %+v", got, want)
	}
	if len(d.Penalties) != 1 || d.Penalties[0].Infraction != "Slow play" || d.Penalties[0].EventName != "Cup" {
		t.Errorf("penalties: %+v", d.Penalties)
	}
	if len(d.Ratings) != 1 || d.Ratings[0].Matches != 2 || d.Ratings[0].Game != "fusion-world" {
		t.Errorf("ratings: %+v", d.Ratings)
	}
	if len(d.Seasons) != 1 || d.Seasons[0].SeasonID != season.ID || d.Seasons[0].Row.Points != 3 || d.Seasons[0].Row.Position != 2 || d.Seasons[0].Players != 3 {
		t.Errorf("seasons: %+v", d.Seasons)
	}
	if len(d.Merges) != 1 || d.Merges[0].ID != merge.ID {
		t.Errorf("merges: %+v", d.Merges)
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "secret-hash") || strings.Contains(string(b), "token_hash") {
		t.Errorf("a secret in the download: %s", b)
	}
}

// A removed player is no longer named as who made a change: the audit
// rows they wrote from their phone or their own pages name the anonymous
// name, while another player of the same name at another event keeps
// theirs.
func TestAnonymiseRenamesThemAsActor(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	ev1, one := seeded(t, st, seedEvent{Name: "One", Day: "2026-01-01", Players: []seedPlayer{{"c", "Chi-Chi", "CC1"}, {"l", "Launch", ""}}})
	_, other := seeded(t, st, seedEvent{Name: "Other", Day: "2026-01-08", Players: []seedPlayer{{"c", "Chi-Chi", "CC2"}, {"l", "Launch", ""}}})
	id := playerOf(t, one["c"])
	if err := st.DropEntry(ctx, storage.PlayerActor("Chi-Chi"), ev1.ID, one["c"].ID, 0); err != nil {
		t.Fatal(err)
	}
	if err := leagues.New(st).SetPlayerPublic(ctx, storage.PlayerActor("Chi-Chi"), id, true); err != nil {
		t.Fatal(err)
	}
	if err := st.DropEntry(ctx, storage.PlayerActor("Chi-Chi"), other["c"].EventID, other["c"].ID, 0); err != nil {
		t.Fatal(err)
	}
	if err := lgs.AnonymisePlayer(ctx, org, id); err != nil {
		t.Fatal(err)
	}
	actors := func(eventID *int64, entity string) []string {
		q := st.SQL()
		var rows *sql.Rows
		var err error
		if eventID != nil {
			rows, err = q.QueryContext(ctx, `SELECT actor FROM audit_log WHERE event_id = $1 AND user_id IS NULL AND actor LIKE 'player %' ORDER BY id`, *eventID)
		} else {
			rows, err = q.QueryContext(ctx, `SELECT actor FROM audit_log WHERE event_id IS NULL AND entity = $1 AND user_id IS NULL AND actor LIKE 'player %' ORDER BY id`, entity)
		}
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var a string
			_ = rows.Scan(&a)
			out = append(out, a)
		}
		return out
	}
	gone := storage.PlayerActor(storage.AnonymousName(id)).Name
	mine := append(actors(&ev1.ID, ""), actors(nil, "player")...)
	if len(mine) < 2 {
		t.Fatalf("the player's own audit rows are missing: %q", mine)
	}
	for _, a := range mine {
		if a != gone {
			t.Errorf("an audit row still names them as its actor: %q, want %q", a, gone)
		}
	}
	otherEvent := other["c"].EventID
	if got := actors(&otherEvent, ""); len(got) != 1 || got[0] != "player Chi-Chi" {
		t.Errorf("the other Chi-Chi's row: %q", got)
	}
}
