package leagues_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
)

var ctx = context.Background()

var org = storage.Actor{Name: "org"}

func newEvent(name string) *storage.Event {
	return &storage.Event{Name: name, Game: "fusion-world", Format: "fw-standard",
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3, Seed: 42}
}

// seedPlayer is a player of a seeded event: the key matches use, the name
// and member number given.
type seedPlayer struct {
	Key, Name, Member string
}

// seedMatch is a match of a seeded event: P2 "" is a bye; Status ""
// is confirmed.
type seedMatch struct {
	P1, P2, Result, Status string
}

// seedEvent describes an event for seeded: its rounds of Swiss matches
// and, after them, its top-cut rounds.
type seedEvent struct {
	Name, Game, Format, Day, Status string
	Store                           int64
	Players                         []seedPlayer
	Swiss, TopCut                   [][]seedMatch
	Penalties                       []eventfile.ImportedPenalty
}

var tokens int

// seeded imports the event in one go and returns it with its entries by
// key.
func seeded(t testing.TB, st *storage.Store, se seedEvent) (*storage.Event, map[string]storage.Entry) {
	t.Helper()
	day, err := time.Parse(time.DateOnly, se.Day)
	if err != nil {
		t.Fatal(err)
	}
	ev := storage.Event{Name: se.Name, Game: se.Game, Format: se.Format, StartsOn: day, RoundMinutes: 35, TopCutBestOf: 3,
		Seed: 7, Status: se.Status, StoreID: se.Store}
	if ev.Game == "" {
		ev.Game = "fusion-world"
	}
	if ev.Format == "" {
		ev.Format = "fw-standard"
	}
	if ev.Status == "" {
		ev.Status = storage.StatusFinished
	}
	in := &eventfile.EventImport{Event: ev, Penalties: se.Penalties}
	for _, p := range se.Players {
		in.Entries = append(in.Entries, eventfile.ImportedEntry{Key: p.Key, Entry: storage.Entry{PlayerName: p.Name, MemberID: p.Member}})
	}
	number := 0
	for _, rounds := range []struct {
		kind   string
		rounds [][]seedMatch
	}{{storage.KindSwiss, se.Swiss}, {storage.KindTopCut, se.TopCut}} {
		for _, ms := range rounds.rounds {
			number++
			r := eventfile.ImportedRound{Round: storage.Round{Number: number, Kind: rounds.kind, Status: storage.RoundFinished, LengthSeconds: 2100}}
			for _, m := range ms {
				im := eventfile.ImportedMatch{P1: m.P1, P2: m.P2, Match: storage.Match{Result: m.Result, Status: m.Status}}
				if m.P2 == "" {
					im.Match.Result = storage.ResultBye
				}
				if im.Match.Status == "" {
					im.Match.Status = storage.MatchConfirmed
				}
				r.Matches = append(r.Matches, im)
			}
			in.Rounds = append(in.Rounds, r)
		}
	}
	res, err := eventfile.New(st).ImportEvent(ctx, org, in, func(id int64, gen int) string {
		tokens++
		return fmt.Sprintf("seed-%d-%d-%d", id, gen, tokens)
	})
	if err != nil {
		t.Fatalf("seed %s: %v", se.Name, err)
	}
	es, err := st.Entries(ctx, res.Event.ID)
	if err != nil {
		t.Fatal(err)
	}
	byKey := map[string]storage.Entry{}
	for i, p := range se.Players {
		byKey[p.Key] = es[i]
	}
	return res.Event, byKey
}

// storeNamed makes a store.
func storeNamed(t testing.TB, st *storage.Store, name string) int64 {
	t.Helper()
	sh := &accounts.Shop{Name: name}
	if err := accounts.New(st).CreateShop(ctx, org, sh); err != nil {
		t.Fatal(err)
	}
	return sh.ID
}

// firstStore is the store every database starts with.
func firstStore(t testing.TB, st *storage.Store) int64 {
	t.Helper()
	sh, err := accounts.New(st).FirstShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return sh.ID
}

// playerOf is the player an entry is linked to.
func playerOf(t testing.TB, e storage.Entry) int64 {
	t.Helper()
	if e.PlayerID == nil {
		t.Fatalf("entry %d (%s) has no player", e.ID, e.PlayerName)
	}
	return *e.PlayerID
}

// day is a date as events and seasons keep it.
func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}
