package eventfile_test

import (
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

func importFixture() *eventfile.EventImport {
	e := newEvent("Imported")
	e.Status = storage.StatusRunning
	e.Tiebreakers, e.EndOfRound, e.PointsWin, e.PointsDraw, e.PointsBye = "bandai", "draw", 3, 1, 3
	return &eventfile.EventImport{
		Event: *e,
		Entries: []eventfile.ImportedEntry{
			{Key: "a", Entry: storage.Entry{PlayerName: "Ann", DeckText: "1 FB01-001", DeckStatus: storage.DeckLegal, DeckLeader: "FB01-001"}},
			{Key: "b", Entry: storage.Entry{PlayerName: "Bo"}},
			{Key: "c", Entry: storage.Entry{PlayerName: "Cy", DroppedRound: ptr(1)}},
		},
		Rounds: []eventfile.ImportedRound{{
			Round: storage.Round{Number: 1, Kind: storage.KindSwiss, Status: storage.RoundFinished, LengthSeconds: 2100},
			Matches: []eventfile.ImportedMatch{
				{P1: "a", P2: "b", Match: storage.Match{TableNo: ptr(1), Result: storage.ResultP1, P1Wins: 1, Status: storage.MatchConfirmed}},
				{P1: "c", Match: storage.Match{Result: storage.ResultBye, Status: storage.MatchConfirmed}},
			},
		}},
		Penalties: []eventfile.ImportedPenalty{{Entry: "b", At: eventfile.MatchRef{Round: 1, Match: 1},
			Penalty: judging.RulingPenalty{Kind: "warning", Infraction: "Slow play", JudgeName: "jules", CreatedAt: time.Date(2026, 12, 12, 10, 0, 0, 0, time.UTC)}}},
	}
}

func TestImportEventWritesEverythingInOneGo(t *testing.T) {
	st := storagetest.New(t)
	ef := eventfile.New(st)
	res, err := ef.ImportEvent(ctx, org, importFixture(), func(id int64, gen int) string {
		return "hash-" + strconv.Itoa(gen) + "-" + strconv.FormatInt(id, 10)
	})
	if err != nil {
		t.Fatal(err)
	}
	ev := res.Event
	es, _ := st.Entries(ctx, ev.ID)
	if len(es) != 3 || es[0].PlayerName != "Ann" || es[0].DeckLeader != "FB01-001" || es[0].TokenGeneration != 1 ||
		es[0].TokenHash[:5] != "hash-" || es[2].DroppedRound == nil || *es[2].DroppedRound != 1 {
		t.Fatalf("entries: %+v", es)
	}
	rs, _ := st.Rounds(ctx, ev.ID)
	ms, _ := st.EventMatches(ctx, ev.ID, rs)
	if len(ms[1]) != 2 || ms[1][0].P1EntryID != es[0].ID || *ms[1][0].P2EntryID != es[1].ID || ms[1][0].Result != storage.ResultP1 ||
		ms[1][1].P2EntryID != nil || ms[1][1].Result != storage.ResultBye {
		t.Fatalf("matches: %+v", ms)
	}
	ps, _ := ef.PenaltiesForExport(ctx, ev.ID)
	if len(ps) != 1 || ps[0].EntryID != es[1].ID || ps[0].MatchID == nil || *ps[0].MatchID != ms[1][0].ID || ps[0].JudgeName != "jules" {
		t.Fatalf("penalties: %+v", ps)
	}
	log, _ := st.AuditLogFor(ctx, "event", ev.ID)
	if len(log) != 1 || log[0].Action != "import" {
		t.Fatalf("audit: %+v", log)
	}
}

func TestImportEventWritesNothingOnAnError(t *testing.T) {
	st := storagetest.New(t)
	ef := eventfile.New(st)
	in := importFixture()
	// Everything is valid up to the last penalty, which names nobody: the
	// event, entries, rounds and matches written before it must go too.
	in.Penalties = append(in.Penalties, eventfile.ImportedPenalty{Entry: "zz", Penalty: judging.RulingPenalty{Kind: "caution", Infraction: "x"}})
	if _, err := ef.ImportEvent(ctx, org, in, nil); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("import with an unknown player: %v", err)
	}
	in = importFixture()
	in.Rounds[0].Matches[0].P2 = "nobody"
	if _, err := ef.ImportEvent(ctx, org, in, nil); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("import with an unknown opponent: %v", err)
	}
	// A report by someone who does not play the match, and a ruling naming
	// a penalty the file does not have, are refused the same way.
	in = importFixture()
	in.Rounds[0].Matches[0].Reports = []eventfile.ImportedReport{{Entry: "c", Report: storage.Report{Result: storage.ResultP1}}}
	if _, err := ef.ImportEvent(ctx, org, in, nil); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("import with a stranger's report: %v", err)
	}
	in = importFixture()
	in.Rulings = []eventfile.ImportedRuling{{Penalty: 2, Ruling: judging.Ruling{Note: "x", JudgeName: "jules"}}}
	if _, err := ef.ImportEvent(ctx, org, in, nil); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("import with a ruling on a missing penalty: %v", err)
	}
	es, err := st.Events(ctx)
	if err != nil || len(es) != 0 {
		t.Fatalf("events after failed imports: %d (%v)", len(es), err)
	}
	for _, table := range []string{"entries", "rounds", "matches", "reports", "penalties", "rulings", "audit_log"} {
		var n int
		if err := st.SQL().QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%s after failed imports: %d rows (%v)", table, n, err)
		}
	}
}

// Each entry has a random tiebreak key from its creation (never 0), which
// no update changes; an import keeps the key the file gives and draws one
// where it gives none.
func TestEntryRandomKey(t *testing.T) {
	st := storagetest.New(t)
	ef := eventfile.New(st)
	actor := storage.Actor{Name: "org"}
	e := newEvent("Keys")
	if err := st.CreateEvent(ctx, actor, e); err != nil {
		t.Fatal(err)
	}
	a := &storage.Entry{EventID: e.ID, PlayerName: "Ann", TokenHash: "tok-ann"}
	b := &storage.Entry{EventID: e.ID, PlayerName: "Bo", TokenHash: "tok-bo"}
	for _, en := range []*storage.Entry{a, b} {
		if err := st.CreateEntry(ctx, actor, en); err != nil {
			t.Fatal(err)
		}
	}
	if a.RandomKey == 0 || b.RandomKey == 0 || a.RandomKey == b.RandomKey {
		t.Fatalf("keys %d and %d", a.RandomKey, b.RandomKey)
	}
	read, _ := st.EntryByID(ctx, e.ID, a.ID)
	key := read.RandomKey
	read.RandomKey, read.PlayerName = 7, "Ann B."
	if err := st.UpdateEntry(ctx, actor, "rename", read); err != nil {
		t.Fatal(err)
	}
	if again, _ := st.EntryByID(ctx, e.ID, a.ID); again.RandomKey != key || again.PlayerName != "Ann B." || key != a.RandomKey {
		t.Fatalf("after an update: key %d (was %d), name %q", again.RandomKey, key, again.PlayerName)
	}

	in := importFixture()
	in.Entries[0].Entry.RandomKey = -5 // the bits of a uint64 above 2^63
	res, err := ef.ImportEvent(ctx, actor, in, nil)
	if err != nil {
		t.Fatal(err)
	}
	ev := res.Event
	es, _ := st.Entries(ctx, ev.ID)
	if es[0].RandomKey != -5 || es[1].RandomKey == 0 || es[2].RandomKey == 0 {
		t.Fatalf("imported keys: %d %d %d", es[0].RandomKey, es[1].RandomKey, es[2].RandomKey)
	}
}
