package leagues

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/pairing/league"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// countedEventsSQL is a query of the ids (column id) of the events that
// count for the season, and its arguments: see Season. The events by rule
// and those added by hand are two selects, so the first can use the index
// on (store_id, starts_on).
func (s *Store) countedEventsSQL(se *Season) (string, []any) {
	date := "?"
	if s.postgres() {
		// Compared as dates, whatever the connection's time zone.
		date = "CAST(? AS DATE)"
	}
	var b strings.Builder
	var args []any
	b.WriteString(`SELECT v.id FROM events v WHERE `)
	if se.StoreID != nil {
		b.WriteString(`v.store_id = ?`)
		args = append(args, *se.StoreID)
	} else {
		b.WriteString(`v.store_id IN (SELECT store_id FROM season_stores WHERE season_id = ?)`)
		args = append(args, se.ID)
	}
	// SQLite keeps a date as text that starts with YYYY-MM-DD: from the
	// first day, and before the day after the last.
	b.WriteString(` AND v.starts_on >= ` + date + ` AND v.starts_on < ` + date + ` AND v.status = ? AND v.game = ?`)
	args = append(args, se.StartsOn.Format(time.DateOnly), se.EndsOn.AddDate(0, 0, 1).Format(time.DateOnly), storage.StatusFinished, se.Game)
	if se.Format != "" {
		b.WriteString(` AND v.format = ?`)
		args = append(args, se.Format)
	}
	b.WriteString(` AND NOT EXISTS (SELECT 1 FROM season_events x WHERE x.season_id = ? AND x.event_id = v.id AND x.counts = ?)
		UNION SELECT v.id FROM season_events x JOIN events v ON v.id = x.event_id WHERE x.season_id = ? AND x.counts = ? AND v.status = ?`)
	args = append(args, se.ID, false, se.ID, true, storage.StatusFinished)
	return b.String(), args
}

// SeasonEventIDs lists the events that count for the season, by id.
func (s *Store) SeasonEventIDs(ctx context.Context, se *Season) ([]int64, error) {
	q, args := s.countedEventsSQL(se)
	var ids []int64
	err := s.read(ctx).Raw(`SELECT id FROM (`+q+`) c ORDER BY id`, args...).Find(&ids).Error
	return ids, wrap("season events", err)
}

// SeasonEventResults reads the stored results of the season's events, as
// pairing/league takes them (events too small to count included: the
// rules leave them out), by event id.
func (s *Store) SeasonEventResults(ctx context.Context, se *Season) ([]league.Event, error) {
	q, args := s.countedEventsSQL(se)
	var rows []EventResult
	err := s.read(ctx).Raw(`SELECT r.* FROM event_results r WHERE r.event_id IN (`+q+`) ORDER BY r.event_id, r.place, r.entry_id`, args...).Find(&rows).Error
	if err != nil {
		return nil, wrap("season results", err)
	}
	var out []league.Event
	for _, r := range rows {
		if len(out) == 0 || out[len(out)-1].ID != r.EventID {
			out = append(out, league.Event{ID: r.EventID})
		}
		ev := &out[len(out)-1]
		ev.Results = append(ev.Results, league.Result{Player: r.PlayerID, Placing: r.Place, Wins: r.Wins, Losses: r.Losses, Draws: r.Draws, Byes: r.Byes})
	}
	return out, nil
}

// SeasonStanding is a player's season added up, with the player's name.
type SeasonStanding struct {
	league.Standing
	Name string
}

// seasonPointsSQL is a query of the season's results that count (events
// with at least the minimum of players), with each result's points (as
// pts: player_id, event_id, place, mw, points), and its arguments. The
// rules' numbers are checked integers, written into the query so it reads
// as the rules do.
func (s *Store) seasonPointsSQL(se *Season) (string, []any) {
	counted, args := s.countedEventsSQL(se)
	r := se.Rules()
	itoa := strconv.Itoa
	placing := "0"
	if len(r.PointsByPlacing) > 0 {
		var b strings.Builder
		b.WriteString("CASE r.place")
		for i, p := range r.PointsByPlacing {
			b.WriteString(" WHEN " + itoa(i+1) + " THEN " + itoa(p))
		}
		b.WriteString(" ELSE 0 END")
		placing = b.String()
	}
	return `WITH pts AS (SELECT r.player_id, r.event_id, r.place, r.wins + r.byes AS mw,
		` + placing + ` + ` + itoa(r.PointsAttendance) + ` + (r.wins + r.byes) * ` + itoa(r.PointsWin) + ` + r.draws * ` + itoa(r.PointsDraw) + ` AS points
		FROM event_results r WHERE r.event_id IN (SELECT c.id FROM (` + counted + `) c
			JOIN event_result_versions n ON n.event_id = c.id WHERE n.players >= ` + itoa(r.MinPlayers) + `))`, args
}

// SeasonStandings adds up the season, as league.Tally does from
// SeasonEventResults (the tests hold the two to each other): each result's
// points, sums and tiebreak values grouped by player in SQL, and, for the
// players who played more events than best N, their N best events (a
// second query reads those players' points). By player id.
func (s *Store) SeasonStandings(ctx context.Context, se *Season) ([]SeasonStanding, error) {
	pts, args := s.seasonPointsSQL(se)
	var rows []struct {
		PlayerID    int64
		Points      int
		Attended    int
		EventsWon   int
		BestPlacing int
		MatchWins   int
		Name        string
	}
	err := s.read(ctx).Raw(pts+` SELECT g.*, p.name FROM (SELECT player_id, SUM(points) AS points, COUNT(*) AS attended,
		SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END) AS events_won, COALESCE(MIN(CASE WHEN place >= 1 THEN place END), 0) AS best_placing,
		SUM(mw) AS match_wins FROM pts GROUP BY player_id) g JOIN players p ON p.id = g.player_id ORDER BY g.player_id`, args...).Find(&rows).Error
	if err != nil {
		return nil, wrap("season standings", err)
	}
	out := make([]SeasonStanding, len(rows))
	var over []int64 // players with more events than best N
	for i, x := range rows {
		out[i] = SeasonStanding{Name: x.Name, Standing: league.Standing{
			Player: x.PlayerID, Points: x.Points, Counted: x.Attended, Attended: x.Attended,
			EventsWon: x.EventsWon, BestPlacing: x.BestPlacing, MatchWins: x.MatchWins,
		}}
		if se.BestN > 0 && x.Attended > se.BestN {
			over = append(over, x.PlayerID)
		}
	}
	if len(over) > 0 {
		if err := s.bestN(ctx, se, out, over); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// bestN counts only the best N events of the players given (out is by
// player id).
func (s *Store) bestN(ctx context.Context, se *Season, out []SeasonStanding, players []int64) error {
	pts, args := s.seasonPointsSQL(se)
	var rows []struct {
		PlayerID int64
		Points   int
	}
	if err := s.read(ctx).Raw(pts+` SELECT player_id, points FROM pts WHERE player_id IN ?`, append(args, players)...).Find(&rows).Error; err != nil {
		return wrap("season best events", err)
	}
	byPlayer := map[int64][]int{}
	for _, r := range rows {
		byPlayer[r.PlayerID] = append(byPlayer[r.PlayerID], r.Points)
	}
	for i := range out {
		ps, ok := byPlayer[out[i].Player]
		if !ok {
			continue
		}
		slices.SortFunc(ps, func(a, b int) int { return b - a })
		st := &out[i].Standing
		st.Points, st.Counted, st.Dropped = 0, se.BestN, st.Attended-se.BestN
		for _, p := range ps[:se.BestN] {
			st.Points += p
		}
	}
	return nil
}

// SeasonBoard is a season's leaderboard with the players' names.
type SeasonBoard struct {
	Season *Season
	Board  league.Leaderboard
	Names  map[int64]string // by player id
}

// SeasonLeaderboard reads a season and ranks it (pairing/league) from the
// stored results: call SeasonState first and have its stale events
// computed again, or the board is that of the results as stored.
func (s *Store) SeasonLeaderboard(ctx context.Context, seasonID int64) (*SeasonBoard, error) {
	se, err := s.SeasonByID(ctx, seasonID)
	if err != nil {
		return nil, err
	}
	st, err := s.SeasonStandings(ctx, se)
	if err != nil {
		return nil, err
	}
	standings := make([]league.Standing, len(st))
	names := make(map[int64]string, len(st))
	for i, x := range st {
		standings[i] = x.Standing
		names[x.Player] = x.Name
	}
	return &SeasonBoard{Season: se, Board: league.Rank(se.Rules(), standings), Names: names}, nil
}

// SeasonState is what a season's pages check before they show its board.
type SeasonState struct {
	Season *Season
	// Events are the season's events with their versions.
	Events []EventVersions
	// Stale are those whose results must be computed (again) first.
	Stale []int64
	// Version changes whenever the board may have changed: the season,
	// which events count, their play versions and their results' versions.
	// A board cached under it is current while it is unchanged.
	Version string
}

// SeasonStateOf reads a season's state (two indexed queries, three for a
// league).
func (s *Store) SeasonStateOf(ctx context.Context, seasonID int64) (*SeasonState, error) {
	se, err := s.SeasonByID(ctx, seasonID)
	if err != nil {
		return nil, err
	}
	counted, args := s.countedEventsSQL(se)
	var vs []EventVersions
	err = s.read(ctx).Raw(`SELECT c.id AS event_id,
		(SELECT COALESCE(SUM(x.n), 0) FROM event_changes x WHERE x.event_id = c.id) AS play_version,
		COALESCE(r.play_version, 0) AS results_version
		FROM (`+counted+`) c LEFT JOIN event_result_versions r ON r.event_id = c.id ORDER BY c.id`, args...).Find(&vs).Error
	if err != nil {
		return nil, wrap("season event versions", err)
	}
	out := &SeasonState{Season: se, Events: vs}
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %d", se.ID, se.Version)
	for _, v := range vs {
		fmt.Fprintf(h, "|%d %d %d", v.EventID, v.PlayVersion, v.ResultsVersion)
		if v.Stale() {
			out.Stale = append(out.Stale, v.EventID)
		}
	}
	out.Version = fmt.Sprintf("%d.%d.%016x", se.ID, se.Version, h.Sum64())
	return out, nil
}

// PlayerSeasonIDs lists the seasons that count one of the player's events
// (the rule of Season), the latest first. It starts from the player's
// events: their stores' seasons, the leagues of their stores, and the
// seasons that added one of them by hand.
func (s *Store) PlayerSeasonIDs(ctx context.Context, playerID int64) ([]int64, error) {
	byRule := `v.game = se.game AND (se.format = '' OR v.format = se.format)
		AND v.starts_on >= se.starts_on AND v.starts_on <= se.ends_on
		AND NOT EXISTS (SELECT 1 FROM season_events x WHERE x.season_id = se.id AND x.event_id = v.id AND x.counts = ?)`
	mine := `FROM entries e JOIN events v ON v.id = e.event_id`
	where := ` WHERE e.player_id = ? AND v.status = ?`
	var rows []seasonStart
	err := s.read(ctx).Raw(`SELECT se.id, se.starts_on `+mine+` JOIN seasons se ON se.store_id = v.store_id AND `+byRule+where+`
		UNION SELECT se.id, se.starts_on `+mine+` JOIN season_stores ss ON ss.store_id = v.store_id JOIN seasons se ON se.id = ss.season_id AND `+byRule+where+`
		UNION SELECT se.id, se.starts_on `+mine+` JOIN season_events x ON x.event_id = v.id AND x.counts = ? JOIN seasons se ON se.id = x.season_id`+where,
		false, playerID, storage.StatusFinished, false, playerID, storage.StatusFinished, true, playerID, storage.StatusFinished).Find(&rows).Error
	if err != nil {
		return nil, wrap("player seasons", err)
	}
	slices.SortFunc(rows, func(a, b seasonStart) int {
		return cmp.Or(b.StartsOn.Compare(a.StartsOn.Time), cmp.Compare(b.ID, a.ID))
	})
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	return ids, nil
}

// seasonStart is a season's id and first day, to order seasons by.
type seasonStart struct {
	ID       int64
	StartsOn storage.DBTime
}
