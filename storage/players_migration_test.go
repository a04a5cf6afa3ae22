package storage_test

import (
	"math"
	"regexp"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// playersMigration is the version of migrations/*/000NN_players.sql, and
// originMigration the last of the migrations of issue 27.
const (
	playersMigration = 16
	originMigration  = 19
)

// oldEntry is an entry of a database from before players.
type oldEntry struct {
	id     int64
	event  int64
	name   string
	member string
}

// seedBeforePlayers fills a database migrated to just before players with
// three events and their entries, as an older Tenkaichi left them.
func seedBeforePlayers(t *testing.T, st *storage.Store) []oldEntry {
	t.Helper()
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := st.SQL().ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`INSERT INTO events (id, name, game, format, starts_on, seed, created_at, updated_at, store_id) VALUES
		(1, 'January', 'fusion-world', 'fw-standard', $1, 1, $4, $4, 1),
		(2, 'February', 'fusion-world', 'fw-standard', $2, 2, $4, $4, 1),
		(3, 'December', 'fusion-world', 'fw-standard', $3, 3, $4, $4, 1)`,
		day("2026-01-10"), day("2026-02-10"), day("2025-12-01"), now)
	entries := []oldEntry{
		{1, 1, "Goku", "111"}, {2, 1, "Vegeta", ""}, {3, 1, "Piccolo", "222"}, {4, 1, " vegeta", ""},
		{5, 2, "Son Goku", "111"}, {6, 2, "Végéta", ""}, {7, 2, "Piccolo Jr", "222"},
		// Typed in last, but the oldest event: not the latest name.
		{8, 3, "Kakarot", "111"},
	}
	for _, e := range entries {
		exec(`INSERT INTO entries (id, event_id, player_name, member_id, token_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
			e.id, e.event, e.name, e.member, "h"+e.name+e.member, now)
	}
	if st.Dialect() == storage.DialectPostgres {
		// Rows with ids of their own leave the sequence behind.
		exec(`SELECT setval(pg_get_serial_sequence('entries', 'id'), 100)`)
	}
	return entries
}

// A database from before players links every entry it holds: one player
// per member number, named as its latest entry (by event date, not by
// when it was typed in), and one player per entry without a member number,
// never merged by name. Events get an origin each. New entries then link
// to those players, and new players do not collide with them.
func TestMigrationLinksExistingEntries(t *testing.T) {
	st, err := storage.Open(ctx, storagetest.Config(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	migrateTo(t, st, playersMigration-1)
	entries := seedBeforePlayers(t, st)
	if _, err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}

	playerOf := map[int64]int64{}
	for _, e := range entries {
		got, err := st.EntryByID(ctx, e.event, e.id)
		if err != nil {
			t.Fatal(err)
		}
		if got.PlayerID == nil {
			t.Fatalf("entry %d (%s) has no player after the upgrade", e.id, e.name)
		}
		playerOf[e.id] = *got.PlayerID
	}
	for _, same := range [][]int64{{1, 5, 8}, {3, 7}} {
		for _, id := range same[1:] {
			if playerOf[id] != playerOf[same[0]] {
				t.Errorf("entries %d and %d share a member number but not a player: %d, %d", same[0], id, playerOf[same[0]], playerOf[id])
			}
		}
	}
	seen := map[int64]bool{}
	for _, id := range []int64{1, 2, 3, 4, 6} {
		if seen[playerOf[id]] {
			t.Errorf("entry %d shares player %d with another person: names are never merged", id, playerOf[id])
		}
		seen[playerOf[id]] = true
	}
	for id, want := range map[int64]string{1: "Son Goku", 3: "Piccolo Jr", 2: "Vegeta", 6: "Végéta"} {
		p, err := st.PlayerByID(ctx, playerOf[id])
		if err != nil {
			t.Fatal(err)
		}
		if p.Name != want {
			t.Errorf("player of entry %d is named %q, want %q", id, p.Name, want)
		}
		if p.NameKey != storage.NameKey(want) {
			t.Errorf("player %q has name key %q, want %q", p.Name, p.NameKey, storage.NameKey(want))
		}
	}
	var players int64
	if err := st.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM players`).Scan(&players); err != nil || players != 5 {
		t.Errorf("%d players after the upgrade (%v), want 5: two member numbers and three entries without", players, err)
	}
	checkAfterUpgrade(t, st, playerOf, seen)
}

// checkAfterUpgrade: new entries find the upgraded players by member
// number, a new player collides with none of them, every event has an
// origin of its own.
func checkAfterUpgrade(t *testing.T, st *storage.Store, playerOf map[int64]int64, seen map[int64]bool) {
	t.Helper()
	back := &storage.Entry{EventID: 2, PlayerName: "Goku", MemberID: "111", TokenHash: "new1"}
	fresh := &storage.Entry{EventID: 2, PlayerName: "Vegeta", TokenHash: "new2"}
	for _, e := range []*storage.Entry{back, fresh} {
		if err := st.CreateEntry(ctx, storage.Actor{Name: "t"}, e); err != nil {
			t.Fatal(err)
		}
	}
	if *back.PlayerID != playerOf[1] {
		t.Errorf("returning member 111 linked to player %d, want %d", *back.PlayerID, playerOf[1])
	}
	if seen[*fresh.PlayerID] || *fresh.PlayerID == playerOf[1] || *fresh.PlayerID == playerOf[3] {
		t.Errorf("new player %d collides with an upgraded one", *fresh.PlayerID)
	}
	hex := regexp.MustCompile(`^[0-9a-f]{32}$`)
	origins := map[string]bool{}
	es, _ := st.Events(ctx)
	for _, e := range es {
		if !hex.MatchString(e.Origin) || origins[e.Origin] {
			t.Errorf("event %d: origin %q after the upgrade", e.ID, e.Origin)
		}
		origins[e.Origin] = true
	}
}

// The migrations of issue 27 can be undone and done again on both
// databases.
func TestPlayersMigrationsDownAndUp(t *testing.T) {
	st, err := storage.Open(ctx, storagetest.Config(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// The event is made with today's model, so at today's schema; the
	// migrations after issue 27's are undone on the way down too.
	p := migrateTo(t, st, math.MaxInt64)
	e := &storage.Event{Name: "Cup", Game: "fusion-world", Format: "fw-standard", StartsOn: time.Now().UTC().Truncate(24 * time.Hour), RoundMinutes: 35, TopCutBestOf: 3}
	if err := st.CreateEvent(ctx, storage.Actor{Name: "t"}, e); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateEntry(ctx, storage.Actor{Name: "t"}, &storage.Entry{EventID: e.ID, PlayerName: "Goku", MemberID: "1", TokenHash: "h"}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.DownTo(ctx, playersMigration-1); err != nil {
		t.Fatalf("down: %v", err)
	}
	if _, err := p.UpTo(ctx, originMigration); err != nil {
		t.Fatalf("up again: %v", err)
	}
	es, err := st.Entries(ctx, e.ID)
	if err != nil || len(es) != 1 || es[0].PlayerID == nil {
		t.Fatalf("entries after down and up: %+v %v", es, err)
	}
}
