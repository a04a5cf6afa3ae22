package leagues_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

func TestNameKey(t *testing.T) {
	for in, want := range map[string]string{
		"Son Goku":        "son goku",
		"  SON   GOKŪ ":   "son goku",
		"Végéta\tPrince":  "vegeta prince",
		"Ｇｏｋｕ":            "goku",
		"Straße":          "strasse",
		"ガンマ":             "ガンマ",
		"Zoë Ølsen-Łukas": "zoe ølsen-łukas",
		"":                "",
	} {
		if got := storage.NameKey(in); got != want {
			t.Errorf("NameKey(%q) = %q, want %q", in, got, want)
		}
	}
	if storage.NameKey("ガンマ") == storage.NameKey("カンマ") {
		t.Error("a voiced kana is folded into the unvoiced one")
	}
}

// Every new entry gets a player in its own transaction: the member number
// finds its player; without one, a new player (a name never links); a
// player the organiser chose at the counter, who takes the entry's member
// number; an entry given a member number later follows it.
func TestNewEntriesAreLinked(t *testing.T) {
	st := storagetest.New(t)
	e1, e2 := newEvent("One"), newEvent("Two")
	for _, e := range []*storage.Event{e1, e2} {
		if err := st.CreateEvent(ctx, org, e); err != nil {
			t.Fatal(err)
		}
	}
	add := func(register bool, e *storage.Entry) *storage.Entry {
		t.Helper()
		tokens++
		e.TokenHash = fmt.Sprintf("token-%d", tokens)
		var err error
		if register {
			err = st.RegisterEntry(ctx, storage.ActorSelfRegistration, e)
		} else {
			err = st.CreateEntry(ctx, org, e)
		}
		if err != nil {
			t.Fatal(err)
		}
		if e.PlayerID == nil {
			t.Fatalf("entry %s has no player", e.PlayerName)
		}
		return e
	}
	goku := add(false, &storage.Entry{EventID: e1.ID, PlayerName: "Goku", MemberID: "M1"})
	again := add(true, &storage.Entry{EventID: e2.ID, PlayerName: "Son Goku", MemberID: "M1"})
	if *again.PlayerID != *goku.PlayerID {
		t.Errorf("member M1 at two events: players %d and %d", *goku.PlayerID, *again.PlayerID)
	}
	vegeta := add(false, &storage.Entry{EventID: e1.ID, PlayerName: "Vegeta"})
	vegeta2 := add(true, &storage.Entry{EventID: e2.ID, PlayerName: "Vegeta"})
	if *vegeta2.PlayerID == *vegeta.PlayerID || *vegeta.PlayerID == *goku.PlayerID {
		t.Error("a name alone linked two entries to one player")
	}
	// The organiser confirms the suggestion: same player, who takes M2.
	chosen := add(false, &storage.Entry{EventID: e2.ID, PlayerName: "Vegeta", MemberID: "M2", PlayerID: vegeta.PlayerID})
	if *chosen.PlayerID != *vegeta.PlayerID {
		t.Errorf("chosen player %d, linked to %d", *vegeta.PlayerID, *chosen.PlayerID)
	}
	if p, err := st.PlayerByMemberID(ctx, "M2"); err != nil || p.ID != *vegeta.PlayerID {
		t.Errorf("M2 belongs to %+v (%v), want player %d", p, err, *vegeta.PlayerID)
	}
	// An import links the same way.
	ev, byKey := seeded(t, st, seedEvent{Name: "Imported", Day: "2026-05-01", Players: []seedPlayer{{"a", "Goku", "M1"}, {"b", "Vegeta", ""}}})
	if playerOf(t, byKey["a"]) != *goku.PlayerID || playerOf(t, byKey["b"]) == *vegeta.PlayerID {
		t.Errorf("imported entries of event %d linked to %d and %d", ev.ID, playerOf(t, byKey["a"]), playerOf(t, byKey["b"]))
	}
	// The second Vegeta gives M1 later: that entry is Goku's player's now.
	got, _ := st.EntryByID(ctx, e2.ID, vegeta2.ID)
	got.MemberID = "M1"
	if err := st.UpdateEntry(ctx, org, "edit", got); err != nil {
		t.Fatal(err)
	}
	if got, _ = st.EntryByID(ctx, e2.ID, vegeta2.ID); got.PlayerID == nil || *got.PlayerID != *goku.PlayerID {
		t.Errorf("entry given M1 is player %v, want %d", got.PlayerID, *goku.PlayerID)
	}
	// A fresh number nobody has goes to the entry's own player.
	own := add(false, &storage.Entry{EventID: e1.ID, PlayerName: "Bulma"})
	own.MemberID = "M9"
	if err := st.UpdateEntry(ctx, org, "edit", own); err != nil {
		t.Fatal(err)
	}
	if p, err := st.PlayerByMemberID(ctx, "M9"); err != nil || p.ID != *own.PlayerID {
		t.Errorf("M9 belongs to %+v (%v), want Bulma's player %d", p, err, *own.PlayerID)
	}
}

func TestSuggestPlayers(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	here, there := firstStore(t, st), storeNamed(t, st, "Other")
	_, a := seeded(t, st, seedEvent{Name: "Here", Day: "2026-01-01", Store: here, Players: []seedPlayer{{"a", "Son Gokū", ""}, {"b", "Sonny", ""}}})
	_, b := seeded(t, st, seedEvent{Name: "There", Day: "2026-01-02", Store: there, Players: []seedPlayer{{"c", "son goku", "M5"}, {"d", "Vegeta", ""}}})
	_, c := seeded(t, st, seedEvent{Name: "There again", Day: "2026-01-09", Store: there, Players: []seedPlayer{{"c", "son goku", "M5"}, {"e", "Son Goku", ""}}})
	ids := func(ss []leagues.PlayerSuggestion) []int64 {
		var out []int64
		for _, s := range ss {
			out = append(out, s.ID)
		}
		return out
	}
	got, err := lgs.SuggestPlayers(ctx, here, "  SON   GOKU ", 10)
	if err != nil {
		t.Fatal(err)
	}
	// Exact first; among those, the one who played here, then most events.
	want := []int64{playerOf(t, a["a"]), playerOf(t, b["c"]), playerOf(t, c["e"])}
	if !reflect.DeepEqual(ids(got), want) || !got[0].Exact || !got[0].AtStore || got[1].Events != 2 {
		t.Errorf("suggestions for son goku: %+v, want players %v", got, want)
	}
	got, _ = lgs.SuggestPlayers(ctx, here, "son", 10)
	if len(got) != 4 || got[0].Exact {
		t.Errorf("suggestions for son: %+v", got)
	}
	if got, _ = lgs.SuggestPlayers(ctx, here, "son", 2); len(got) != 2 {
		t.Errorf("limit 2 gave %d", len(got))
	}
	// A merged record is no suggestion: the kept one is.
	if _, err := lgs.MergePlayers(ctx, org, playerOf(t, b["c"]), playerOf(t, c["e"])); err != nil {
		t.Fatal(err)
	}
	if got, _ = lgs.SuggestPlayers(ctx, here, "son goku", 10); len(got) != 2 {
		t.Errorf("after a merge: %+v", got)
	}
	if got, _ = lgs.SuggestPlayers(ctx, here, "x%", 10); len(got) != 0 {
		t.Errorf("a pattern character matched: %+v", got)
	}
}

// playerState is what a merge changes and its undo must put back.
type playerState struct {
	Players map[int64]storage.Player
	Entries map[int64]int64 // entry → player
	Results map[int64]int64 // entry → player of its event result
}

func statePlayers(t *testing.T, st *storage.Store) playerState {
	t.Helper()
	s := playerState{Players: map[int64]storage.Player{}, Entries: map[int64]int64{}, Results: map[int64]int64{}}
	rows, err := st.SQL().QueryContext(ctx, `SELECT id FROM players`)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		_ = rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		p, err := st.PlayerByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		p.Version, p.UpdatedAt = 0, time.Time{} // a merge and its undo each count
		s.Players[id] = *p
	}
	for _, q := range []struct {
		sql string
		m   map[int64]int64
	}{{`SELECT id, player_id FROM entries`, s.Entries}, {`SELECT entry_id, player_id FROM event_results`, s.Results}} {
		rows, err := st.SQL().QueryContext(ctx, q.sql)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var a, b int64
			_ = rows.Scan(&a, &b)
			q.m[a] = b
		}
		rows.Close()
	}
	return s
}

// A merge moves the entries, their results and the member number to the
// kept record; its undo puts back exactly what was before.
func TestMergeAndUndoRestoreExactly(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	ev1, one := seeded(t, st, seedEvent{Name: "One", Day: "2026-01-01", Players: []seedPlayer{{"a", "Piccolo", ""}, {"b", "Krillin", ""}},
		Swiss: [][]seedMatch{{{P1: "a", P2: "b", Result: "p1"}}}})
	ev2, two := seeded(t, st, seedEvent{Name: "Two", Day: "2026-01-08", Players: []seedPlayer{{"a", "piccolo", "77"}, {"c", "Yamcha", "78"}},
		Swiss: [][]seedMatch{{{P1: "a", P2: "c", Result: "draw"}}}})
	for _, ev := range []struct {
		id      int64
		entries []storage.Entry
	}{{ev1.ID, []storage.Entry{one["a"], one["b"]}}, {ev2.ID, []storage.Entry{two["a"], two["c"]}}} {
		var rows []leagues.EventResult
		for i, e := range ev.entries {
			rows = append(rows, leagues.EventResult{EntryID: e.ID, Place: i + 1})
		}
		if err := lgs.ReplaceEventResults(ctx, ev.id, 1, rows); err != nil {
			t.Fatal(err)
		}
	}
	kept, merged := playerOf(t, one["a"]), playerOf(t, two["a"])
	before := statePlayers(t, st)

	m, err := lgs.MergePlayers(ctx, org, kept, merged)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.MovedEntryIDs, []int64{two["a"].ID}) || m.MergedMemberID != "77" {
		t.Errorf("merge record: %+v", m)
	}
	after := statePlayers(t, st)
	if after.Entries[two["a"].ID] != kept || after.Results[two["a"].ID] != kept || after.Players[kept].MemberID != "77" ||
		after.Players[merged].MemberID != "" || after.Players[merged].MergedInto == nil || *after.Players[merged].MergedInto != kept {
		t.Fatalf("after the merge: %+v", after)
	}
	if p, err := st.PlayerByMemberID(ctx, "77"); err != nil || p.ID != kept {
		t.Errorf("member 77 after the merge: %+v %v", p, err)
	}
	if p, err := st.LivePlayer(ctx, merged); err != nil || p.ID != kept {
		t.Errorf("the merged record leads to %+v %v", p, err)
	}
	// Merging again, or into a merged record, or into itself, is refused.
	for _, pair := range [][2]int64{{kept, merged}, {merged, kept}, {kept, kept}} {
		if _, err := lgs.MergePlayers(ctx, org, pair[0], pair[1]); err == nil {
			t.Errorf("merge %d into %d accepted", pair[1], pair[0])
		}
	}

	if err := lgs.UndoMerge(ctx, org, m.ID); err != nil {
		t.Fatal(err)
	}
	if got := statePlayers(t, st); !reflect.DeepEqual(got, before) {
		t.Errorf("after the undo:\n%+v\nbefore the merge:\n%+v", got, before)
	}
	if err := lgs.UndoMerge(ctx, org, m.ID); !errors.Is(err, storage.ErrConflict) {
		t.Errorf("second undo: %v", err)
	}

	// A merge whose kept record was merged on is undone last.
	m1, err := lgs.MergePlayers(ctx, org, kept, merged)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := lgs.MergePlayers(ctx, org, playerOf(t, one["b"]), kept)
	if err != nil {
		t.Fatal(err)
	}
	if err := lgs.UndoMerge(ctx, org, m1.ID); !errors.Is(err, storage.ErrConflict) {
		t.Errorf("undo under a later merge: %v", err)
	}
	if err := lgs.UndoMerge(ctx, org, m2.ID); err != nil {
		t.Fatal(err)
	}
	if err := lgs.UndoMerge(ctx, org, m1.ID); err != nil {
		t.Fatal(err)
	}
	if got := statePlayers(t, st); !reflect.DeepEqual(got, before) {
		t.Errorf("after undoing both:\n%+v\nbefore:\n%+v", got, before)
	}
}

// Possible duplicates are players of the store's events with names alike,
// at least one without a member number; another store's players are not
// in the list.
func TestLikelyDuplicates(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	here, there := firstStore(t, st), storeNamed(t, st, "Elsewhere")
	_, a := seeded(t, st, seedEvent{Name: "A", Day: "2026-01-01", Store: here, Players: []seedPlayer{
		{"v", "Vegeta", ""}, {"g", "Goku", "1"}, {"p", "Piccolo", "3"}}})
	_, b := seeded(t, st, seedEvent{Name: "B", Day: "2026-01-08", Store: here, Players: []seedPlayer{
		{"v", "vegeta ", ""}, {"g", "goku", "2"}, {"p", "Piccolo", ""}}})
	seeded(t, st, seedEvent{Name: "C", Day: "2026-01-08", Store: there, Players: []seedPlayer{{"v", "Végeta", ""}}})
	groups, err := lgs.LikelyDuplicates(ctx, here)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]int64{}
	for _, g := range groups {
		for _, p := range g.Players {
			got[g.NameKey] = append(got[g.NameKey], p.ID)
			if p.Events != 1 || p.LastPlayed.IsZero() {
				t.Errorf("%s: %+v", g.NameKey, p)
			}
		}
	}
	want := map[string][]int64{
		"piccolo": {playerOf(t, a["p"]), playerOf(t, b["p"])},
		"vegeta":  {playerOf(t, a["v"]), playerOf(t, b["v"])},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("duplicates: %v, want %v", got, want)
	}
	if _, err := lgs.MergePlayers(ctx, org, playerOf(t, a["v"]), playerOf(t, b["v"])); err != nil {
		t.Fatal(err)
	}
	if groups, _ = lgs.LikelyDuplicates(ctx, here); len(groups) != 1 || groups[0].NameKey != "piccolo" {
		t.Errorf("after merging the Vegetas: %+v", groups)
	}
}

func TestPlayerSettings(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	_, es := seeded(t, st, seedEvent{Name: "A", Day: "2026-01-01", Players: []seedPlayer{{"a", "Bulma", ""}, {"b", "Bulma", ""}}})
	id := playerOf(t, es["a"])
	if err := leagues.New(st).SetPlayerPublic(ctx, org, id, true); err != nil {
		t.Fatal(err)
	}
	if err := leagues.New(st).SetPlayerPassword(ctx, org, id, "hash"); err != nil {
		t.Fatal(err)
	}
	gen, err := leagues.New(st).NewPlayerLinkGeneration(ctx, org, id)
	if err != nil || gen != 2 {
		t.Fatalf("new link generation %d, %v", gen, err)
	}
	p, _ := st.PlayerByID(ctx, id)
	if !p.Public || !p.HasPassword() || p.LinkGeneration != 2 {
		t.Errorf("after the settings: %+v", p)
	}
	if err := leagues.New(st).SetPlayerPassword(ctx, org, id, ""); err != nil {
		t.Fatal(err)
	}
	if p, _ = st.PlayerByID(ctx, id); p.HasPassword() || p.PasswordHash != nil {
		t.Errorf("password not cleared: %+v", p)
	}
	audit, _ := st.AuditLogFor(ctx, "player", id)
	if len(audit) != 4 {
		t.Errorf("%d audit rows, want 4", len(audit))
	}
	for _, a := range audit {
		if a.Action == "set-password" && (strings.Contains(a.BeforeJSON, `"hash"`) || strings.Contains(a.AfterJSON, `"hash"`)) {
			t.Errorf("password hash in the audit log: %+v", a)
		}
	}
	if _, err := lgs.MergePlayers(ctx, org, playerOf(t, es["b"]), id); err != nil {
		t.Fatal(err)
	}
	if err := leagues.New(st).SetPlayerPublic(ctx, org, id, false); !errors.Is(err, storage.ErrPlayerGone) {
		t.Errorf("a merged record changed: %v", err)
	}
}
