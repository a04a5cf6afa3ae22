package leagues_test

import (
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// A store's directory lists the live players of its own events only, by
// name, searched by part of the name or the exact member number, a page at
// a time; its merges are those of its players.
func TestStorePlayersAndMerges(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	home, other := firstStore(t, st), storeNamed(t, st, "Other")
	_, one := seeded(t, st, seedEvent{Name: "One", Day: "2026-01-01", Store: home, Players: []seedPlayer{
		{"a", "Son Goku", ""}, {"b", "Vegeta", "42"}, {"c", "Bulma", ""}}})
	_, two := seeded(t, st, seedEvent{Name: "Two", Day: "2026-01-08", Store: home, Players: []seedPlayer{{"a", "son gokū", ""}}})
	_, far := seeded(t, st, seedEvent{Name: "Far", Day: "2026-01-08", Store: other, Players: []seedPlayer{{"x", "Goku Black", ""}}})

	all, total, err := lgs.StorePlayers(ctx, home, "", 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	if total != 4 || len(all) != 4 || all[0].Name != "Bulma" {
		t.Fatalf("directory: %d players, %+v", total, all)
	}
	page2, total, err := lgs.StorePlayers(ctx, home, "", 2, 2)
	if err != nil || total != 4 || len(page2) != 2 || page2[0].ID != all[2].ID {
		t.Fatalf("second page: %+v (%d, %v)", page2, total, err)
	}
	goku, total, err := lgs.StorePlayers(ctx, home, "GOKU", 10, 0)
	if err != nil || total != 2 || len(goku) != 2 {
		t.Fatalf("search goku: %+v (%d, %v)", goku, total, err)
	}
	byNumber, _, err := lgs.StorePlayers(ctx, home, "42", 10, 0)
	if err != nil || len(byNumber) != 1 || byNumber[0].Name != "Vegeta" {
		t.Fatalf("search by member number: %+v (%v)", byNumber, err)
	}
	none, total, err := lgs.StorePlayers(ctx, home, "100%_", 10, 0)
	if err != nil || total != 0 || len(none) != 0 {
		t.Fatalf("search with wildcards: %+v (%d, %v)", none, total, err)
	}

	if ok, err := lgs.PlayedAtStore(ctx, home, playerOf(t, far["x"])); err != nil || ok {
		t.Errorf("another store's player played here: %v %v", ok, err)
	}
	if ok, err := lgs.PlayedAtStore(ctx, other, playerOf(t, far["x"])); err != nil || !ok {
		t.Errorf("the store's own player did not play there: %v %v", ok, err)
	}
	m, err := lgs.MergePlayers(ctx, org, playerOf(t, one["a"]), playerOf(t, two["a"]))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := lgs.StoreMerges(ctx, home, 10)
	if err != nil || len(ms) != 1 || ms[0].ID != m.ID || ms[0].KeptName != "Son Goku" || ms[0].MergedName != "son gokū" {
		t.Fatalf("store merges: %+v (%v)", ms, err)
	}
	if ms, err := lgs.StoreMerges(ctx, other, 10); err != nil || len(ms) != 0 {
		t.Errorf("another store sees the merge: %+v (%v)", ms, err)
	}
	if got, err := lgs.MergeByID(ctx, m.ID); err != nil || got.KeptID != m.KeptID {
		t.Errorf("merge by id: %+v (%v)", got, err)
	}
	// Merged on into another record, the first merge is still the store's.
	bulma := playerOf(t, one["c"])
	if _, err := lgs.MergePlayers(ctx, org, bulma, playerOf(t, one["a"])); err != nil {
		t.Fatal(err)
	}
	if ms, err := lgs.StoreMerges(ctx, home, 10); err != nil || len(ms) != 2 {
		t.Errorf("merges after a second one: %+v (%v)", ms, err)
	}
	for store, want := range map[int64]bool{home: true, other: false} {
		if ok, err := lgs.MergeOfStore(ctx, store, m); err != nil || ok != want {
			t.Errorf("merge of store %d: %v (%v), want %v", store, ok, err, want)
		}
	}
	stores, err := lgs.PlayerStoreIDs(ctx, bulma)
	if err != nil || len(stores) != 1 || stores[0] != home {
		t.Errorf("player's stores: %v (%v)", stores, err)
	}
	if _, total, _ := lgs.StorePlayers(ctx, home, "", 10, 0); total != 2 {
		t.Errorf("after the merges the directory has %d players, want 2", total)
	}
}
