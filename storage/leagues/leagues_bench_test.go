package leagues_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// Issue 27's scale: 100 stores, 20,000 players (200 a store), 2,000
// events (20 a store, weekly, 40 players each), 200,000 matches (five
// Swiss rounds of 20), with every event's results stored.
const (
	benchStores         = 100
	benchPlayersAStore  = 200
	benchEventsAStore   = 20
	benchPlayersAnEvent = 40
	benchRounds         = 5
)

// BenchmarkLeagues measures, on the test backend, the reads of the league
// pages and a full rating recompute at issue 27's scale: a store season's
// leaderboard (20 events, 800 results), a regional league's (10 stores,
// 200 events, 8,000 results), the check a cached board costs (SeasonState)
// for each,
// a player's profile and everything about a player, and the recompute of
// every rating from the 200,000 matches. Figures: docs/performance.md.
//
//	go test ./storage/ -run '^$' -bench Leagues -benchtime 200x
//	TENKAICHI_TEST_DB=postgres go test ./storage/ -run '^$' -bench Leagues -benchtime 200x
func BenchmarkLeagues(b *testing.B) {
	st := storagetest.New(b)
	lgs := leagues.New(st)
	start := time.Now()
	seedLeagueScale(b, st)
	b.Logf("%s: seeded in %s", storagetest.Backend(), time.Since(start).Round(time.Millisecond))
	store := int64(1)
	season := &leagues.Season{Name: "2025", Game: "fusion-world", StartsOn: day("2025-01-01"), EndsOn: day("2025-12-31"), StoreID: &store,
		PointsByPlacing: []int{10, 8, 6, 6, 4, 4, 4, 4}, PointsAttendance: 1, PointsWin: 1, BestN: 10, FinalCut: 8}
	leagueStores := make([]int64, 10)
	for i := range leagueStores {
		leagueStores[i] = int64(i + 1)
	}
	regional := *season
	regional.Name, regional.StoreID, regional.StoreIDs = "Regional 2025", nil, leagueStores
	for _, se := range []*leagues.Season{season, &regional} {
		if err := lgs.CreateSeason(ctx, org, se); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("season-leaderboard", func(b *testing.B) { benchBoard(b, st, season.ID, 150) })
	b.Run("league-leaderboard", func(b *testing.B) { benchBoard(b, st, regional.ID, 1500) })
	b.Run("season-state", func(b *testing.B) { benchState(b, st, season.ID) })
	b.Run("league-state", func(b *testing.B) { benchState(b, st, regional.ID) })
	played := playersOfStore(b, st, store)
	b.Run("player-profile", func(b *testing.B) {
		i := 0
		for b.Loop() {
			i++
			if p, err := lgs.PlayerProfileOf(ctx, played[i%len(played)]); err != nil || len(p.Entries) == 0 {
				b.Fatalf("%+v %v", p, err)
			}
		}
	})
	b.Run("player-data", func(b *testing.B) {
		i := 0
		for b.Loop() {
			i++
			d, err := lgs.PlayerDataOf(ctx, played[i%len(played)])
			if err != nil || len(d.Matches) == 0 || len(d.Seasons) == 0 {
				b.Fatalf("%+v %v", d, err)
			}
		}
	})
	b.Run("rating-recompute", func(b *testing.B) {
		for b.Loop() {
			run, err := lgs.RecomputeRatings(ctx, "fusion-world")
			if err != nil || run.Matches < 180000 {
				b.Fatalf("%+v %v", run, err)
			}
		}
	})
}

// benchBoard reads a season's board, of at least least rows.
func benchBoard(b *testing.B, st *storage.Store, seasonID int64, least int) {
	for b.Loop() {
		board, err := leagues.New(st).SeasonLeaderboard(ctx, seasonID)
		if err != nil || len(board.Board.Rows) < least {
			b.Fatalf("%d rows, %v", len(board.Board.Rows), err)
		}
	}
}

// playersOfStore lists the players who played at the store.
func playersOfStore(b *testing.B, st *storage.Store, store int64) []int64 {
	rows, err := st.SQL().QueryContext(ctx, `SELECT DISTINCT e.player_id FROM entries e JOIN events v ON v.id = e.event_id WHERE v.store_id = $1 ORDER BY e.player_id`, store)
	if err != nil {
		b.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			b.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

// benchState reads a season's state: what a request for a cached board costs.
func benchState(b *testing.B, st *storage.Store, seasonID int64) {
	for b.Loop() {
		if _, err := leagues.New(st).SeasonStateOf(ctx, seasonID); err != nil {
			b.Fatal(err)
		}
	}
}

// seedLeagueScale fills the database in bulk, with plain multi-row inserts
// (the storage methods would take minutes), then has it analysed.
func seedLeagueScale(b *testing.B, st *storage.Store) {
	rnd := rand.New(rand.NewPCG(27, 27))
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var stores, players [][]any
	for s := 2; s <= benchStores; s++ {
		stores = append(stores, []any{s, fmt.Sprintf("Store %d", s), now, now})
	}
	for p := 1; p <= benchStores*benchPlayersAStore; p++ {
		member := ""
		if p%2 == 0 {
			member = fmt.Sprintf("BT%06d", p)
		}
		players = append(players, []any{p, fmt.Sprintf("Player %d", p), fmt.Sprintf("player %d", p), member, now, now})
	}
	bulkInsert(b, st, "stores", "id, name, created_at, updated_at", stores)
	bulkInsert(b, st, "players", "id, name, name_key, member_id, created_at, updated_at", players)
	var events, entries, rounds, matches, results, versions [][]any
	entryID, roundID, matchID := 0, 0, 0
	for s := 1; s <= benchStores; s++ {
		for w := range benchEventsAStore {
			ev := len(events) + 1
			date := time.Date(2025, 1, 6, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*w)
			events = append(events, []any{ev, fmt.Sprintf("Store %d week %d", s, w+1), "fusion-world", "fw-standard", date, 1, "finished", s, now, now})
			field := make([]int, benchPlayersAnEvent) // entry ids
			record := make(map[int]*[3]int, benchPlayersAnEvent)
			for i, k := range rnd.Perm(benchPlayersAStore)[:benchPlayersAnEvent] {
				entryID++
				p := (s-1)*benchPlayersAStore + k + 1
				entries = append(entries, []any{entryID, ev, fmt.Sprintf("Player %d", p), "", fmt.Sprintf("bench-%d", entryID), now, now, p})
				field[i], record[entryID] = entryID, &[3]int{}
			}
			for r := 1; r <= benchRounds; r++ {
				roundID++
				rounds = append(rounds, []any{roundID, ev, r, "swiss", "finished", 2100, now})
				order := rnd.Perm(benchPlayersAnEvent)
				for t := 0; t < benchPlayersAnEvent; t += 2 {
					matchID++
					p1, p2 := field[order[t]], field[order[t+1]]
					result := []string{"p1", "p2", "p1", "p2", "draw"}[rnd.IntN(5)]
					switch result {
					case "p1":
						record[p1][0]++
						record[p2][1]++
					case "p2":
						record[p2][0]++
						record[p1][1]++
					default:
						record[p1][2]++
						record[p2][2]++
					}
					matches = append(matches, []any{matchID, ev, roundID, t/2 + 1, p1, p2, result, "confirmed", now})
				}
			}
			for place, i := range rnd.Perm(benchPlayersAnEvent) {
				e := field[i]
				rec := record[e]
				p := entries[e-1][7]
				results = append(results, []any{ev, e, p, place + 1, place + 1, 3*rec[0] + rec[2], rec[0], rec[1], rec[2]})
			}
			versions = append(versions, []any{ev, 1, benchPlayersAnEvent, now})
		}
	}
	bulkInsert(b, st, "events", "id, name, game, format, starts_on, seed, status, store_id, created_at, updated_at", events)
	bulkInsert(b, st, "entries", "id, event_id, player_name, member_id, token_hash, created_at, updated_at, player_id", entries)
	bulkInsert(b, st, "rounds", "id, event_id, number, kind, status, length_seconds, created_at", rounds)
	bulkInsert(b, st, "matches", "id, event_id, round_id, table_no, p1_entry_id, p2_entry_id, result, status, updated_at", matches)
	bulkInsert(b, st, "event_results", "event_id, entry_id, player_id, place, swiss_rank, match_points, wins, losses, draws", results)
	bulkInsert(b, st, "event_result_versions", "event_id, play_version, players, computed_at", versions)
	if _, err := st.SQL().ExecContext(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
}

// bulkInsert inserts rows (values in the order of cols) in statements of
// as many rows as the databases' limits on parameters allow.
func bulkInsert(b *testing.B, st *storage.Store, table, cols string, rows [][]any) {
	b.Helper()
	db := st.SQL()
	// SQLite's driver binds numbered parameters by looking each up: "?"
	// keeps a statement of thousands of them fast.
	mark := func(int) string { return "?" }
	if st.Dialect() == storage.DialectPostgres {
		mark = func(i int) string { return fmt.Sprintf("$%d", i) }
	}
	if len(rows) == 0 {
		return
	}
	n := len(rows[0])
	per := 1000 / n
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	for start := 0; start < len(rows); start += per {
		chunk := rows[start:min(start+per, len(rows))]
		var q strings.Builder
		args := make([]any, 0, len(chunk)*n)
		q.WriteString("INSERT INTO " + table + " (" + cols + ") VALUES ")
		for i, r := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(")
			for j := range r {
				if j > 0 {
					q.WriteString(", ")
				}
				q.WriteString(mark(len(args) + j + 1))
			}
			q.WriteString(")")
			args = append(args, r...)
		}
		if _, err := tx.ExecContext(ctx, q.String(), args...); err != nil {
			b.Fatalf("insert into %s: %v", table, err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}
