package storage

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/pairing/league"
)

// countedEventsSQL is a query of the ids of the events that count for the
// season, and its arguments: see Season.
func (s *Store) countedEventsSQL(se *Season) (string, []any) {
	date := "?"
	if s.dialect == DialectPostgres {
		// Compared as dates, whatever the connection's time zone.
		date = "CAST(? AS DATE)"
	}
	var b strings.Builder
	var args []any
	b.WriteString(`SELECT v.id FROM events v WHERE v.status = 'finished' AND ((`)
	if se.StoreID != nil {
		b.WriteString(`v.store_id = ?`)
		args = append(args, *se.StoreID)
	} else {
		b.WriteString(`v.store_id IN (SELECT store_id FROM season_stores WHERE season_id = ?)`)
		args = append(args, se.ID)
	}
	b.WriteString(` AND v.game = ?`)
	args = append(args, se.Game)
	if se.Format != "" {
		b.WriteString(` AND v.format = ?`)
		args = append(args, se.Format)
	}
	// SQLite keeps a date as text that starts with YYYY-MM-DD: from the
	// first day, and before the day after the last.
	b.WriteString(` AND v.starts_on >= ` + date + ` AND v.starts_on < ` + date)
	args = append(args, se.StartsOn.Format(time.DateOnly), se.EndsOn.AddDate(0, 0, 1).Format(time.DateOnly))
	b.WriteString(` AND NOT EXISTS (SELECT 1 FROM season_events x WHERE x.season_id = ? AND x.event_id = v.id AND x.counts = ?))
		OR EXISTS (SELECT 1 FROM season_events x WHERE x.season_id = ? AND x.event_id = v.id AND x.counts = ?))`)
	args = append(args, se.ID, false, se.ID, true)
	return b.String(), args
}

// SeasonEventIDs lists the events that count for the season, by id.
func (s *Store) SeasonEventIDs(ctx context.Context, se *Season) ([]int64, error) {
	q, args := s.countedEventsSQL(se)
	var ids []int64
	err := s.read(ctx).Raw(q+` ORDER BY v.id`, args...).Find(&ids).Error
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

// SeasonStandings adds up the season in one query, as league.Tally does
// from SeasonEventResults (the tests hold the two to each other): each
// result's points, each player's best N, the tiebreak values. By player id.
func (s *Store) SeasonStandings(ctx context.Context, se *Season) ([]SeasonStanding, error) {
	counted, args := s.countedEventsSQL(se)
	r := se.Rules()
	bestN := r.BestN
	if bestN == 0 {
		bestN = math.MaxInt32
	}
	// The rules' numbers are checked integers: written into the query, so
	// it reads as the rules do.
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
	q := `WITH counted_events AS (` + counted + `),
		sized AS (SELECT r.event_id FROM event_results r WHERE r.event_id IN (SELECT id FROM counted_events)
			GROUP BY r.event_id HAVING COUNT(*) >= ` + itoa(r.MinPlayers) + `),
		pts AS (SELECT r.player_id, r.event_id, r.place, r.wins + r.byes AS mw,
			` + placing + ` + ` + itoa(r.PointsAttendance) + ` + (r.wins + r.byes) * ` + itoa(r.PointsWin) + ` + r.draws * ` + itoa(r.PointsDraw) + ` AS points
			FROM event_results r WHERE r.event_id IN (SELECT event_id FROM sized)),
		ranked AS (SELECT pts.*, ROW_NUMBER() OVER (PARTITION BY player_id ORDER BY points DESC, event_id) AS k FROM pts),
		agg AS (SELECT player_id,
			SUM(CASE WHEN k <= ` + itoa(bestN) + ` THEN points ELSE 0 END) AS points,
			SUM(CASE WHEN k <= ` + itoa(bestN) + ` THEN 1 ELSE 0 END) AS counted,
			COUNT(*) AS attended,
			SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END) AS events_won,
			COALESCE(MIN(CASE WHEN place >= 1 THEN place END), 0) AS best_placing,
			SUM(mw) AS match_wins
			FROM ranked GROUP BY player_id)
		SELECT agg.*, p.name FROM agg JOIN players p ON p.id = agg.player_id ORDER BY agg.player_id`
	var rows []struct {
		PlayerID    int64
		Points      int
		Counted     int
		Attended    int
		EventsWon   int
		BestPlacing int
		MatchWins   int
		Name        string
	}
	if err := s.read(ctx).Raw(q, args...).Find(&rows).Error; err != nil {
		return nil, wrap("season standings", err)
	}
	out := make([]SeasonStanding, len(rows))
	for i, x := range rows {
		out[i] = SeasonStanding{Name: x.Name, Standing: league.Standing{
			Player: x.PlayerID, Points: x.Points, Counted: x.Counted, Dropped: x.Attended - x.Counted, Attended: x.Attended,
			EventsWon: x.EventsWon, BestPlacing: x.BestPlacing, MatchWins: x.MatchWins,
		}}
	}
	return out, nil
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

// SeasonStateOf reads a season's state (three indexed queries).
func (s *Store) SeasonStateOf(ctx context.Context, seasonID int64) (*SeasonState, error) {
	se, err := s.SeasonByID(ctx, seasonID)
	if err != nil {
		return nil, err
	}
	ids, err := s.SeasonEventIDs(ctx, se)
	if err != nil {
		return nil, err
	}
	vs, err := s.EventsVersions(ctx, ids)
	if err != nil {
		return nil, err
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
// (the rule of Season, in one query), the latest first.
func (s *Store) PlayerSeasonIDs(ctx context.Context, playerID int64) ([]int64, error) {
	var ids []int64
	err := s.read(ctx).Raw(`SELECT se.id FROM seasons se WHERE EXISTS (
		SELECT 1 FROM entries e JOIN events v ON v.id = e.event_id
		WHERE e.player_id = ? AND v.status = ? AND (
			(v.game = se.game AND (se.format = '' OR v.format = se.format)
			 AND v.starts_on >= se.starts_on AND v.starts_on <= se.ends_on
			 AND (v.store_id = se.store_id OR v.store_id IN (SELECT ss.store_id FROM season_stores ss WHERE ss.season_id = se.id))
			 AND NOT EXISTS (SELECT 1 FROM season_events x WHERE x.season_id = se.id AND x.event_id = v.id AND x.counts = ?))
			OR EXISTS (SELECT 1 FROM season_events x WHERE x.season_id = se.id AND x.event_id = v.id AND x.counts = ?)))
		ORDER BY se.starts_on DESC, se.id DESC`, playerID, StatusFinished, false, true).Find(&ids).Error
	return ids, wrap("player seasons", err)
}
