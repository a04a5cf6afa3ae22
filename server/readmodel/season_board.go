package readmodel

import (
	"context"
	"slices"

	"github.com/tenkaichi-org/tenkaichi/pairing/league"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
)

// SeasonBoard is a season's leaderboard as its pages and the API show it:
// the ranked rows with the players' names and ratings, and the events that
// count, each with its number of players.
type SeasonBoard struct {
	Season  *leagues.Season
	Board   league.Leaderboard
	Names   map[int64]string               // by player id
	Ratings map[int64]leagues.PlayerRating // by player id; a player never rated is missing
	Events  []SeasonEvent                  // the counted events, by date
}

// SeasonEvent is an event that counts for a season.
type SeasonEvent struct {
	Event   *storage.Event
	Players int  // players with a result
	Counts  bool // it has the season's minimum of players
}

// LoadSeasonBoard reads a season's leaderboard: the results of its events
// are computed first where stale (FreshEventResults), and the game's
// ratings recomputed when an event finished or changed since the last
// recompute, so the board is never older than the events it counts.
func LoadSeasonBoard(ctx context.Context, st *storage.Store, seasonID int64) (*SeasonBoard, error) {
	lgs := leagues.New(st)
	state, err := lgs.SeasonStateOf(ctx, seasonID)
	if err != nil {
		return nil, err
	}
	if err := FreshEventResults(ctx, st, state.Stale); err != nil {
		return nil, err
	}
	sb, err := lgs.SeasonLeaderboard(ctx, seasonID)
	if err != nil {
		return nil, err
	}
	out := &SeasonBoard{Season: sb.Season, Board: sb.Board, Names: sb.Names}
	if out.Ratings, err = freshRatings(ctx, lgs, sb); err != nil {
		return nil, err
	}
	if out.Events, err = seasonEvents(ctx, st, lgs, sb.Season); err != nil {
		return nil, err
	}
	return out, nil
}

// freshRatings recomputes the season's game's ratings when they are stale
// and reads those of the board's players.
func freshRatings(ctx context.Context, lgs *leagues.Store, sb *leagues.SeasonBoard) (map[int64]leagues.PlayerRating, error) {
	game := sb.Season.Game
	stale, err := lgs.RatingsStale(ctx, game)
	if err != nil {
		return nil, err
	}
	if stale {
		if _, err := lgs.RecomputeRatings(ctx, game); err != nil {
			return nil, err
		}
	}
	ids := make([]int64, len(sb.Board.Rows))
	for i, r := range sb.Board.Rows {
		ids[i] = r.Player
	}
	return lgs.RatingsOf(ctx, game, ids)
}

// seasonEvents lists the counted events by date, each with its players.
func seasonEvents(ctx context.Context, st *storage.Store, lgs *leagues.Store, se *leagues.Season) ([]SeasonEvent, error) {
	results, err := lgs.SeasonEventResults(ctx, se)
	if err != nil {
		return nil, err
	}
	players := make(map[int64]int, len(results))
	for _, ev := range results {
		players[ev.ID] = len(ev.Results)
	}
	ids, err := lgs.SeasonEventIDs(ctx, se)
	if err != nil {
		return nil, err
	}
	out := make([]SeasonEvent, 0, len(ids))
	for _, id := range ids {
		ev, err := st.EventByID(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, SeasonEvent{Event: ev, Players: players[id], Counts: players[id] >= se.MinPlayers && players[id] > 0})
	}
	slices.SortStableFunc(out, func(a, b SeasonEvent) int { return a.Event.StartsOn.Compare(b.Event.StartsOn) })
	return out, nil
}
