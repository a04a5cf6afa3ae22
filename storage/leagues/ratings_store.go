package leagues

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"time"

	"github.com/tenkaichi-org/tenkaichi/pairing/rating"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"gorm.io/gorm/clause"
)

// PlayerRating is a player's Glicko-2 rating in one game (pairing/rating),
// from a full recompute (RecomputeRatings).
type PlayerRating struct {
	Game       string    `json:"game" gorm:"primaryKey"`
	PlayerID   int64     `json:"player_id" gorm:"primaryKey;autoIncrement:false"`
	Rating     float64   `json:"rating"`
	Deviation  float64   `json:"deviation"`
	Volatility float64   `json:"volatility"`
	Matches    int       `json:"matches"` // rated games
	ComputedAt time.Time `json:"computed_at"`
	// BasisVersion is the RatingBasis the rating was computed from.
	BasisVersion int64 `json:"-"`
}

// ratingRun is the last recompute of a game's ratings.
type ratingRun struct {
	Game         string `gorm:"primaryKey"`
	BasisVersion int64
	Players      int
	Matches      int
	ComputedAt   time.Time
}

func (ratingRun) TableName() string { return "rating_runs" }

// RatingRun says what a recompute did.
type RatingRun struct {
	Game    string
	Basis   int64
	Players int // players rated
	Matches int // rated games
	Periods int // rating periods (weeks) from the first rated game to the last
}

// RatingBasis fingerprints what a game's ratings are computed from: its
// finished events and their play versions. Any change to a finished event
// (a result corrected, a restore, a merge of its players) or another
// event finishing changes it.
func (s *Store) RatingBasis(ctx context.Context, game string) (int64, error) {
	var rows []struct {
		ID          int64
		PlayVersion int64
	}
	err := s.read(ctx).Raw(`SELECT v.id, (SELECT COALESCE(SUM(c.n), 0) FROM event_changes c WHERE c.event_id = v.id) AS play_version
		FROM events v WHERE v.game = ? AND v.status = ? ORDER BY v.id`, game, storage.StatusFinished).Find(&rows).Error
	if err != nil {
		return 0, wrap("rating basis", err)
	}
	h := fnv.New64a()
	for _, r := range rows {
		fmt.Fprintf(h, "%d:%d|", r.ID, r.PlayVersion)
	}
	return int64(h.Sum64()), nil
}

// RatingsStale reports whether the game's ratings were never computed or
// were computed from another basis than the events have now.
func (s *Store) RatingsStale(ctx context.Context, game string) (bool, error) {
	basis, err := s.RatingBasis(ctx, game)
	if err != nil {
		return false, err
	}
	var runs []ratingRun
	if err := s.read(ctx).Where("game = ?", game).Find(&runs).Error; err != nil {
		return false, wrap("rating run", err)
	}
	return len(runs) == 0 || runs[0].BasisVersion != basis, nil
}

// ratedGame is one rated match: players a and b (player ids), a's score,
// and the week (rating period) it was played in.
type ratedGame struct {
	week   int
	a, b   int64
	scoreA float64
}

// weekOf numbers the Monday-to-Sunday weeks: Monday 5 January 1970 began
// week 0.
func weekOf(day time.Time) int {
	d := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	days := int(d.Sub(time.Date(1970, 1, 5, 0, 0, 0, 0, time.UTC)).Hours()) / 24
	if days < 0 {
		days -= 6 // rounded down, not towards zero
	}
	return days / 7
}

// ratedGames reads every rated match of the game's finished events in one
// query (docs/ratings.md): confirmed, won or drawn, between two players. A
// bye, a match without a result and a double loss are not games; a top-cut
// match counts once, whatever its number of games.
func (s *Store) ratedGames(ctx context.Context, game string) ([]ratedGame, error) {
	rows, err := s.read(ctx).Raw(`SELECT v.starts_on, a.player_id, b.player_id, m.result
		FROM matches m JOIN events v ON v.id = m.event_id
		JOIN entries a ON a.id = m.p1_entry_id JOIN entries b ON b.id = m.p2_entry_id
		WHERE v.game = ? AND v.status = ? AND m.status = ? AND m.result IN ?
		AND a.player_id IS NOT NULL AND b.player_id IS NOT NULL AND a.player_id <> b.player_id`,
		game, storage.StatusFinished, storage.MatchConfirmed, []string{storage.ResultP1, storage.ResultP2, storage.ResultDraw}).Rows()
	if err != nil {
		return nil, wrap("rated matches", err)
	}
	defer rows.Close()
	var out []ratedGame
	for rows.Next() {
		var day time.Time
		var g ratedGame
		var result string
		if err := rows.Scan(&day, &g.a, &g.b, &result); err != nil {
			return nil, wrap("rated match", err)
		}
		g.week = weekOf(day)
		switch result {
		case storage.ResultP1:
			g.scoreA = 1
		case storage.ResultDraw:
			g.scoreA = 0.5
		}
		out = append(out, g)
	}
	return out, wrap("rated matches", rows.Err())
}

// rateWeeks rates the games with Glicko-2, one rating period per week from
// the first game's week to the last's: every player known so far is rated
// in every period, those without a game in it too (their deviation grows),
// as rating.RatePeriod does period by period. A player's idle periods are
// applied only when the player plays again (and at the end), which gives
// the same numbers without visiting every player every week.
func rateWeeks(games []ratedGame) (map[int64]*ratedPlayer, int) {
	slices.SortStableFunc(games, func(x, y ratedGame) int { return x.week - y.week })
	players := map[int64]*ratedPlayer{}
	if len(games) == 0 {
		return players, 0
	}
	first, last := games[0].week, games[len(games)-1].week
	for i := 0; i < len(games); {
		j := i
		for j < len(games) && games[j].week == games[i].week {
			j++
		}
		rateWeek(players, games[i:j], games[i].week)
		i = j
	}
	for _, p := range players {
		p.catchUp(last)
	}
	return players, last - first + 1
}

// ratedPlayer is a player's rating as of the end of week `week`.
type ratedPlayer struct {
	rating.Rating
	week    int
	matches int
}

// catchUp applies the idle periods up to the end of week w.
func (p *ratedPlayer) catchUp(w int) {
	for ; p.week < w; p.week++ {
		p.Rating = rating.Update(p.Rating, nil, rating.Tau)
	}
}

// rateWeek rates one week's games as one rating period.
func rateWeek(players map[int64]*ratedPlayer, games []ratedGame, week int) {
	results := map[int64][]rating.Result{}
	before := func(id int64) rating.Rating {
		p, ok := players[id]
		if !ok {
			p = &ratedPlayer{Rating: rating.Start, week: week - 1}
			players[id] = p
		}
		p.catchUp(week - 1)
		return p.Rating
	}
	for _, g := range games {
		ra, rb := before(g.a), before(g.b)
		results[g.a] = append(results[g.a], rating.Result{Opponent: rb, Score: g.scoreA})
		results[g.b] = append(results[g.b], rating.Result{Opponent: ra, Score: 1 - g.scoreA})
	}
	for id, res := range results {
		p := players[id]
		p.Rating = rating.Update(p.Rating, res, rating.Tau)
		p.week, p.matches = week, p.matches+len(res)
	}
}

// RecomputeRatings rates every player of the game afresh from every rated
// match of its finished events (docs/ratings.md) and stores the ratings
// in place of the game's old ones, in one transaction.
func (s *Store) RecomputeRatings(ctx context.Context, game string) (*RatingRun, error) {
	basis, err := s.RatingBasis(ctx, game)
	if err != nil {
		return nil, err
	}
	games, err := s.ratedGames(ctx, game)
	if err != nil {
		return nil, err
	}
	players, periods := rateWeeks(games)
	run := &RatingRun{Game: game, Basis: basis, Players: len(players), Matches: len(games), Periods: periods}
	now := s.now()
	rows := make([]PlayerRating, 0, len(players))
	for id, p := range players {
		rows = append(rows, PlayerRating{Game: game, PlayerID: id, Rating: p.Rating.Rating, Deviation: p.Deviation,
			Volatility: p.Volatility, Matches: p.matches, ComputedAt: now, BasisVersion: basis})
	}
	slices.SortFunc(rows, func(x, y PlayerRating) int { return cmp.Compare(x.PlayerID, y.PlayerID) })
	err = s.tx(ctx, func(tx *Store) error {
		if err := tx.with(ctx).Where("game = ?", game).Delete(&PlayerRating{}).Error; err != nil {
			return wrap("clear ratings", err)
		}
		if len(rows) > 0 {
			// 100 rows (900 values) a statement: SQLite's driver binds values
			// in a time that grows with the square of their number.
			if err := tx.with(ctx).CreateInBatches(rows, 100).Error; err != nil {
				return wrap("store ratings", err)
			}
		}
		return wrap("record rating run", tx.with(ctx).Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "game"}},
			DoUpdates: clause.AssignmentColumns([]string{"basis_version", "players", "matches", "computed_at"}),
		}).Create(&ratingRun{Game: game, BasisVersion: basis, Players: run.Players, Matches: run.Matches, ComputedAt: now}).Error)
	})
	if err != nil {
		return nil, err
	}
	return run, nil
}

// PlayerRatings lists a player's ratings, one per game they played.
func (s *Store) PlayerRatings(ctx context.Context, playerID int64) ([]PlayerRating, error) {
	var out []PlayerRating
	err := s.read(ctx).Where("player_id = ?", playerID).Order("game").Find(&out).Error
	return out, wrap("player ratings", err)
}

// RatingsOf returns the game's ratings of the players (for seeding a
// round by rating), by player id; a player without one is left out.
func (s *Store) RatingsOf(ctx context.Context, game string, playerIDs []int64) (map[int64]PlayerRating, error) {
	out := make(map[int64]PlayerRating, len(playerIDs))
	if len(playerIDs) == 0 {
		return out, nil
	}
	var rows []PlayerRating
	if err := s.read(ctx).Where("game = ? AND player_id IN ?", game, playerIDs).Find(&rows).Error; err != nil {
		return nil, wrap("ratings", err)
	}
	for _, r := range rows {
		out[r.PlayerID] = r
	}
	return out, nil
}

// RatedPlayer is a rating with the player's name, for a ratings list.
type RatedPlayer struct {
	PlayerRating
	Name string
}

// GameRatings lists a game's ratings, the highest first (then the surest),
// limit at a time from offset.
func (s *Store) GameRatings(ctx context.Context, game string, limit, offset int) ([]RatedPlayer, error) {
	var out []RatedPlayer
	err := s.read(ctx).Table("player_ratings AS r").Select("r.*, p.name").Joins("JOIN players p ON p.id = r.player_id").
		Where("r.game = ?", game).Order("r.rating DESC, r.deviation, r.player_id").Limit(limit).Offset(offset).Find(&out).Error
	return out, wrap("ratings", err)
}
