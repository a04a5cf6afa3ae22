package api

import (
	"context"
	"math"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing/league"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
)

// apiSeason is a public season's leaderboard (GET /api/v1/seasons/:id).
type apiSeason struct {
	ID        int64            `json:"id"`
	Name      string           `json:"name"`
	Game      string           `json:"game"`
	Format    *string          `json:"format"` // null: every format of the game
	StartsOn  string           `json:"starts_on"`
	EndsOn    string           `json:"ends_on"`
	Stores    []int64          `json:"stores"`
	League    bool             `json:"league"`
	Rules     apiSeasonRules   `json:"rules"`
	CutShared bool             `json:"cut_shared"`
	Rows      []apiSeasonRow   `json:"leaderboard"`
	Events    []apiSeasonEvent `json:"events"`
}

type apiSeasonRules struct {
	PointsByPlacing  []int    `json:"points_by_placing"`
	PointsAttendance int      `json:"points_attendance"`
	PointsWin        int      `json:"points_win"`
	PointsDraw       int      `json:"points_draw"`
	BestN            int      `json:"best_n"`
	MinPlayers       int      `json:"min_players"`
	FinalCut         int      `json:"final_cut"`
	Tiebreakers      []string `json:"tiebreakers"`
}

type apiSeasonRow struct {
	Place         int           `json:"place"`
	Position      int           `json:"position"`
	Player        int64         `json:"player"`
	Name          string        `json:"name"`
	Points        int           `json:"points"`
	EventsCounted int           `json:"events_counted"`
	EventsPlayed  int           `json:"events_played"`
	EventsWon     int           `json:"events_won"`
	BestPlacing   *int          `json:"best_placing"`
	MatchWins     int           `json:"match_wins"`
	InFinal       bool          `json:"in_final"`
	Tie           *apiSeasonTie `json:"tie"`
	Rating        *apiRating    `json:"rating"`
}

type apiSeasonTie struct {
	Key        string  `json:"key"` // "tie-decided" or "tie-shared"
	Tiebreaker *string `json:"tiebreaker"`
	Above      *int    `json:"above"`
	Below      *int    `json:"below"`
}

type apiRating struct {
	Rating    float64 `json:"rating"`
	Deviation float64 `json:"deviation"`
	Games     int     `json:"games"`
}

type apiSeasonEvent struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Date    string `json:"date"`
	Players int    `json:"players"`
	Counts  bool   `json:"counts"`
}

// Season is GET /api/v1/seasons/:id: a public season's leaderboard, its
// rules and the events it counts. A season that is not public answers 404
// like one that does not exist.
func (h *Handler) Season(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return apiError(c, 404, "no such season")
	}
	ctx := c.Request().Context()
	se, err := leagues.New(h.Store).SeasonByID(ctx, id)
	if err == nil && !se.Public {
		err = storage.ErrNotFound
	}
	if err == nil {
		var b *readmodel.SeasonBoard
		if b, err = h.keptBoard(ctx, id); err == nil {
			return apiJSON(c, seasonOut(b))
		}
	}
	if storage.IsNotFound(err) {
		return apiError(c, 404, "no such season")
	}
	return h.apiFail(c, err)
}

func seasonOut(b *readmodel.SeasonBoard) apiSeason {
	se := b.Season
	out := apiSeason{ID: se.ID, Name: se.Name, Game: se.Game, StartsOn: se.StartsOn.Format(time.DateOnly),
		EndsOn: se.EndsOn.Format(time.DateOnly), Stores: se.StoreIDs, League: se.IsLeague(), CutShared: b.Board.CutShared,
		Rules: apiSeasonRules{PointsByPlacing: se.PointsByPlacing, PointsAttendance: se.PointsAttendance, PointsWin: se.PointsWin,
			PointsDraw: se.PointsDraw, BestN: se.BestN, MinPlayers: se.MinPlayers, FinalCut: se.FinalCut, Tiebreakers: se.Tiebreakers},
		Rows: []apiSeasonRow{}, Events: []apiSeasonEvent{}}
	if se.Format != "" {
		out.Format = &se.Format
	}
	if se.StoreID != nil {
		out.Stores = []int64{*se.StoreID}
	}
	if out.Stores == nil {
		out.Stores = []int64{}
	}
	for _, r := range b.Board.Rows {
		row := apiSeasonRow{Place: r.Place, Position: r.Position, Player: r.Player, Name: b.Names[r.Player], Points: r.Points,
			EventsCounted: r.Counted, EventsPlayed: r.Attended, EventsWon: r.EventsWon, MatchWins: r.MatchWins, InFinal: r.InFinal}
		if r.BestPlacing > 0 {
			bp := r.BestPlacing
			row.BestPlacing = &bp
		}
		if r.Tie != nil {
			row.Tie = &apiSeasonTie{Key: r.Tie.Key}
			if r.Tie.Key == league.TieDecided {
				tb, above, below := r.Tie.Tiebreaker, r.Tie.Above, r.Tie.Below
				row.Tie.Tiebreaker, row.Tie.Above, row.Tie.Below = &tb, &above, &below
			}
		}
		if rt, ok := b.Ratings[r.Player]; ok {
			row.Rating = &apiRating{Rating: round1(rt.Rating), Deviation: round1(rt.Deviation), Games: rt.Matches}
		}
		out.Rows = append(out.Rows, row)
	}
	for _, e := range b.Events {
		out.Events = append(out.Events, apiSeasonEvent{ID: e.Event.ID, Name: e.Event.Name, Date: e.Event.StartsOn.Format(time.DateOnly),
			Players: e.Players, Counts: e.Counts})
	}
	return out
}

// round1 rounds to one decimal.
func round1(v float64) float64 { return math.Round(v*10) / 10 }

// keptBoard is the season's board, computed again only when the league
// version (read first, one query) changed.
func (h *Handler) keptBoard(ctx context.Context, id int64) (*readmodel.SeasonBoard, error) {
	v, err := leagues.New(h.Store).LeagueVersion(ctx)
	if err != nil {
		return nil, err
	}
	return h.boards.Get(strconv.FormatInt(id, 10), strconv.FormatInt(v, 10), func() (*readmodel.SeasonBoard, error) {
		// Shared by the requests waiting for it: not cancelled with this one.
		return readmodel.LoadSeasonBoard(context.WithoutCancel(ctx), h.Store, id)
	})
}
