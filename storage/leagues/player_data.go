package leagues

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/pairing/league"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// PlayerData is everything stored about a player, for them to download
// (JSON): their record and the records merged into it, every entry with
// its event, decklist and result, every match with the opponent, their
// penalties, the rulings on those and on their matches, their judge calls,
// the game logs of their matches, their ratings, their season standings and
// the merges of their records. Password hashes and link secrets are never
// in it.
type PlayerData struct {
	Player    *storage.Player     `json:"player"`
	Password  bool                `json:"has_password"`
	Merged    []storage.Player    `json:"merged_records"`
	Entries   []PlayerEntry       `json:"entries"`
	Matches   []PlayerMatch       `json:"matches"`
	Penalties []PlayerPenalty     `json:"penalties"`
	Rulings   []judging.Ruling    `json:"rulings"`
	Calls     []storage.JudgeCall `json:"judge_calls"`
	GameLogs  []PlayerGameLog     `json:"game_logs"`
	Ratings   []PlayerRating      `json:"ratings"`
	Seasons   []PlayerSeason      `json:"seasons"`
	Merges    []PlayerMerge       `json:"merges"`
}

// PlayerMatch is a match from the player's side.
type PlayerMatch struct {
	MatchID int64  `json:"match_id"`
	EventID int64  `json:"event_id"`
	EntryID int64  `json:"entry_id"`
	Round   int    `json:"round"`
	Kind    string `json:"kind"` // swiss or top-cut
	TableNo *int   `json:"table_no"`
	// Opponent is the opponent's name at the event ("" for a bye).
	Opponent         string `json:"opponent"`
	OpponentPlayerID *int64 `json:"opponent_player_id,omitempty"`
	// Outcome is win, loss, draw, double-loss or bye from the player's
	// side, "" while undecided; Won and Lost count games.
	Outcome string `json:"outcome"`
	Won     int    `json:"games_won"`
	Lost    int    `json:"games_lost"`
	Drawn   int    `json:"games_drawn"`
	Status  string `json:"status"`
}

// PlayerPenalty is a penalty given to the player, with its event's name.
type PlayerPenalty struct {
	judging.RulingPenalty
	EventName string `json:"event_name"`
}

// PlayerGameLog is a game log of one of the player's matches.
type PlayerGameLog struct {
	storage.GameLog
	Body string `json:"body"`
}

// PlayerSeason is the player's line in a season that counts their events.
type PlayerSeason struct {
	SeasonID int64      `json:"season_id"`
	Name     string     `json:"name"`
	StartsOn time.Time  `json:"starts_on"`
	EndsOn   time.Time  `json:"ends_on"`
	Row      league.Row `json:"row"`
	Players  int        `json:"players"` // on the leaderboard
}

// PlayerDataOf gathers everything stored about a player (see PlayerData)
// from the record they are now.
func (s *Store) PlayerDataOf(ctx context.Context, playerID int64) (*PlayerData, error) {
	prof, err := s.PlayerProfileOf(ctx, playerID)
	if err != nil {
		return nil, err
	}
	d := &PlayerData{Player: prof.Player, Password: prof.Player.HasPassword(), Entries: prof.Entries, Ratings: prof.Ratings}
	tree, err := s.mergedTree(ctx, prof.Player.ID)
	if err != nil {
		return nil, err
	}
	if err := s.read(ctx).Where("id IN ? AND id <> ?", tree, prof.Player.ID).Order("id").Find(&d.Merged).Error; err != nil {
		return nil, wrap("merged records", err)
	}
	entryIDs, eventIDs := make([]int64, len(d.Entries)), make([]int64, len(d.Entries))
	for i, e := range d.Entries {
		entryIDs[i], eventIDs[i] = e.EntryID, e.EventID
	}
	if d.Matches, err = s.playerMatches(ctx, entryIDs, eventIDs); err != nil {
		return nil, err
	}
	if err := s.playerJudging(ctx, d, entryIDs); err != nil {
		return nil, err
	}
	if d.Seasons, err = s.playerSeasons(ctx, prof.Player.ID, prof.SeasonIDs); err != nil {
		return nil, err
	}
	if d.Merges, err = s.treeMerges(ctx, tree); err != nil {
		return nil, err
	}
	return d, nil
}

// playerMatches lists the matches of the entries (at the events given), by
// event and round.
func (s *Store) playerMatches(ctx context.Context, entryIDs, eventIDs []int64) ([]PlayerMatch, error) {
	var rows []struct {
		storage.Match
		Round            int
		Kind             string
		OpponentName     *string
		OpponentPlayerID *int64
	}
	err := s.read(ctx).Raw(`SELECT m.*, r.number AS round, r.kind, o.player_name AS opponent_name, o.player_id AS opponent_player_id
		FROM matches m JOIN rounds r ON r.id = m.round_id
		LEFT JOIN entries o ON o.id = CASE WHEN m.p1_entry_id IN ? THEN m.p2_entry_id ELSE m.p1_entry_id END
		WHERE m.event_id IN ? AND (m.p1_entry_id IN ? OR m.p2_entry_id IN ?)
		ORDER BY m.event_id, r.number, m.id`, nonEmpty(entryIDs), nonEmpty(eventIDs), nonEmpty(entryIDs), nonEmpty(entryIDs)).Find(&rows).Error
	if err != nil {
		return nil, wrap("player matches", err)
	}
	mine := map[int64]bool{}
	for _, id := range entryIDs {
		mine[id] = true
	}
	out := make([]PlayerMatch, len(rows))
	for i, r := range rows {
		pm := PlayerMatch{MatchID: r.ID, EventID: r.EventID, Round: r.Round, Kind: r.Kind, TableNo: r.TableNo,
			OpponentPlayerID: r.OpponentPlayerID, Status: r.Status}
		if r.OpponentName != nil {
			pm.Opponent = *r.OpponentName
		}
		side := storage.ResultP1
		pm.EntryID, pm.Won, pm.Lost = r.P1EntryID, r.P1Wins, r.P2Wins
		if !mine[r.P1EntryID] {
			side = storage.ResultP2
			pm.EntryID, pm.Won, pm.Lost = *r.P2EntryID, r.P2Wins, r.P1Wins
		}
		pm.Drawn = r.Draws
		pm.Outcome = outcomeFor(r.Result, side)
		out[i] = pm
	}
	return out, nil
}

// outcomeFor says a match result from one side's view.
func outcomeFor(result, side string) string {
	switch result {
	case storage.ResultP1, storage.ResultP2:
		if result == side {
			return "win"
		}
		return "loss"
	case storage.ResultDraw:
		return "draw"
	case storage.ResultBye:
		return "bye"
	case storage.ResultDoubleLoss:
		return "double-loss"
	}
	return ""
}

// playerJudging fills the penalties, rulings, judge calls and game logs
// about the entries.
func (s *Store) playerJudging(ctx context.Context, d *PlayerData, entryIDs []int64) error {
	ids := nonEmpty(entryIDs)
	if err := s.read(ctx).Table("penalties AS p").Select("p.*, v.name AS event_name").Joins("JOIN events v ON v.id = p.event_id").
		Where("p.entry_id IN ?", ids).Order("p.created_at, p.id").Find(&d.Penalties).Error; err != nil {
		return wrap("player penalties", err)
	}
	matchIDs := make([]int64, len(d.Matches))
	for i, m := range d.Matches {
		matchIDs[i] = m.MatchID
	}
	penaltyIDs := make([]int64, len(d.Penalties))
	for i, p := range d.Penalties {
		penaltyIDs[i] = p.ID
	}
	if err := s.read(ctx).Where("penalty_id IN ? OR match_id IN ?", nonEmpty(penaltyIDs), nonEmpty(matchIDs)).Order("created_at, id").Find(&d.Rulings).Error; err != nil {
		return wrap("player rulings", err)
	}
	if err := s.read(ctx).Where("entry_id IN ?", ids).Order("created_at, id").Find(&d.Calls).Error; err != nil {
		return wrap("player judge calls", err)
	}
	if err := s.read(ctx).Table("game_logs").Where("match_id IN ?", nonEmpty(matchIDs)).Order("id").Find(&d.GameLogs).Error; err != nil {
		return wrap("player game logs", err)
	}
	return nil
}

// playerSeasons ranks each season and keeps the player's row.
func (s *Store) playerSeasons(ctx context.Context, playerID int64, seasonIDs []int64) ([]PlayerSeason, error) {
	var out []PlayerSeason
	for _, id := range seasonIDs {
		b, err := s.SeasonLeaderboard(ctx, id)
		if err != nil {
			return nil, err
		}
		for _, row := range b.Board.Rows {
			if row.Player == playerID {
				out = append(out, PlayerSeason{SeasonID: id, Name: b.Season.Name, StartsOn: b.Season.StartsOn, EndsOn: b.Season.EndsOn,
					Row: row, Players: len(b.Board.Rows)})
			}
		}
	}
	return out, nil
}

// treeMerges lists the merges any of the records took part in.
func (s *Store) treeMerges(ctx context.Context, ids []int64) ([]PlayerMerge, error) {
	var ms []PlayerMerge
	err := s.read(ctx).Where("kept_id IN ? OR merged_id IN ?", ids, ids).Order("id").Find(&ms).Error
	return ms, wrap("player merges", err)
}
