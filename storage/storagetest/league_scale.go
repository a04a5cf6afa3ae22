package storagetest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Issue 27's scale: 100 stores, 20,000 players (200 a store), 2,000
// events (20 a store, weekly, 40 players each), 200,000 matches (five
// Swiss rounds of 20), with every event's results stored. The league
// benchmarks of storage/leagues and of the server's pages seed it.
const (
	LeagueStores         = 100
	LeaguePlayersAStore  = 200
	LeagueEventsAStore   = 20
	LeaguePlayersAnEvent = 40
	LeagueRounds         = 5
)

// SeedLeagueScale fills the database with issue 27's scale in bulk, with plain multi-row inserts
// (the storage methods would take minutes), then has it analysed.
func SeedLeagueScale(b testing.TB, st *storage.Store) {
	rnd := rand.New(rand.NewPCG(27, 27))
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var stores, players [][]any
	for s := 2; s <= LeagueStores; s++ {
		stores = append(stores, []any{s, fmt.Sprintf("Store %d", s), now, now})
	}
	for p := 1; p <= LeagueStores*LeaguePlayersAStore; p++ {
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
	for s := 1; s <= LeagueStores; s++ {
		for w := range LeagueEventsAStore {
			ev := len(events) + 1
			date := time.Date(2025, 1, 6, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*w)
			events = append(events, []any{ev, fmt.Sprintf("Store %d week %d", s, w+1), "fusion-world", "fw-standard", date, 1, "finished", s, now, now})
			field := make([]int, LeaguePlayersAnEvent) // entry ids
			record := make(map[int]*[3]int, LeaguePlayersAnEvent)
			for i, k := range rnd.Perm(LeaguePlayersAStore)[:LeaguePlayersAnEvent] {
				entryID++
				p := (s-1)*LeaguePlayersAStore + k + 1
				entries = append(entries, []any{entryID, ev, fmt.Sprintf("Player %d", p), "", fmt.Sprintf("bench-%d", entryID), now, now, p})
				field[i], record[entryID] = entryID, &[3]int{}
			}
			for r := 1; r <= LeagueRounds; r++ {
				roundID++
				rounds = append(rounds, []any{roundID, ev, r, "swiss", "finished", 2100, now})
				order := rnd.Perm(LeaguePlayersAnEvent)
				for t := 0; t < LeaguePlayersAnEvent; t += 2 {
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
			for place, i := range rnd.Perm(LeaguePlayersAnEvent) {
				e := field[i]
				rec := record[e]
				p := entries[e-1][7]
				results = append(results, []any{ev, e, p, place + 1, place + 1, 3*rec[0] + rec[2], rec[0], rec[1], rec[2]})
			}
			versions = append(versions, []any{ev, 1, LeaguePlayersAnEvent, now})
		}
	}
	bulkInsert(b, st, "events", "id, name, game, format, starts_on, seed, status, store_id, created_at, updated_at", events)
	bulkInsert(b, st, "entries", "id, event_id, player_name, member_id, token_hash, created_at, updated_at, player_id", entries)
	bulkInsert(b, st, "rounds", "id, event_id, number, kind, status, length_seconds, created_at", rounds)
	bulkInsert(b, st, "matches", "id, event_id, round_id, table_no, p1_entry_id, p2_entry_id, result, status, updated_at", matches)
	bulkInsert(b, st, "event_results", "event_id, entry_id, player_id, place, swiss_rank, match_points, wins, losses, draws", results)
	bulkInsert(b, st, "event_result_versions", "event_id, play_version, players, computed_at", versions)
	// The results were computed as each event finished, at its play version
	// then (the inserts above counted their changes): not stale, as on a
	// server, so the first page does not compute 2,000 events again.
	if _, err := st.SQL().ExecContext(context.Background(), `UPDATE event_result_versions SET play_version =
		(SELECT COALESCE(SUM(c.n), 0) FROM event_changes c WHERE c.event_id = event_result_versions.event_id)`); err != nil {
		b.Fatal(err)
	}
	if _, err := st.SQL().ExecContext(context.Background(), "ANALYZE"); err != nil {
		b.Fatal(err)
	}
}

// bulkInsert inserts rows (values in the order of cols) in statements of
// as many rows as the databases' limits on parameters allow.
func bulkInsert(b testing.TB, st *storage.Store, table, cols string, rows [][]any) {
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
	tx, err := db.BeginTx(context.Background(), nil)
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
		if _, err := tx.ExecContext(context.Background(), q.String(), args...); err != nil {
			b.Fatalf("insert into %s: %v", table, err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}
